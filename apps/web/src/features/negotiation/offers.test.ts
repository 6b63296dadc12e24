import { describe, expect, it } from 'vitest';
import { day, plan, proposal } from '../../../test/fixtures/negotiation';
import { hasPastDue, maxInstalments, sameOffer, splitOffers, upfrontOffer } from './offers';

const overdueAv = proposal({ id: 'A-AV' });
const totalAv = proposal({ id: 'T-AV', parcelasFuturas: true });

describe('splitOffers', () => {
  it('separates the overdue-only offers from the total-settlement ones; the base is the first overdue one', () => {
    const sets = splitOffers([totalAv, plan(2, true), overdueAv, plan(3)]);
    expect(sets.overdue.map((p) => p.id)).toEqual(['A-AV', 'P-AP3-A']);
    expect(sets.total.map((p) => p.id)).toEqual(['T-AV', 'P-AP2-T']);
    expect(sets.base?.id).toBe('A-AV');
  });

  it('takes the first total-settlement offer as the base when there is no overdue-only set', () => {
    expect(splitOffers([plan(2, true), totalAv]).base?.id).toBe('P-AP2-T');
    expect(splitOffers([]).base).toBeUndefined();
  });
});

describe('upfrontOffer', () => {
  it("is the AV of the base proposal's set", () => {
    expect(upfrontOffer([plan(2), totalAv, overdueAv])?.id).toBe('A-AV');
    expect(upfrontOffer([plan(2, true), totalAv])?.id).toBe('T-AV');
  });
});

describe('maxInstalments', () => {
  it('is the largest plan plus its entry, and 1 without plans', () => {
    expect(maxInstalments([overdueAv, plan(2), plan(10), plan(6, true)])).toBe(11);
    expect(maxInstalments([overdueAv, totalAv])).toBe(1);
  });
});

describe('hasPastDue', () => {
  it('is true when any instalment of the proposal fell due before today', () => {
    expect(hasPastDue(overdueAv, day(0))).toBe(true);
    const upcoming = proposal({
      prestacoes: [{ numero: 1, contrato: '1', valorCents: 1, vencimento: day(5) }],
    });
    expect(hasPastDue(upcoming, day(0))).toBe(false);
  });
});

describe('sameOffer', () => {
  it('finds the offer of the same type, set and plan in a list valued for another date', () => {
    const again = [
      plan(3, false, { id: 'new-3' }),
      plan(2, false, { id: 'new-2' }),
      proposal({ id: 'new-AV' }),
    ];
    expect(sameOffer(again, plan(2))?.id).toBe('new-2');
    expect(sameOffer(again, overdueAv)?.id).toBe('new-AV');
    expect(sameOffer(again, totalAv)).toBeUndefined();
  });
});
