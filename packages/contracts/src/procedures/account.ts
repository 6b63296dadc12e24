import { UFS } from '@portal/validation/address';
import { BIRTH_DATE_INVALID_MESSAGE, isValidBirthDate } from '@portal/validation/birth-date';
import { CEP_INVALID_MESSAGE, isValidCep } from '@portal/validation/cep';
import { CONTACT_REQUIRED_MESSAGE } from '@portal/validation/contact';
import { digitsOnly } from '@portal/validation/mask';
import {
  PASSWORD_CURRENT_REQUIRED_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_NEW_REQUIRED_MESSAGE,
} from '@portal/validation/password';
import { isValidPhone, PHONE_INVALID_MESSAGE } from '@portal/validation/phone';
import {
  RATING_COMMENT_MAX,
  RATING_COMMENT_TOO_LONG_MESSAGE,
  RATING_INVALID_MESSAGE,
  RATING_MAX,
  RATING_MIN,
} from '@portal/validation/rating';
import { z } from 'zod';
import {
  emailOrBlankField,
  nameField,
  nameText,
  newPasswordShape,
  PASSWORDS_MATCH,
  PHONE_MAX_LENGTH,
} from './fields';

const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim());

/** An address: a valid CEP (handed over in digits), its text fields trimmed, a state or ''. */
export const addressShape = {
  cep: z.string().max(9).transform(digitsOnly).refine(isValidCep, CEP_INVALID_MESSAGE),
  endereco: trimmed(200),
  numero: trimmed(20),
  complemento: trimmed(100),
  cidade: trimmed(100),
  uf: z.union([z.literal(''), z.enum(UFS)]),
};

/**
 * 'Meus dados', to compose from. The name's rule depends on the kind of document and the birth date's
 * on today, so account.updateProfile checks both against the session; both it and the form add them
 * with `profileIdentityShape(company, today)`.
 */
export const profileUpdateShape = {
  nome: nameText,
  /** dd/mm/yyyy */
  dtNascimento: z.string().max(10),
  email: emailOrBlankField(),
  /**
   * 'Celular': a mobile by the one rule every mobile field follows (isValidPhone: 11 digits, a known DDD,
   * 9 first), as SMS reaches; a landline is refused. Handed over in digits; '' keeps none.
   */
  telefone: z
    .string()
    .max(PHONE_MAX_LENGTH)
    .transform(digitsOnly)
    .refine((phone) => phone === '' || isValidPhone(phone), PHONE_INVALID_MESSAGE),
  whatsapp: z.boolean(),
  endereco: z.object(addressShape).optional(),
};

/** `.refine(...CONTACT_REQUIRED)`: an e-mail, a phone or both, never neither (said under the e-mail). */
export const CONTACT_REQUIRED: [
  (values: { email: string; telefone: string }) => boolean,
  { message: string; path: string[] },
] = [
  (values) => values.email !== '' || values.telefone !== '',
  { message: CONTACT_REQUIRED_MESSAGE, path: ['email'] },
];

/**
 * The current password, typed again for a change that could hand the account to someone else (its e-mail,
 * its phone, its deletion) when the sign-in is not recent; the BFF says when it is needed.
 */
const passwordAgain = z
  .string()
  .min(1, PASSWORD_CURRENT_REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH)
  .optional();

/** account.updateProfile */
export const profileUpdateInput = z
  .object({ ...profileUpdateShape, senha: passwordAgain })
  .refine(...CONTACT_REQUIRED);

/** account.deleteAccount: `{}`, or the current password typed again. */
export const deleteAccountInput = z.object({ senha: passwordAgain });

/** A birth (or foundation) date: a real date, not after `today`, of an age of at most 130 years. */
const birthDateField = (today: string) =>
  profileUpdateShape.dtNascimento.refine((date) => isValidBirthDate(date, today), BIRTH_DATE_INVALID_MESSAGE);

/**
 * The profile's rules that depend on who and when: the name by the kind of document (person or company),
 * the birth date against `today`. The 'Meus dados' form and account.updateProfile both compose them.
 */
export const profileIdentityShape = (company: boolean, today: string) => ({
  nome: nameField(company),
  dtNascimento: birthDateField(today),
});

/** A WhatsApp number needs a number: the flag goes upstream only with a phone. */
export const whatsappWithPhone = (values: { whatsapp: boolean; telefone: string }) =>
  values.whatsapp && values.telefone !== '';

/** account.changePassword: the current password, the new one and its confirmation. */
export const changePasswordInput = z
  .object({
    senha: z.string().min(1, PASSWORD_CURRENT_REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
    ...newPasswordShape(PASSWORD_NEW_REQUIRED_MESSAGE),
  })
  .refine(...PASSWORDS_MATCH);

/** account.setNotifications: the marketing consent. */
export const notificationsInput = z.object({ notificacao: z.boolean() });

/** account.rate: a whole score from 0 to 10 and an optional comment. */
export const ratingInput = z.object({
  nota: z
    .number(RATING_INVALID_MESSAGE)
    .int(RATING_INVALID_MESSAGE)
    .min(RATING_MIN, RATING_INVALID_MESSAGE)
    .max(RATING_MAX, RATING_INVALID_MESSAGE),
  comentario: z.string().max(RATING_COMMENT_MAX, RATING_COMMENT_TOO_LONG_MESSAGE).optional(),
});
