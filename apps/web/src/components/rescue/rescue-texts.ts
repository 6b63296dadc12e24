import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import type { AgreementInProgress, RouterOutputs } from '../../lib/api/trpc';

/** An instalment overdue, as /acordos and Minha conta's warnings have it. */
export type Overdue = NonNullable<AgreementInProgress['atraso']>;
/** An agreement the upstream cancelled: when, what was paid and what remained. */
export type Cancelled = NonNullable<AgreementInProgress['cancelado']>;
/** One agreement of Minha conta's warnings. */
export type AttentionItem = RouterOutputs['agreements']['attention'][number];

/** The agreement a rescue modal acts on; the creditor's name says who gets the request. */
export interface RescueTarget {
  codcredor: string;
  contrato: string;
  credor: string;
}

/** 'dd/mm' of an ISO day. */
const dayMonth = (iso: string) => formatBrDate(iso).slice(0, 5);

/** How many business days are left to pay, today included; nothing once the last one has passed. */
export function daysLeftText(days: number | null): string | null {
  if (days === null || days < 0) return null;
  if (days === 0) return 'Último dia útil para pagar: hoje.';
  return days === 1 ? 'Falta 1 dia útil.' : `Faltam ${days} dias úteis.`;
}

/** The overdue notice's lines: when it fell due and until when paying keeps the agreement. */
export function overdueLines(atraso: Overdue): string[] {
  const venceu = `A parcela ${atraso.numero} venceu em ${dayMonth(atraso.vencimento)}.`;
  if (atraso.pagueAte === null) return [`${venceu} Pague o quanto antes para manter seu acordo.`];
  const left = daysLeftText(atraso.diasUteisRestantes);
  return [
    `${venceu} Pague até ${dayMonth(atraso.pagueAte)} para manter seu acordo.`,
    ...(left ? [left] : []),
  ];
}

/** A cancelled agreement said plainly: when, why, what was paid and what was still owed. */
export function cancelledLines(cancelado: Cancelled): string[] {
  const when = cancelado.canceladoEm ? ` em ${formatBrDate(cancelado.canceladoEm)}` : '';
  return [
    `Este acordo foi cancelado${when} porque uma parcela não foi paga no prazo.`,
    `Você já pagou ${formatMoney(cancelado.pagoCents)}.`,
    `Faltavam ${formatMoney(cancelado.restanteCents)}.`,
    'Com o cancelamento, o desconto do acordo deixa de valer e o credor volta a cobrar juros sobre o que faltava: por isso o saldo para renegociar pode ser maior do que esse valor.',
  ];
}

export const MOVED_TEXT = 'Pronto! A parcela foi movida para o fim do acordo.';
export const SHIFTED_TEXT = 'Datas em fim de semana ou feriado passam para o próximo dia útil.';

/** Some of these unpaid dates are not on the day chosen: a weekend or holiday moved them forward. */
export const shiftedFrom = (dia: number, dates: readonly string[]) =>
  dates.some((iso) => Number(iso.slice(8, 10)) !== dia);

/** The success of a new payment day, saying when a date was moved to the next business day. */
export function dayChangedText(dia: number, unpaidDates: readonly string[]): string {
  const done = `Pronto! Suas parcelas agora vencem no dia ${dia}.`;
  return shiftedFrom(dia, unpaidDates) ? `${done} ${SHIFTED_TEXT}` : done;
}
