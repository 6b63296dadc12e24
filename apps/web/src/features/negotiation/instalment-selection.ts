import { sumCents } from '@portal/validation/money';

/*
 * The individual-instalments rules of /negociacao. Pure functions over the debts (sorted by
 * due date, then contract) and the set of selected ids; the page keeps the set in state.
 *
 * Sequential mode (the creditor's parcelasIndividuaisSequenciais): instalments are chosen in due-date
 * order. A row is locked while any earlier-dated row is unselected, so checking the last row of a date
 * unlocks the next date (rows of one date, on different contracts, unlock together); unchecking a row
 * clears every later-dated row, which includes every upcoming one when the row was overdue.
 */

export interface SelectableDebt {
  id: string;
  contrato: string;
  /** due date, ISO */
  vencimento: string;
  futura: boolean;
  valorCents: number;
}

export type DebtGroup = 'atraso' | 'aVencer';

export type Selection = ReadonlySet<string>;

/** By due date, then contract number. */
export function sortDebts<T extends Pick<SelectableDebt, 'vencimento' | 'contrato'>>(
  debts: readonly T[],
): T[] {
  return [...debts].sort(
    (a, b) => a.vencimento.localeCompare(b.vencimento) || a.contrato.localeCompare(b.contrato),
  );
}

export const inGroup = (debt: Pick<SelectableDebt, 'futura'>, group: DebtGroup) =>
  group === 'aVencer' ? debt.futura : !debt.futura;

export function isLocked(
  debts: readonly SelectableDebt[],
  selected: Selection,
  debt: SelectableDebt,
  sequential: boolean,
): boolean {
  return sequential && debts.some((d) => d.vencimento < debt.vencimento && !selected.has(d.id));
}

function withoutLaterThan(debts: readonly SelectableDebt[], selected: Set<string>, vencimento: string) {
  for (const d of debts) if (d.vencimento > vencimento) selected.delete(d.id);
  return selected;
}

/** Checks or unchecks one row; a locked row does not change. */
export function toggleDebt(
  debts: readonly SelectableDebt[],
  selected: Selection,
  id: string,
  sequential: boolean,
): Selection {
  const debt = debts.find((d) => d.id === id);
  if (!debt || isLocked(debts, selected, debt, sequential)) return selected;
  const next = new Set(selected);
  if (!next.has(id)) return next.add(id);
  next.delete(id);
  return sequential ? withoutLaterThan(debts, next, debt.vencimento) : next;
}

/** Every row of the group is selected (the select-all box's state). */
export function isGroupSelected(debts: readonly SelectableDebt[], selected: Selection, group: DebtGroup) {
  const rows = debts.filter((d) => inGroup(d, group));
  return rows.length > 0 && rows.every((d) => selected.has(d.id));
}

/** In sequential mode the upcoming group's select-all shows only once every overdue row is selected. */
export function canSelectAllUpcoming(
  debts: readonly SelectableDebt[],
  selected: Selection,
  sequential: boolean,
) {
  return !sequential || debts.filter((d) => !d.futura).every((d) => selected.has(d.id));
}

/** The select-all box: selects the whole group, or clears it when it was all selected. */
export function toggleGroup(
  debts: readonly SelectableDebt[],
  selected: Selection,
  group: DebtGroup,
  sequential: boolean,
): Selection {
  const rows = debts.filter((d) => inGroup(d, group));
  const next = new Set(selected);
  if (isGroupSelected(debts, selected, group)) {
    for (const d of rows) next.delete(d.id);
    if (sequential && group === 'atraso') for (const d of debts) if (d.futura) next.delete(d.id);
    return next;
  }
  if (group === 'aVencer' && !canSelectAllUpcoming(debts, selected, sequential)) return selected;
  for (const d of rows) next.add(d.id);
  return next;
}

/** The 'preencher' flag: every overdue row selected, nothing else. */
export function overdueSelection(debts: readonly SelectableDebt[]): Selection {
  return new Set(debts.filter((d) => !d.futura).map((d) => d.id));
}

export function selectedDebts<T extends SelectableDebt>(debts: readonly T[], selected: Selection): T[] {
  return debts.filter((d) => selected.has(d.id));
}

export function selectionTotal(debts: readonly SelectableDebt[], selected: Selection): number {
  return sumCents(selectedDebts(debts, selected).map((d) => d.valorCents));
}
