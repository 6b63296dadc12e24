import { describe, expect, it } from 'vitest';
import {
  canSelectAllUpcoming,
  isGroupSelected,
  isLocked,
  overdueSelection,
  type SelectableDebt,
  type Selection,
  selectionTotal,
  sortDebts,
  toggleDebt,
  toggleGroup,
} from './instalment-selection';

const debt = (id: string, vencimento: string, futura: boolean, contrato = '4587120093'): SelectableDebt => ({
  id,
  contrato,
  vencimento,
  futura,
  valorCents: 10_000 + Number(id.replace(/\D/g, '')),
});

// Maria's sequential contract: four overdue, three upcoming.
const DEBTS = sortDebts([
  debt('a3', '2026-11-18', false),
  debt('a1', '2026-08-20', false),
  debt('f1', '2026-12-18', true),
  debt('a2', '2026-09-19', false),
  debt('f3', '2027-02-16', true),
  debt('a0', '2026-07-21', false),
  debt('f2', '2027-01-17', true),
]);
const ids = (s: Selection) => [...s].sort();
const none: Selection = new Set();

/** Checks rows one by one, in sequential mode. */
const check = (...rows: string[]) => rows.reduce((s, id) => toggleDebt(DEBTS, s, id, true), none);

describe('sortDebts', () => {
  it('orders by due date, then by contract number', () => {
    const sorted = sortDebts([
      debt('x', '2026-09-01', false, '900'),
      debt('y', '2026-08-01', false, '999'),
      debt('z', '2026-09-01', false, '100'),
    ]);
    expect(sorted.map((d) => d.id)).toEqual(['y', 'z', 'x']);
  });
});

describe('free mode', () => {
  it('checks and unchecks any row in any order', () => {
    let s = toggleDebt(DEBTS, none, 'f3', false);
    s = toggleDebt(DEBTS, s, 'a2', false);
    expect(ids(s)).toEqual(['a2', 'f3']);
    expect(ids(toggleDebt(DEBTS, s, 'a2', false))).toEqual(['f3']);
  });

  it('locks nothing and always offers the upcoming select-all', () => {
    expect(DEBTS.some((d) => isLocked(DEBTS, none, d, false))).toBe(false);
    expect(canSelectAllUpcoming(DEBTS, none, false)).toBe(true);
  });

  it('selects and clears a whole group', () => {
    const s = toggleGroup(DEBTS, none, 'aVencer', false);
    expect(ids(s)).toEqual(['f1', 'f2', 'f3']);
    expect(isGroupSelected(DEBTS, s, 'aVencer')).toBe(true);
    expect(ids(toggleGroup(DEBTS, s, 'aVencer', false))).toEqual([]);
  });
});

describe('sequential mode', () => {
  it('unlocks only the earliest due date at first', () => {
    const unlocked = DEBTS.filter((d) => !isLocked(DEBTS, none, d, true)).map((d) => d.id);
    expect(unlocked).toEqual(['a0']);
  });

  it('refuses a locked row', () => {
    expect(toggleDebt(DEBTS, none, 'a2', true)).toBe(none);
    expect(toggleDebt(DEBTS, none, 'f1', true)).toBe(none);
  });

  it('checking one unlocks the next due date', () => {
    const s = check('a0');
    expect(isLocked(DEBTS, s, DEBTS[1] as SelectableDebt, true)).toBe(false);
    expect(isLocked(DEBTS, s, DEBTS[2] as SelectableDebt, true)).toBe(true);
    expect(ids(check('a0', 'a1', 'a2'))).toEqual(['a0', 'a1', 'a2']);
  });

  it('upcoming instalments need every overdue one first', () => {
    expect(ids(check('a0', 'a1', 'a2', 'f1'))).toEqual(['a0', 'a1', 'a2']);
    expect(ids(check('a0', 'a1', 'a2', 'a3', 'f1'))).toEqual(['a0', 'a1', 'a2', 'a3', 'f1']);
  });

  it('unchecking one clears and locks every later-dated one, upcoming included', () => {
    const all = check('a0', 'a1', 'a2', 'a3', 'f1', 'f2');
    const s = toggleDebt(DEBTS, all, 'a1', true);
    expect(ids(s)).toEqual(['a0']);
    expect(DEBTS.filter((d) => isLocked(DEBTS, s, d, true)).map((d) => d.id)).toEqual([
      'a2',
      'a3',
      'f1',
      'f2',
      'f3',
    ]);
  });

  it('unchecking an upcoming one keeps the earlier ones', () => {
    const all = check('a0', 'a1', 'a2', 'a3', 'f1', 'f2', 'f3');
    expect(ids(toggleDebt(DEBTS, all, 'f2', true))).toEqual(['a0', 'a1', 'a2', 'a3', 'f1']);
  });

  it('unlocks rows of one due date together and keeps a sibling when one is unchecked', () => {
    const debts = sortDebts([
      debt('b1', '2026-08-01', false, '111'),
      debt('c1', '2026-08-01', false, '222'),
      debt('b2', '2026-09-01', false, '111'),
    ]);
    expect(debts.filter((d) => !isLocked(debts, none, d, true)).map((d) => d.id)).toEqual(['b1', 'c1']);
    let s = toggleDebt(debts, none, 'b1', true);
    expect(isLocked(debts, s, debts[2] as SelectableDebt, true)).toBe(true);
    s = toggleDebt(debts, s, 'c1', true);
    s = toggleDebt(debts, s, 'b2', true);
    expect(ids(toggleDebt(debts, s, 'c1', true))).toEqual(['b1']);
  });

  it('offers the upcoming select-all only when every overdue row is checked', () => {
    expect(canSelectAllUpcoming(DEBTS, check('a0', 'a1', 'a2'), true)).toBe(false);
    expect(toggleGroup(DEBTS, check('a0'), 'aVencer', true)).toEqual(check('a0'));
    const overdue = check('a0', 'a1', 'a2', 'a3');
    expect(canSelectAllUpcoming(DEBTS, overdue, true)).toBe(true);
    expect(ids(toggleGroup(DEBTS, overdue, 'aVencer', true))).toHaveLength(7);
  });

  it('the overdue select-all checks them all; clearing it clears the upcoming ones too', () => {
    const s = toggleGroup(DEBTS, none, 'atraso', true);
    expect(ids(s)).toEqual(['a0', 'a1', 'a2', 'a3']);
    const all = toggleGroup(DEBTS, s, 'aVencer', true);
    expect(ids(toggleGroup(DEBTS, all, 'atraso', true))).toEqual([]);
  });

  it('unchecking a row leaves its group no longer all selected', () => {
    const all = toggleGroup(DEBTS, none, 'atraso', true);
    expect(isGroupSelected(DEBTS, all, 'atraso')).toBe(true);
    expect(isGroupSelected(DEBTS, toggleDebt(DEBTS, all, 'a3', true), 'atraso')).toBe(false);
  });
});

describe('fill and total', () => {
  it('the fill flag selects the overdue rows only', () => {
    expect(ids(overdueSelection(DEBTS))).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('adds up the selected values in cents', () => {
    expect(selectionTotal(DEBTS, check('a0', 'a1'))).toBe(10_000 + 10_001);
    expect(selectionTotal(DEBTS, none)).toBe(0);
  });

  it('an empty group is never all selected', () => {
    const overdueOnly = DEBTS.filter((d) => !d.futura);
    expect(isGroupSelected(overdueOnly, overdueSelection(overdueOnly), 'aVencer')).toBe(false);
  });
});
