import type { DebtInstalment } from '@portal/contracts/upstream/entities';
import {
  addDays,
  daysBetween,
  defaultPaymentDate,
  formatBrDate,
  isBusinessDay,
  paymentDateOptions,
} from '@portal/validation/dates';
import type { SeedContract, SeedInstalment } from '../data/types';
import { wireMoney } from './wire-money';

/** How far ahead a payment date may be: 15 days, moved forward to a business day. */
const PAYMENT_HORIZON_DAYS = 15;
/** Late payment: a 2% fine and 1% a month interest, pro rata die (30-day month). */
const FINE_BASIS_POINTS = 200;
const MONTHLY_INTEREST_BASIS_POINTS = 100;

export function lastPaymentDate(today: string): string {
  let day = addDays(today, PAYMENT_HORIZON_DAYS);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** What an instalment due on `due` costs when paid on `payOn`: the original value, plus fine and interest if late. */
export function updatedValueCents(originalCents: number, due: string, payOn: string): number {
  const daysLate = daysBetween(due, payOn);
  if (daysLate <= 0) return originalCents;
  // basis points × days / 30, kept in integers until the one rounding to cents
  const basisPointsTimes30 = FINE_BASIS_POINTS * 30 + MONTHLY_INTEREST_BASIS_POINTS * daysLate;
  return originalCents + Math.round((originalCents * basisPointsTimes30) / (10_000 * 30));
}

type PaymentDateCheck = { ok: true; payOn: string; max: string } | { ok: false };

/**
 * The payment date a request asks for (ISO), or the default one. Dates are offered, and defaulted, from
 * tomorrow; one asked for is accepted from today on, so that the date a person reviewed before midnight
 * (tomorrow then, today now) still makes the agreement. Refused: a day gone by, a day not a business day,
 * a day past the last payment date.
 */
export function paymentDate(today: string, requested: string | undefined): PaymentDateCheck {
  const max = lastPaymentDate(today);
  const options = paymentDateOptions({ today, maxDueDate: max });
  if (requested !== undefined) {
    const payable = options.includes(requested) || (requested === today && isBusinessDay(today));
    return payable ? { ok: true, payOn: requested, max } : { ok: false };
  }
  const payOn = defaultPaymentDate(options);
  return payOn ? { ok: true, payOn, max } : { ok: false };
}

const debtId = (contract: SeedContract, instalment: SeedInstalment) =>
  `${contract.numero}-${instalment.numero}`;

/** A contract's open instalments as `consultaDivida` answers them, valued for `payOn`. */
export function debtsOnWire(
  contract: SeedContract,
  today: string,
  payOn: string,
  max: string,
): DebtInstalment[] {
  if (!contract.permitedivida) return [];
  return contract.instalments.map((instalment) => {
    const due = addDays(today, instalment.dueInDays);
    return {
      id: debtId(contract, instalment),
      contrato: contract.numero,
      valorpago: wireMoney(updatedValueCents(instalment.valueCents, due, payOn)),
      valorprincipal: wireMoney(instalment.valueCents),
      datvenci: formatBrDate(due),
      validade: formatBrDate(payOn),
      parcelaFutura: due > today,
      dataMaxVencimento: formatBrDate(max),
    };
  });
}
