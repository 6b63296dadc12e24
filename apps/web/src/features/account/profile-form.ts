import { UFS, type Uf } from '@portal/validation/address';
import { isValidBirthDate } from '@portal/validation/birth-date';
import { CEP_INVALID_MESSAGE, isValidCep } from '@portal/validation/cep';
import { todayInBrazil } from '@portal/validation/dates';
import { EMAIL_INVALID_MESSAGE, isValidEmail, normalizeEmail } from '@portal/validation/email';
import { digitsOnly } from '@portal/validation/mask';
import { isValidName, NAME_INVALID_MESSAGE } from '@portal/validation/names';
import { isValidLandlineOrMobile, PHONE_INVALID_MESSAGE } from '@portal/validation/phone';
import { z } from 'zod';

export const DATE_INVALID_MESSAGE = 'Data inválida';
/** Spec §5: the profile is not saved with neither an e-mail nor a phone. */
export const CONTACT_REQUIRED_MESSAGE = 'Informe um e-mail ou um celular.';
/** The address goes only with a CEP (spec §2): anything else typed without one would be lost silently. */
export const CEP_REQUIRED_MESSAGE = 'Informe o CEP para salvar o endereço.';

const ADDRESS_FIELDS = ['endereco', 'numero', 'complemento', 'cidade', 'uf'] as const;

/** The form's text, as typed (masked). */
export interface ProfileFormValues {
  nome: string;
  dtNascimento: string;
  email: string;
  telefone: string;
  whatsapp: boolean;
  cep: string;
  endereco: string;
  numero: string;
  complemento: string;
  cidade: string;
  uf: Uf | '';
}

/**
 * 'Meus dados' (spec §2, §5): name by the person/company rule, a real past date of at most 130 years,
 * e-mail and phone each optional but not both, a landline or a mobile, the CEP when there is an address.
 * Its output is what `account.updateProfile` takes: e-mail lower-cased, phone and CEP in digits, the
 * address only with a CEP.
 */
export function profileSchema(company: boolean, today: string = todayInBrazil()) {
  return z
    .object({
      nome: z.string().refine((nome) => isValidName(nome, company), NAME_INVALID_MESSAGE),
      dtNascimento: z.string().refine((date) => isValidBirthDate(date, today), DATE_INVALID_MESSAGE),
      email: z
        .string()
        .transform(normalizeEmail)
        .refine((email) => email === '' || isValidEmail(email), EMAIL_INVALID_MESSAGE),
      telefone: z
        .string()
        .refine((phone) => digitsOnly(phone) === '' || isValidLandlineOrMobile(phone), PHONE_INVALID_MESSAGE),
      whatsapp: z.boolean(),
      cep: z.string().refine((cep) => cep === '' || isValidCep(cep), CEP_INVALID_MESSAGE),
      endereco: z.string().max(200),
      numero: z.string().max(20),
      complemento: z.string().max(100),
      cidade: z.string().max(100),
      uf: z.union([z.literal(''), z.enum(UFS)]),
    })
    .superRefine((values, ctx) => {
      if (values.email === '' && digitsOnly(values.telefone) === '') {
        ctx.addIssue({ code: 'custom', path: ['email'], message: CONTACT_REQUIRED_MESSAGE });
      }
      const addressTyped = ADDRESS_FIELDS.some((field) => values[field].trim() !== '');
      if (values.cep === '' && addressTyped) {
        ctx.addIssue({ code: 'custom', path: ['cep'], message: CEP_REQUIRED_MESSAGE });
      }
    })
    .transform(({ cep, endereco, numero, complemento, cidade, uf, ...values }) => ({
      ...values,
      nome: values.nome.trim().replace(/\s+/g, ' '),
      telefone: digitsOnly(values.telefone),
      // A WhatsApp number needs a number.
      whatsapp: values.whatsapp && digitsOnly(values.telefone) !== '',
      ...(cep === ''
        ? {}
        : {
            endereco: {
              cep: digitsOnly(cep),
              endereco: endereco.trim(),
              numero: numero.trim(),
              complemento: complemento.trim(),
              cidade: cidade.trim(),
              uf,
            },
          }),
    }));
}

export type ProfileUpdate = z.output<ReturnType<typeof profileSchema>>;
