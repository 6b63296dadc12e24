import { isCompanyDocument } from '@portal/validation/document';
import { isValidName, NAME_INVALID_MESSAGE } from '@portal/validation/names';
import { z } from 'zod';
import { documentField, emailField, mobileField, nameText } from './fields';

/**
 * The fields of a registration, to compose from: the name's rule depends on the document, so it is
 * checked by NAME_FITS_DOCUMENT here, or by `nameField(company)` where the form knows the kind.
 */
export const registrationShape = {
  cpfCnpj: documentField,
  nome: nameText,
  email: emailField(),
  telefone: mobileField(),
  whatsapp: z.boolean(),
  /** the marketing consent exactly as the user ticked it */
  notificacao: z.boolean(),
};

/** `.refine(...NAME_FITS_DOCUMENT)`: a person's full name for a CPF, a 'Razão Social' for a CNPJ. */
const NAME_FITS_DOCUMENT: [
  (values: { cpfCnpj: string; nome: string }) => boolean,
  { message: string; path: string[] },
] = [
  (values) => isValidName(values.nome, isCompanyDocument(values.cpfCnpj)),
  { message: NAME_INVALID_MESSAGE, path: ['nome'] },
];

/** registration.register */
export const registrationInput = z.object(registrationShape).refine(...NAME_FITS_DOCUMENT);

/** registration.checkContacts: the e-mail and the mobile, both to be unused before the terms step. */
export const checkContactsInput = z.object({
  email: registrationShape.email,
  telefone: registrationShape.telefone,
});
