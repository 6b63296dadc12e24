import type { scheduleChange } from '@portal/contracts/procedures/agreements';
import type { AgreementQueryResult, Creditor } from '@portal/contracts/upstream/entities';
import {
  addBusinessDays,
  addDays,
  businessDaysBetween,
  isBusinessDay,
  monthlyOnDay,
} from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import type { z } from 'zod';
import { Refusal } from '../core/refusal';
import { isoOf } from '../negotiation/views';

export const RESCUE_MESSAGES = {
  notAllowed: 'Este credor não permite essa alteração no acordo.',
  keyReused: 'Esta alteração já foi pedida com outros dados. Consulte seu acordo.',
  inProgress: 'Sua alteração está sendo processada. Aguarde um instante.',
  notYet: 'Uma parcela só pode ser movida para o fim depois que a primeira parcela do acordo vencer.',
} as const;

/** The creditor's rules for an agreement (ours, optional): safe defaults when the upstream says nothing. */
export function rulesOf(creditor: Creditor) {
  const rules = creditor.regrasAcordo;
  return {
    /** business days after a due date when paying still keeps the agreement; null: the creditor said nothing */
    toleranciaDias: rules?.toleranciaDias ?? null,
    moverParcelaFim: rules?.moverParcelaFim ?? false,
    alterarDiaVencimento: rules?.alterarDiaVencimento ?? false,
  };
}

type Instalment = AgreementQueryResult['parcelasAcordo'][number];

/**
 * Where the agreement stands, beyond its instalments: an instalment overdue (and, when the creditor says its
 * tolerance, until when paying keeps the agreement and how many business days are left, today included), or
 * the agreement cancelled upstream, with what was paid and what remained.
 */
export function standingOf(creditor: Creditor, agreement: AgreementQueryResult, today: string) {
  const unpaid = agreement.parcelasAcordo
    .filter((p) => p.status !== 'PAGO')
    .sort((a, b) => a.numero - b.numero);
  const cents = (list: Instalment[]) => list.reduce((sum, p) => sum + parseMoney(p.valorPago), 0);
  if (agreement.situacao === 'CANCELADO') {
    return {
      atraso: null,
      cancelado: {
        canceladoEm: agreement.canceladoEm ? isoOf(agreement.canceladoEm) : null,
        pagoCents: cents(agreement.parcelasAcordo.filter((p) => p.status === 'PAGO')),
        restanteCents: cents(unpaid),
      },
    };
  }
  const late = unpaid.find((p) => isoOf(p.dataVencimento) < today);
  if (!late) return { atraso: null, cancelado: null };
  const vencimento = isoOf(late.dataVencimento);
  const tolerance = rulesOf(creditor).toleranciaDias;
  const pagueAte = tolerance === null ? null : addBusinessDays(vencimento, tolerance);
  return {
    atraso: {
      numero: late.numero,
      vencimento,
      pagueAte,
      diasUteisRestantes: pagueAte === null ? null : businessDaysBetween(addDays(today, -1), pagueAte),
    },
    cancelado: null,
  };
}

/** The same day 30 days later, moved forward to a business day. */
function monthLater(iso: string): string {
  let day = addDays(iso, 30);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

export type Change = z.output<typeof scheduleChange>;

/** The agreement's first instalment has fallen due (today or before): it has started. */
const hasStarted = (agreement: AgreementQueryResult, today: string) =>
  agreement.parcelasAcordo.some((p) => isoOf(p.dataVencimento) <= today);

/**
 * What the person may change in the agreement now, for every page and every request: the instalment
 * 'Mover esta parcela para o fim do acordo' moves (the overdue one, else the next to pay; never the last,
 * and none before the agreement's first instalment is due: a new agreement is not put off before it
 * starts), and whether 'Mudar o dia de pagamento' is open. Nothing in a cancelled or paid agreement.
 */
export function changesOf(creditor: Creditor, agreement: AgreementQueryResult, today: string) {
  const rules = rulesOf(creditor);
  const sorted = [...agreement.parcelasAcordo].sort((a, b) => a.numero - b.numero);
  const unpaid = sorted.filter((p) => p.status !== 'PAGO');
  if (agreement.situacao === 'CANCELADO' || unpaid.length === 0) return { mover: null, mudarDia: false };
  const started = hasStarted(agreement, today);
  const candidate = unpaid.find((p) => isoOf(p.dataVencimento) < today) ?? unpaid[0];
  const movable = rules.moverParcelaFim && started && candidate !== undefined && candidate !== sorted.at(-1);
  return { mover: movable ? candidate.numero : null, mudarDia: rules.alterarDiaVencimento };
}

/** The change is one `changesOf` allows now: refused before anything is asked of the upstream otherwise. */
export function assertChange(
  creditor: Creditor,
  agreement: AgreementQueryResult,
  change: Change,
  today: string,
): void {
  const allowed = changesOf(creditor, agreement, today);
  if (change.tipo === 'dia' ? allowed.mudarDia : allowed.mover === change.numero) return;
  const notStarted =
    change.tipo === 'mover' &&
    rulesOf(creditor).moverParcelaFim &&
    agreement.situacao !== 'CANCELADO' &&
    !hasStarted(agreement, today);
  throw new Refusal('bad-request', notStarted ? RESCUE_MESSAGES.notYet : RESCUE_MESSAGES.notAllowed);
}

/** One instalment of the schedule a change would give, and what it was when the change alters it. */
interface PreviewInstalment {
  numero: number;
  vencimento: string;
  valorCents: number;
  pago: boolean;
  /** this payment's number and due date before the change; null when the change leaves it as it is */
  antes: { numero: number; vencimento: string } | null;
}

/**
 * The schedule a change would give, as the page shows it before the person confirms: an instalment moved
 * to the end (each later one takes the number before its own, keeping its date and value: only the moved
 * one changes; the last number takes the moved value a month after the former last date), or every unpaid
 * instalment on a new day of the month, from the first such day after today, never on a weekend or
 * national holiday. `antecipada` names the first instalment the new day would make due earlier than now,
 * so that the page says so before the person confirms. Which change is allowed is `assertChange`'s.
 */
export function previewOf(
  agreement: AgreementQueryResult,
  change: Change,
  today: string,
): { parcelas: PreviewInstalment[]; antecipada: { numero: number; de: string; para: string } | null } {
  const sorted = agreement.parcelasAcordo
    .map((p) => ({
      numero: p.numero,
      vencimento: isoOf(p.dataVencimento),
      valorCents: parseMoney(p.valorPago),
      pago: p.status === 'PAGO',
      antes: null,
    }))
    .sort((a, b) => a.numero - b.numero);
  if (change.tipo === 'dia') {
    const dates = monthlyOnDay(today, change.dia, sorted.filter((p) => !p.pago).length);
    let next = 0;
    const parcelas = sorted.map((p): PreviewInstalment => {
      const vencimento = p.pago ? p.vencimento : (dates[next++] ?? p.vencimento);
      return vencimento === p.vencimento
        ? p
        : { ...p, vencimento, antes: { numero: p.numero, vencimento: p.vencimento } };
    });
    const earlier = parcelas.find((p) => p.antes && p.vencimento < p.antes.vencimento);
    return {
      parcelas,
      antecipada: earlier?.antes
        ? { numero: earlier.numero, de: earlier.antes.vencimento, para: earlier.vencimento }
        : null,
    };
  }
  const moved = sorted.find((p) => p.numero === change.numero);
  const last = sorted.at(-1);
  if (!moved || moved.pago || !last || last === moved)
    throw new Refusal('bad-request', RESCUE_MESSAGES.notAllowed);
  const rest = sorted
    .filter((p) => p !== moved)
    .map((p) => (p.numero < moved.numero ? p : { ...p, numero: p.numero - 1 }));
  return {
    parcelas: [
      ...rest,
      {
        numero: last.numero,
        vencimento: monthLater(last.vencimento),
        valorCents: moved.valorCents,
        pago: false,
        antes: { numero: moved.numero, vencimento: moved.vencimento },
      },
    ],
    antecipada: null,
  };
}
