import { DUE_DAY_MAX, monthlyOnDay } from '@portal/validation/dates';

/** A creditor as 'Tudo no mesmo dia' may ask it: the latest payment date of each contract it offers. */
interface CreditorWindow {
  nome: string;
  /** per contract with offers, the latest day its offers may be paid (their dataMaxVencimento) */
  vencimentosMax: readonly string[];
}

/**
 * The days 'Tudo no mesmo dia' offers: each day of the month (1–28) whose payment date (its first
 * occurrence after today, past a weekend or holiday: what `debts.sameDay` asks for) some creditor takes
 * for a contract, with the creditors that take none on it, so the page says at once who refuses that
 * day. A day no creditor takes is not offered.
 */
export function sameDayDays(today: string, creditors: readonly CreditorWindow[]) {
  const asked = creditors.filter((c) => c.vencimentosMax.length > 0);
  return Array.from({ length: DUE_DAY_MAX }, (_, i) => i + 1).flatMap((dia) => {
    const [vencimento = today] = monthlyOnDay(today, dia, 1);
    const recusam = asked.filter((c) => c.vencimentosMax.every((max) => max < vencimento)).map((c) => c.nome);
    return recusam.length === asked.length ? [] : [{ dia, vencimento, recusam }];
  });
}
