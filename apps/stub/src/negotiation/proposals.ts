import type { Proposal } from '@portal/contracts/upstream/entities';
import {
  addDays,
  brazilianNationalHolidays,
  daysBetween,
  formatBrDate,
  isBusinessDay,
} from '@portal/validation/dates';
import { sumCents } from '@portal/validation/money';
import type { SeedContract } from '../data/types';
import { updatedValueCents } from './debts';
import { wireMoney } from './wire-money';

/** Instalment plans offered on top of the entry, when each instalment stays at R$ 50,00 or more. */
const PLANS = [2, 3, 6, 10] as const;
const MIN_INSTALMENT_CENTS = 5_000;
/** Below this a debt is settled upfront only (so some contracts answer a single proposal). */
const MIN_PLAN_TOTAL_CENTS = 60_000;

/** Upfront discount by the oldest lateness; instalment plans get half of it. */
export function upfrontDiscountPercent(oldestDaysLate: number): number {
  if (oldestDaysLate <= 0) return 0;
  if (oldestDaysLate <= 30) return 10;
  if (oldestDaysLate <= 90) return 25;
  return 40;
}

const percentLabel = (percent: number) => `${percent},00%`;

interface OfferSet {
  /** true: settles every open instalment; false: only the overdue ones */
  parcelasFuturas: boolean;
  instalments: SeedContract['instalments'];
}

/**
 * A contract's offers for payment on `payOn`: an overdue-only set when the contract has both
 * overdue and upcoming instalments, and a total-settlement set; each with an AV and the AP plans that make sense.
 * Ids are derived from what they offer, so the simulator can recognise them again when an agreement is made.
 */
export function proposalsOnWire(
  contract: SeedContract,
  today: string,
  payOn: string,
  max: string,
): Proposal[] {
  if (!contract.permiteproposta || contract.instalments.length === 0) return [];
  const overdue = contract.instalments.filter((i) => i.dueInDays <= 0);
  const sets: OfferSet[] = [
    ...(overdue.length > 0 &&
    (overdue.length < contract.instalments.length || contract.quirks?.overdueOffersAlways)
      ? [{ parcelasFuturas: false, instalments: overdue }]
      : []),
    { parcelasFuturas: true, instalments: contract.instalments },
  ];

  return sets.flatMap(({ parcelasFuturas, instalments }) => {
    const prestacoes = instalments.map((i) => {
      const due = addDays(today, i.dueInDays);
      return {
        numero: i.numero,
        numContrato: contract.numero,
        cents: updatedValueCents(i.valueCents, due, payOn),
        due,
      };
    });
    const corrigido = sumCents(prestacoes.map((p) => p.cents));
    const oldest = Math.max(0, ...prestacoes.map((p) => daysBetween(p.due, today)));
    const base = {
      valorCorrigido: wireMoney(corrigido),
      vencimento: formatBrDate(payOn),
      dataMaxVencimento: formatBrDate(max),
      parcelasFuturas,
      prestacoes: prestacoes.map((p) => ({
        numero: p.numero,
        numContrato: p.numContrato,
        valorPago: wireMoney(p.cents),
        dataVencimento: formatBrDate(p.due),
      })),
    };
    const idOf = (plan: string) =>
      `P-${contract.numero}-${parcelasFuturas ? 'T' : 'A'}-${plan}-${payOn.replaceAll('-', '')}`;

    const upfrontPercent = upfrontDiscountPercent(oldest);
    const upfrontDiscount = Math.round((corrigido * upfrontPercent) / 100);
    const upfront: Proposal = {
      ...base,
      id: idOf('AV'),
      tipo: 'AV',
      valorPago: wireMoney(corrigido - upfrontDiscount),
      valorEntrada: wireMoney(0),
      quantidadeParcelas: 0,
      valorParcela: wireMoney(0),
      valorTotal: wireMoney(corrigido - upfrontDiscount),
      valorDesconto: wireMoney(upfrontDiscount),
      porcentagemDesconto: percentLabel(upfrontPercent),
    };

    const planPercent = Math.floor(upfrontPercent / 2);
    const planDiscount = Math.round((corrigido * planPercent) / 100);
    const planTotal = corrigido - planDiscount;
    const plans: Proposal[] =
      planTotal < MIN_PLAN_TOTAL_CENTS
        ? []
        : PLANS.flatMap((n) => {
            const parcela = Math.floor(planTotal / (n + 1));
            if (parcela < MIN_INSTALMENT_CENTS) return [];
            // The entry takes what does not divide evenly, so entry + n × parcela is the total to the cent.
            const entrada = planTotal - n * parcela;
            return [
              {
                ...base,
                id: idOf(`AP${n}`),
                tipo: 'AP' as const,
                valorPago: wireMoney(entrada),
                valorEntrada: wireMoney(entrada),
                quantidadeParcelas: n,
                valorParcela: wireMoney(parcela),
                valorTotal: wireMoney(planTotal),
                valorDesconto: wireMoney(planDiscount),
                porcentagemDesconto: percentLabel(planPercent),
              },
            ];
          });
    return [upfront, ...plans];
  });
}

/**
 * The day proposals asked for without a date are valued for: the default payment day `payOn`; for a
 * contract whose upstream dates them on a day no payment can be made, the first national holiday from
 * tomorrow to `max`, else the first weekend day in that window.
 */
export function baseProposalDate(contract: SeedContract, today: string, payOn: string, max: string): string {
  if (!contract.quirks?.proposalOnNonBusinessDay) return payOn;
  let weekend: string | undefined;
  for (let day = addDays(today, 1); day <= max; day = addDays(day, 1)) {
    if (brazilianNationalHolidays(Number(day.slice(0, 4))).has(day)) return day;
    if (!weekend && !isBusinessDay(day)) weekend = day;
  }
  return weekend ?? payOn;
}
