import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitOf, monthlyCapacity, monthlyCostOf } from './budget';
import { PLAN_MAX_MONTHS, proportionalSplit, repaymentPlan } from './repayment-plan';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const debtsArb = fc.array(fc.record({ id: fc.uuid(), cents: fc.integer({ min: 1, max: 50_000_000 }) }), {
  minLength: 1,
  maxLength: 12,
});

describe('proportionalSplit', () => {
  it('sums to the total exactly, each part its exact share rounded down or up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc
          .array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 20 })
          .filter((w) => sum(w) > 0),
        (total, weights) => {
          const parts = proportionalSplit(total, weights);
          expect(sum(parts)).toBe(total);
          parts.forEach((p, i) => {
            const exact = (total * (weights[i] ?? 0)) / sum(weights);
            expect(p).toBeGreaterThanOrEqual(Math.floor(exact) - 1e-9);
            expect(p).toBeLessThanOrEqual(Math.ceil(exact) + 1e-9);
          });
        },
      ),
    );
  });
});

describe('repaymentPlan', () => {
  it('never asks more than is free in a month, runs at most 60 months, and every sum is exact in cents', () => {
    fc.assert(
      fc.property(debtsArb, fc.integer({ min: 1, max: 2_000_000 }), (debts, capacity) => {
        const plan = repaymentPlan(debts, capacity);
        const owed = sum(debts.map((d) => d.cents));
        expect(plan.months).toBeLessThanOrEqual(PLAN_MAX_MONTHS);
        expect(plan.monthlyCents).toHaveLength(plan.months);
        for (const month of plan.monthlyCents) expect(month).toBeLessThanOrEqual(capacity);
        expect(sum(plan.monthlyCents)).toBe(plan.totalCents);
        expect(sum(plan.debts.map((d) => d.planCents))).toBe(plan.totalCents);
        for (const d of plan.debts) {
          expect(sum(d.monthlyCents)).toBe(d.planCents);
          expect(d.planCents).toBeLessThanOrEqual(d.cents);
        }
        expect(plan.totalCents).toBe(Math.min(owed, capacity * plan.months));
        expect(plan.covers).toBe(owed <= capacity * PLAN_MAX_MONTHS);
        // the fewest months that pay everything, when 60 are enough
        if (plan.covers) expect(capacity * (plan.months - 1)).toBeLessThan(owed);
      }),
    );
  });

  it('shares the plan in proportion to each debt', () => {
    const plan = repaymentPlan(
      [
        { id: 'a', cents: 3_000_000 },
        { id: 'b', cents: 1_000_000 },
      ],
      40_000,
    );
    expect(plan.months).toBe(60);
    expect(plan.covers).toBe(false);
    expect(plan.totalCents).toBe(2_400_000);
    expect(plan.debts.map((d) => d.planCents)).toEqual([1_800_000, 600_000]);
    expect(new Set(plan.monthlyCents)).toEqual(new Set([40_000]));
  });

  it('has nothing to propose when nothing is free', () => {
    expect(repaymentPlan([{ id: 'a', cents: 100 }], 0)).toMatchObject({
      months: 0,
      totalCents: 0,
      covers: false,
    });
  });
});

describe('the budget', () => {
  it('keeps the mínimo existencial whatever the expenses declared, never below zero', () => {
    const budget = { rendaCents: 280_000, despesasCents: 190_000, outrasParcelasCents: 20_000 };
    expect(monthlyCapacity(budget, 60_000)).toBe(70_000);
    expect(monthlyCapacity({ ...budget, despesasCents: 30_000 }, 60_000)).toBe(200_000);
    expect(monthlyCapacity({ ...budget, rendaCents: 100_000 }, 60_000)).toBe(0);
  });

  it("says 'cabe' within 70 % of what is free, 'aperta' up to all of it, 'não cabe' beyond", () => {
    expect(fitOf(49_000, 70_000)).toBe('cabe');
    expect(fitOf(49_001, 70_000)).toBe('aperta');
    expect(fitOf(70_000, 70_000)).toBe('aperta');
    expect(fitOf(70_001, 70_000)).toBe('nao-cabe');
    expect(fitOf(1, 0)).toBe('nao-cabe');
  });

  it('weighs an upfront offer whole, and an instalment plan by its heavier month: the entry or an instalment', () => {
    const offer = { valorPagoCents: 90_000, entradaCents: 30_000, parcelaCents: 12_000 };
    expect(monthlyCostOf({ tipo: 'AV', ...offer })).toBe(90_000);
    expect(monthlyCostOf({ tipo: 'AP', ...offer })).toBe(30_000);
    expect(monthlyCostOf({ tipo: 'AP', ...offer, entradaCents: 0 })).toBe(12_000);
  });
});
