import {
  SUMMARY_RETURN_INVALID_MESSAGE,
  SUMMARY_RETURN_MAX_LENGTH,
  SUMMARY_RETURN_PATTERN,
} from '@portal/validation/return-path';
import { z } from 'zod';
import { codcredor, contrato, isoDate } from './fields';

/** negotiation.contracts: a creditor's contracts with the user. */
export const contractsInput = z.object({ codcredor });

/** negotiation.offers: a contract's proposals and open instalments (valued for `vencimento` when given). */
export const offersInput = z.object({
  codcredor,
  contrato,
  vencimento: isoDate.optional(),
  propostas: z.boolean(),
  dividas: z.boolean(),
});

/** negotiation.saveSummary: a proposal (modo '1') or instalments and a payment date (modo '2'). */
export const saveSummaryInput = z.object({
  codcredor,
  contrato,
  formaPagamento: z.enum(['boleto', 'cartao', 'pix']),
  /** the page that built the summary, with its query: the summary's back target */
  retorno: z
    .string()
    .max(SUMMARY_RETURN_MAX_LENGTH)
    .regex(SUMMARY_RETURN_PATTERN, SUMMARY_RETURN_INVALID_MESSAGE),
  selecao: z.discriminatedUnion('modo', [
    z.object({ modo: z.literal('1'), idProposta: z.string().min(1).max(100) }),
    z.object({
      modo: z.literal('2'),
      parcelas: z.array(z.string().min(1).max(60)).min(1).max(200),
      vencimento: isoDate,
    }),
  ]),
});
