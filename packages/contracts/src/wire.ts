import { z } from 'zod';

/** Amounts travel as Brazilian-formatted strings ('1.234,56', optionally with 'R$'); parsed to cents at the boundary. */
export const moneyString = z.string().regex(/^(R\$\s?)?\d{1,3}(\.\d{3})*,\d{2}$/, 'valor monetário inválido');

/** Dates travel as dd/MM/yyyy. */
export const brDate = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'data inválida');

/** CPF or CNPJ as the upstream sends it: digits, or digits and letters for the alphanumeric CNPJ. */
export const documentDigits = z.string().regex(/^[0-9A-Z]{11}$|^[0-9A-Z]{14}$/, 'CPF/CNPJ inválido');

/** Error body of every upstream REST failure. */
export const upstreamErrorBody = z.object({ msg: z.string() });
export type UpstreamErrorBody = z.infer<typeof upstreamErrorBody>;

/** Success envelope of every upstream REST reply: `{ data: … }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });
