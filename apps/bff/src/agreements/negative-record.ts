import type { AgreementQueryResult, Creditor } from '@portal/contracts/upstream/entities';
import { addBusinessDays, businessDaysBetween, formatBrDate } from '@portal/validation/dates';
import { paidDayOf } from '../negotiation/views';

/** STJ Súmula 548: the creditor lifts the negative record within five business days of the payment. */
const LIFT_BUSINESS_DAYS = 5;

/**
 * Where lifting the negative record stands: 'no-prazo' (the deadline is still ahead), 'baixada' (the upstream
 * no longer reports it), 'atrasada' (past the deadline and still reported), 'encerrada' (past the deadline;
 * the upstream says nothing either way).
 */
type LiftState = 'no-prazo' | 'baixada' | 'atrasada' | 'encerrada';

interface NegativeRecordLift {
  /** the day the payment that starts the clock was confirmed (ISO) */
  confirmadoEm: string;
  /** the last day to lift the record (ISO) */
  prazo: string;
  /** business days after today up to the deadline, included; 0 on the deadline and after it */
  diasUteisRestantes: number;
  situacao: LiftState;
  /** for a complaint (0800 or consumidor.gov.br), when the record is still reported past the deadline */
  reclamacao: string | null;
}

/**
 * The deadline to lift the negative record, from the confirmation of the payment the creditor's rule names
 * (the first instalment's, or the last one's for 'quitacao'); null until that payment is confirmed, and for a
 * cancelled agreement: what was paid on it no longer settles the debt, so no deadline runs and no complaint
 * about a record kept is the person's to make.
 */
export function negativeRecordLift(
  creditor: Creditor,
  contrato: string,
  agreement: AgreementQueryResult,
  today: string,
): NegativeRecordLift | null {
  if (agreement.situacao === 'CANCELADO') return null;
  const sorted = [...agreement.parcelasAcordo].sort((a, b) => a.numero - b.numero);
  const paidOn = sorted.map(paidDayOf);
  const paidDays = paidOn.filter((d) => d !== null);
  const confirmadoEm =
    creditor.baixaNegativacao === 'quitacao'
      ? paidDays.length === paidOn.length
        ? (paidDays.toSorted().at(-1) ?? null)
        : null
      : (paidOn[0] ?? null);
  if (!confirmadoEm) return null;
  const prazo = addBusinessDays(confirmadoEm, LIFT_BUSINESS_DAYS);
  const past = today > prazo;
  const situacao: LiftState =
    agreement.negativado === false
      ? 'baixada'
      : !past
        ? 'no-prazo'
        : agreement.negativado
          ? 'atrasada'
          : 'encerrada';
  return {
    confirmadoEm,
    prazo,
    diasUteisRestantes: past ? 0 : businessDaysBetween(today, prazo),
    situacao,
    reclamacao:
      situacao === 'atrasada'
        ? [
            `Empresa: ${creditor.nomcontratante}`,
            `Contrato: ${contrato}`,
            `Acordo: ${agreement.codigoAcordo}`,
            `Pagamento confirmado em: ${formatBrDate(confirmadoEm)}`,
            `Prazo para retirar a negativação (STJ, Súmula 548: 5 dias úteis): ${formatBrDate(prazo)}`,
            'Situação: meu nome continua negativado depois do prazo.',
          ].join('\n')
        : null,
  };
}
