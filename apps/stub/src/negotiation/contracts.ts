import type { AgreementQueryResult, Contract, InstalmentStatus } from '@portal/contracts/upstream/entities';
import { addBusinessDays, addDays, formatBrDate, todayInBrazil } from '@portal/validation/dates';
import type { SeedContract } from '../data/types';
import { wireMoney } from './wire-money';

/**
 * A seeded contract as `consultaContrato` lists it; `quantidadeParcelas` counts what is still open. A disputed
 * contract carries `emDisputa` (ours) and still answers its debts and offers like any other.
 */
export function contractOnWire(c: SeedContract): Contract {
  return {
    codcredor: c.creditorCode,
    numcontrato: c.numero,
    situacao: c.situacao,
    quantidadeParcelas: c.instalments.length,
    valorprincipal: wireMoney(c.principalCents),
    permiteacordo: c.permiteacordo,
    permiteproposta: c.permiteproposta,
    permitedivida: c.permitedivida,
    // sent only for a contract the creditor reports as contested, as an upstream without the field sends nothing
    ...(c.emDisputa ? { emDisputa: true } : {}),
  };
}

/** How long after the payment that starts the clock the simulator's creditors lift the negative record. */
export const LIFTS_RECORD_AFTER_BUSINESS_DAYS = 3;

interface AgreementWireOptions {
  /** every unpaid instalment 'EM ABERTO' (the creditor leaves which one is payable to the portal) */
  futureUnmarked?: boolean;
  /** the day an instalment's payment was confirmed (ISO), when the simulator was told of one */
  paidOn?: (numero: number) => string | undefined;
  /** the creditor keeps the negative record whatever was paid */
  keepsRecord?: boolean;
  /** which payment starts the clock to lift the record (the creditor's rule): the first, or the last */
  liftAfter?: 'primeira-parcela' | 'quitacao';
}

/**
 * The agreement in progress on a contract as `consultaAcordo` answers it. Of the instalments not
 * paid, the first is 'EM ABERTO' and every later one 'FUTURA' — or, for a creditor whose upstream
 * leaves that to the portal (`futureUnmarked`), every one 'EM ABERTO'. A paid instalment carries the day
 * it was confirmed (ours), and the agreement whether the debt is still reported (ours): the creditor lifts
 * the record LIFTS_RECORD_AFTER_BUSINESS_DAYS after the payment its rule names, unless it keeps it.
 */
export function agreementOnWire(
  c: SeedContract,
  now: Date,
  {
    futureUnmarked = false,
    paidOn = () => undefined,
    keepsRecord = false,
    liftAfter = 'primeira-parcela',
  }: AgreementWireOptions = {},
): AgreementQueryResult | null {
  const agreement = c.agreement;
  if (!agreement) return null;
  const today = todayInBrazil(now);
  const sorted = [...agreement.instalments]
    .sort((a, b) => a.numero - b.numero)
    .map((i) => {
      // a seeded payment was made on its due date, or yesterday when that is still to come
      const paid = i.status === 'PAGO' ? addDays(today, Math.min(i.dueInDays, -1)) : paidOn(i.numero);
      return { ...i, paid };
    });
  const firstOpen = sorted.find((i) => i.paid === undefined)?.numero;
  const paidDays = sorted.map((i) => i.paid);
  const paid = paidDays.filter((d) => d !== undefined);
  // the last payment's day once all are paid, or the first instalment's
  const start =
    liftAfter === 'quitacao'
      ? paid.length === paidDays.length
        ? paid.toSorted().at(-1)
        : undefined
      : paidDays[0];
  const lifted =
    !keepsRecord && start !== undefined && addBusinessDays(start, LIFTS_RECORD_AFTER_BUSINESS_DAYS) <= today;
  return {
    codigoAcordo: agreement.codigo,
    formaPagamento: agreement.formaPagamento,
    parcelasAcordo: sorted.map((i) => {
      const status: InstalmentStatus =
        i.paid !== undefined ? 'PAGO' : futureUnmarked || i.numero === firstOpen ? 'EM ABERTO' : 'FUTURA';
      return {
        id: `${agreement.codigo}-${i.numero}`,
        numero: i.numero,
        status,
        dataVencimento: formatBrDate(addDays(today, i.dueInDays)),
        valorPago: wireMoney(i.valueCents),
        ...(i.paid !== undefined ? { dataPagamento: formatBrDate(i.paid) } : {}),
      };
    }),
    negativado: !lifted,
  };
}
