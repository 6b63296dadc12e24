import { padDocument } from '@portal/validation/document';
import { z } from 'zod';

/**
 * Amounts travel as Brazilian-formatted strings with two decimal places, optionally after 'R$', with or
 * without thousands separators ('1234,56', '1.234,56', 'R$ 1.234,56'); parsed to cents at the boundary.
 */
export const moneyString = z
  .string()
  .regex(/^(R\$\s?)?(\d+|\d{1,3}(\.\d{3})+),\d{2}$/, 'valor monetário inválido');

/** Dates travel as dd/MM/yyyy. */
export const brDate = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'data inválida');

/** CPF or CNPJ as the upstream sends it: digits, or digits and letters for the alphanumeric CNPJ. */
export const documentDigits = z.string().regex(/^[0-9A-Z]{11}$|^[0-9A-Z]{14}$/, 'CPF/CNPJ inválido');

/**
 * CPF or CNPJ in an upstream reply. The upstream may keep a numeric document as a number and send it
 * without its leading zeros: 11 digits or fewer is a CPF, 12 or 13 a numeric CNPJ, padded back here so
 * the portal only ever holds complete documents. An alphanumeric CNPJ comes whole and is kept as sent.
 */
export const upstreamDocument = z
  .string()
  .regex(/^[0-9]{1,14}$|^[0-9A-Z]{12}[0-9]{2}$/, 'CPF/CNPJ inválido')
  .transform(padDocument);

/** Error body of every upstream REST failure. */
export const upstreamErrorBody = z.object({ msg: z.string() });

/** Success envelope of every upstream REST reply: `{ data: … }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
