import { DUE_DAY_MAX } from '@portal/validation/dates';
import { z } from 'zod';
import { codcredor, contrato } from './fields';

/** An amount of the budget step in cents, as the page hands it over: none negative, none absurd. */
const cents = z.number().int().min(0).max(100_000_000);

/**
 * budget.save: 'Cabe no meu bolso?' — the net monthly income, the essential expenses in a few plain
 * categories, and the instalments already paid each month.
 */
export const budgetInput = z.object({
  renda: cents,
  despesas: z.object({
    moradia: cents,
    alimentacao: cents,
    transporte: cents,
    saude: cents,
    educacao: cents,
    contas: cents,
  }),
  outrasParcelas: cents,
});

export type Budget = z.output<typeof budgetInput>;

/** debts.sameDay: 'Tudo no mesmo dia', the day of the month every agreement would be paid on. */
export const sameDayInput = z.object({ dia: z.number().int().min(1).max(DUE_DAY_MAX) });

/** The most contracts one 'Tudo no mesmo dia' review takes (a person's contracts fit well within it). */
const SAME_DAY_MAX_ITEMS = 20;

/**
 * debts.sameDayReview: the offers chosen on 'Tudo no mesmo dia', one per contract (the BFF refuses two), each with its way to
 * pay (a boleto or a PIX of its own: a card is paid on the creditor's site, one agreement at a time).
 */
export const sameDayReviewInput = z.object({
  itens: z
    .array(
      z.object({
        codcredor,
        contrato,
        idProposta: z.string().min(1).max(100),
        formaPagamento: z.enum(['boleto', 'pix']),
      }),
    )
    .min(1)
    .max(SAME_DAY_MAX_ITEMS),
});
