/** Amounts are integer cents everywhere; reais exist only at the edges (upstream strings, screen). */

// pt-BR currency output has a NO-BREAK SPACE (U+00A0) between 'R$' and the amount: 'R$\u00a01.234,56'.
const CURRENCY_FORMAT = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const PLAIN_FORMAT = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function assertCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`${what} must be a safe integer number of cents, got ${cents}`);
  }
}

/**
 * Exact decimal string in reais ('1234.56') for Intl, which formats decimal strings without going through
 * a float, so every safe integer of cents comes out exact.
 */
function centsToDecimalString(cents: number): `${number}` {
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  const units = (abs - fraction) / 100;
  return `${cents < 0 ? '-' : ''}${units}.${String(fraction).padStart(2, '0')}` as `${number}`;
}

/**
 * Upstream amount → cents. A string is read by keeping its digits ('R$ 1.234,56' → 123456), so it must
 * carry its two decimal places; a decimal comma followed by anything but exactly two digits ('12,5',
 * '1,234.56') is refused instead of being read off by a factor of ten. A number is reais ('12.5' → 1250).
 */
export function parseMoney(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`parseMoney: not a finite amount: ${value}`);
    if (value < 0) throw new RangeError(`parseMoney: negative amount: ${value}`);
    const cents = Math.round(value * 100);
    assertCents(cents, 'parseMoney');
    return cents;
  }
  const text = value.trim();
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') throw new TypeError(`parseMoney: no digits in amount ${JSON.stringify(value)}`);
  if (text.includes('-')) throw new RangeError(`parseMoney: negative amount ${JSON.stringify(value)}`);
  if (text.includes(',') && !/^[^,]*,[0-9]{2}$/.test(text)) {
    throw new TypeError(
      `parseMoney: expected two decimal places after the comma in ${JSON.stringify(value)}`,
    );
  }
  const cents = Number(digits);
  assertCents(cents, 'parseMoney');
  return cents;
}

/** 'R$ 1.234,56' (with U+00A0 after 'R$'); negative amounts get a leading '-'. */
export function formatMoney(cents: number): string {
  assertCents(cents, 'formatMoney');
  return CURRENCY_FORMAT.format(centsToDecimalString(cents));
}

/** '1.234,56': the upstream wire format, which has no sign, so negative amounts are refused. */
export function formatMoneyPlain(cents: number): string {
  assertCents(cents, 'formatMoneyPlain');
  if (cents < 0) throw new RangeError(`formatMoneyPlain: negative amount ${cents}`);
  return PLAIN_FORMAT.format(centsToDecimalString(cents));
}

export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const cents of values) {
    assertCents(cents, 'sumCents');
    total += cents;
    assertCents(total, 'sumCents total');
  }
  return total;
}

/**
 * Splits a total into `count` integer instalments that add up to it exactly; the leftover cents go one
 * each to the first instalments, so instalments differ by at most one cent.
 */
export function splitInstalments(totalCents: number, count: number): number[] {
  assertCents(totalCents, 'splitInstalments total');
  if (totalCents < 0) throw new RangeError(`splitInstalments: negative total ${totalCents}`);
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new RangeError(`splitInstalments: count must be a positive integer, got ${count}`);
  }
  const remainder = totalCents % count;
  const base = (totalCents - remainder) / count;
  return Array.from({ length: count }, (_, i) => (i < remainder ? base + 1 : base));
}
