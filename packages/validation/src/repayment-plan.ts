/**
 * The over-indebtedness route's proposed plan (CDC art. 104-A): one repayment plan with every creditor, at
 * most 60 months, within what is free each month. Each debt gets its share of the plan in proportion to
 * its amount; each month's payment never exceeds what is free; every sum is exact in cents.
 */

/** Most months a plan may run (CDC art. 104-A: five years). */
export const PLAN_MAX_MONTHS = 60;

/**
 * `total` split in proportion to `weights` (non-negative integers, not all zero), by the largest remainder:
 * the parts sum to `total` exactly, and each is its exact share rounded down or up.
 */
export function proportionalSplit(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`proportionalSplit: total ${total}`);
  if (sum <= 0 || weights.some((w) => !Number.isInteger(w) || w < 0))
    throw new RangeError('proportionalSplit: weights must be non-negative integers, not all zero');
  // exact with BigInt: total × weight may pass 2^53 for large amounts
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const parts = exact.map(Number);
  const remainders = weights.map((w, i) => ({
    i,
    r: (BigInt(total) * BigInt(w)) % BigInt(sum),
  }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

interface PlanDebt {
  id: string;
  cents: number;
}

interface RepaymentPlan {
  /** months the plan runs; 0 when nothing is free */
  months: number;
  /** what the plan pays over its months: every debt whole, or as much as 60 months of what is free allow */
  totalCents: number;
  /** whether it pays every debt whole */
  covers: boolean;
  /** each month's payment, all debts together: never above what is free */
  monthlyCents: number[];
  /** each debt's part: its total in the plan and its payment each month */
  debts: { id: string; cents: number; planCents: number; monthlyCents: number[] }[];
}

/**
 * The plan for `debts` within `capacityCents` a month: as few months as pay everything, at most 60; past
 * that, 60 months of what is free, shared in proportion to each debt (a proposal that the creditors accept
 * less). Each debt's total is spread evenly over the months, its extra cents in turns, so that each
 * month's payment is the plan's total over its months, rounded down or up, and never above what is free.
 */
export function repaymentPlan(debts: readonly PlanDebt[], capacityCents: number): RepaymentPlan {
  const owed = debts.reduce((a, d) => a + d.cents, 0);
  if (capacityCents <= 0 || owed <= 0) {
    return {
      months: 0,
      totalCents: 0,
      covers: owed <= 0,
      monthlyCents: [],
      debts: debts.map((d) => ({ ...d, planCents: 0, monthlyCents: [] })),
    };
  }
  const months = Math.min(PLAN_MAX_MONTHS, Math.ceil(owed / capacityCents));
  const totalCents = Math.min(owed, capacityCents * months);
  const shares = proportionalSplit(
    totalCents,
    debts.map((d) => d.cents),
  );
  let offset = 0;
  const parts = debts.map((d, i) => {
    const planCents = shares[i] ?? 0;
    const base = Math.floor(planCents / months);
    const extra = planCents - base * months;
    const start = offset;
    offset = (offset + extra) % months;
    const monthlyCents = Array.from(
      { length: months },
      (_, k) => base + ((k - start + months) % months < extra ? 1 : 0),
    );
    return { ...d, planCents, monthlyCents };
  });
  const monthlyCents = Array.from({ length: months }, (_, k) =>
    parts.reduce((sum, p) => sum + (p.monthlyCents[k] ?? 0), 0),
  );
  return { months, totalCents, covers: totalCents === owed, monthlyCents, debts: parts };
}
