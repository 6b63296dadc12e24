import {
  CONTRACT_INVALID_MESSAGE,
  CONTRACT_NUMBER_PATTERN,
  CREDITOR_CODE_PATTERN,
  CREDITOR_INVALID_MESSAGE,
} from '@portal/validation/contract';
import { DATE_INVALID_MESSAGE } from '@portal/validation/dates';
import { DOCUMENT_INVALID_MESSAGE, isValidDocument, normalizeDocument } from '@portal/validation/document';
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX_LENGTH,
  isBlankOrValidEmail,
  isValidEmail,
  normalizeEmail,
} from '@portal/validation/email';
import { isValidName, NAME_INVALID_MESSAGE, NAME_MAX_LENGTH } from '@portal/validation/names';
import {
  isAcceptablePassword,
  PASSWORD_CONFIRMATION_REQUIRED_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
} from '@portal/validation/password';
import { isValidPhone, normalizePhone, PHONE_INVALID_MESSAGE } from '@portal/validation/phone';
import { z } from 'zod';

/**
 * The fields several procedures share. A form whose shape differs from its procedure's input composes
 * its schema from these, so a rule and its message are stated here once.
 */

/** Longer than any masked CPF/CNPJ; refused before the check digits are computed. */
const DOCUMENT_MAX_LENGTH = 40;
/** Longer than any masked phone number. */
export const PHONE_MAX_LENGTH = 20;

/** A CPF or CNPJ, masked or not: valid by its check digits, handed over normalized ('52998224725'). */
export const documentField = z
  .string()
  .max(DOCUMENT_MAX_LENGTH)
  .refine(isValidDocument, DOCUMENT_INVALID_MESSAGE)
  .transform(normalizeDocument);

/** A name as typed, trimmed and single-spaced; its rule depends on the document (see nameField). */
export const nameText = z
  .string()
  .max(NAME_MAX_LENGTH)
  .transform((nome) => nome.trim().replace(/\s+/g, ' '));

/** A person's full name, or a company's 'Razão Social' when `company`. */
export const nameField = (company: boolean) =>
  nameText.refine((nome) => isValidName(nome, company), NAME_INVALID_MESSAGE);

/** An e-mail, trimmed and lower-cased, by the e-mail rule; `message` is the screen's wording. */
export const emailField = (message: string = EMAIL_INVALID_MESSAGE) =>
  z.string().max(EMAIL_MAX_LENGTH).transform(normalizeEmail).refine(isValidEmail, message);

/** The same, or '' when none is typed. */
export const emailOrBlankField = (message: string = EMAIL_INVALID_MESSAGE) =>
  z.string().max(EMAIL_MAX_LENGTH).transform(normalizeEmail).refine(isBlankOrValidEmail, message);

/** A mobile number (masked or not), handed over in digits; `message` is the screen's wording. */
export const mobileField = (message: string = PHONE_INVALID_MESSAGE) =>
  z.string().max(PHONE_MAX_LENGTH).transform(normalizePhone).refine(isValidPhone, message);

/** A mobile number as typed (the receiver keeps its digits), or '' when none is typed. */
export const mobileOrBlankField = (message: string = PHONE_INVALID_MESSAGE) =>
  z
    .string()
    .max(PHONE_MAX_LENGTH)
    .refine((phone) => phone === '' || isValidPhone(phone), message);

/**
 * A new password by the password rule and its confirmation, to spread into an object; `requiredMessage`
 * names the empty new password as the screen does. Match them with `.refine(...PASSWORDS_MATCH)`.
 */
export const newPasswordShape = (requiredMessage: string) => ({
  novaSenha: z
    .string()
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH)
    .refine(isAcceptablePassword, PASSWORD_RULE_MESSAGE),
  confirmacao: z.string().min(1, PASSWORD_CONFIRMATION_REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
});

interface NewPasswordValues {
  novaSenha: string;
  confirmacao: string;
}

/** `.refine(...PASSWORDS_MATCH)`: the confirmation equals the new password, else the message goes under it. */
export const PASSWORDS_MATCH: [(values: NewPasswordValues) => boolean, { message: string; path: string[] }] =
  [
    (values) => values.novaSenha === values.confirmacao,
    { message: PASSWORD_MISMATCH_MESSAGE, path: ['confirmacao'] },
  ];

/** A creditor's code. */
export const codcredor = z.string().regex(CREDITOR_CODE_PATTERN, CREDITOR_INVALID_MESSAGE);
/** A contract number. */
export const contrato = z.string().regex(CONTRACT_NUMBER_PATTERN, CONTRACT_INVALID_MESSAGE);
/** A real calendar date, 'YYYY-MM-DD'. */
export const isoDate = z.iso.date(DATE_INVALID_MESSAGE);
