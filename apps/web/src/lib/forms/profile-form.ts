import {
  addressShape,
  CONTACT_REQUIRED,
  profileIdentityShape,
  profileUpdateShape,
  whatsappWithPhone,
} from '@portal/contracts/procedures/account';
import { CEP_REQUIRED_MESSAGE, type Uf } from '@portal/validation/address';
import { todayInBrazil } from '@portal/validation/dates';
import { z } from 'zod';

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
 * 'Meus dados', with the address in flat fields: the profile's rules, the name by the person/company
 * rule and the birth date against `today`, and the CEP when any other address field is typed. Its
 * output is what `account.updateProfile` takes: e-mail lower-cased, phone and CEP in digits, the
 * address only with a CEP.
 */
export function profileSchema(company: boolean, today: string = todayInBrazil()) {
  return z
    .object(profileUpdateShape)
    .omit({ endereco: true })
    .extend({
      ...profileIdentityShape(company, today),
      ...addressShape,
      // No CEP: no address.
      cep: z.union([z.literal(''), addressShape.cep]),
    })
    .refine(...CONTACT_REQUIRED)
    .refine((values) => values.cep !== '' || ADDRESS_FIELDS.every((field) => values[field] === ''), {
      message: CEP_REQUIRED_MESSAGE,
      path: ['cep'],
    })
    .transform(({ cep, endereco, numero, complemento, cidade, uf, ...values }) => ({
      ...values,
      whatsapp: whatsappWithPhone(values),
      ...(cep === '' ? {} : { endereco: { cep, endereco, numero, complemento, cidade, uf } }),
    }));
}

export type ProfileUpdate = z.output<ReturnType<typeof profileSchema>>;
