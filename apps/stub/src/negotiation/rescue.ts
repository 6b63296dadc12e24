import type { AgreementQueryResult } from '@portal/contracts/upstream/entities';
import { addBusinessDays, monthlyOnDay, parseBrDate } from '@portal/validation/dates';
import { type LedgerInstalment, monthly } from './agreements';

/**
 * What keeps an agreement alive, or ends it: the creditor's tolerance after a due date, and the two changes
 * a person may ask for (an instalment moved to the end, the due day changed).
 */

/**
 * The day an agreement was cancelled, if it was: the first day past the tolerance of an instalment not paid
 * by then. An instalment due on D keeps the agreement while it is paid within `tolerance` business days
 * after D (weekends and national holidays left out); a payment counts on the day it was confirmed. A late
 * payment does not bring a cancelled agreement back.
 */
export function cancellationDay(
  parcelas: AgreementQueryResult['parcelasAcordo'],
  today: string,
  tolerance: number,
): string | undefined {
  let cancelled: string | undefined;
  for (const p of parcelas) {
    const due = parseBrDate(p.dataVencimento);
    if (!due) continue;
    const beyond = addBusinessDays(due, tolerance + 1);
    if (beyond > today) continue;
    const paid = p.status === 'PAGO' ? (parseBrDate(p.dataPagamento ?? '') ?? due) : undefined;
    if (paid !== undefined && paid < beyond) continue;
    if (cancelled === undefined || beyond < cancelled) cancelled = beyond;
  }
  return cancelled;
}

/**
 * Moves the instalment `numero` to the end: each later one takes the number before its own, keeping its date
 * and value, and the last number gets the moved value, due a month (30 days, forward to a business day) after
 * the former last date. Answers the new instalments and each number's new one (old → new).
 */
export function moveToEnd(
  instalments: readonly LedgerInstalment[],
  numero: number,
): { instalments: LedgerInstalment[]; renumbered: Map<number, number> } {
  const sorted = [...instalments].sort((a, b) => a.numero - b.numero);
  const moved = sorted.find((i) => i.numero === numero);
  const last = sorted.at(-1);
  if (!moved || !last || last === moved)
    throw new RangeError(`moveToEnd: ${numero} is not a middle instalment`);
  const renumbered = new Map<number, number>();
  const result = sorted
    .filter((i) => i !== moved)
    .map((i) => {
      if (i.numero < numero) return { ...i };
      renumbered.set(i.numero, i.numero - 1);
      return { ...i, numero: i.numero - 1 };
    });
  renumbered.set(numero, last.numero);
  result.push({ numero: last.numero, due: monthly(last.due, 1), cents: moved.cents, status: 'EM ABERTO' });
  return { instalments: result, renumbered };
}

/** Every instalment not in `paid` falls due on day `dia` from the next such day after today (`monthlyOnDay`). */
export function onDueDay(
  instalments: readonly LedgerInstalment[],
  paid: ReadonlySet<number>,
  today: string,
  dia: number,
): LedgerInstalment[] {
  const sorted = [...instalments].sort((a, b) => a.numero - b.numero);
  const dates = monthlyOnDay(today, dia, sorted.filter((i) => !paid.has(i.numero)).length);
  let next = 0;
  return sorted.map((i) => (paid.has(i.numero) ? { ...i } : { ...i, due: dates[next++] ?? i.due }));
}
