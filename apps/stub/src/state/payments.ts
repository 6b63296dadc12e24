import { addBusinessDays, todayInBrazil } from '@portal/validation/dates';

/** How a payment was made: a PIX confirms at once, a boleto one to three business days later. */
type PaymentMethodPaid = 'pix' | 'boleto';

interface PaymentNotice {
  cpfCnpj: string;
  contrato: string;
  /** the agreement the instalment is of: a later agreement on the contract has instalments of its own */
  codigoAcordo: string;
  parcela: number;
  metodo: PaymentMethodPaid;
  /** when it was paid (ms); now by default */
  pagoEm?: number;
  /** a boleto's clearing, in business days (1 to 3); drawn at random by default */
  diasUteis?: number;
}

// A boleto clears at this hour (Brasília, UTC-3) of its clearing day.
const CLEARING_HOUR_UTC = 13;

/**
 * Payments the simulator was told of (simulator control POST /__stub/payments): each instalment counts as
 * paid from its confirmation on. Also the contracts whose creditor keeps the negative record past its
 * deadline (POST /__stub/negative-records/keep), as some do.
 */
export function createPayments(now: () => number) {
  const confirmations = new Map<string, number>();
  const kept = new Set<string>();
  const key = (cpfCnpj: string, contrato: string, codigoAcordo?: string, parcela?: number) =>
    `${cpfCnpj}|${contrato}|${codigoAcordo ?? ''}|${parcela ?? ''}`;
  return {
    /** Records a payment; answers when it confirms (ms). */
    pay({
      cpfCnpj,
      contrato,
      codigoAcordo,
      parcela,
      metodo,
      pagoEm = now(),
      diasUteis,
    }: PaymentNotice): number {
      let confirmsAt = pagoEm;
      if (metodo === 'boleto') {
        const days = diasUteis ?? 1 + Math.floor(Math.random() * 3);
        const day = addBusinessDays(todayInBrazil(new Date(pagoEm)), days);
        confirmsAt = Date.parse(`${day}T${String(CLEARING_HOUR_UTC).padStart(2, '0')}:00:00Z`);
      }
      confirmations.set(key(cpfCnpj, contrato, codigoAcordo, parcela), confirmsAt);
      return confirmsAt;
    },
    /** When an instalment's payment was confirmed (ms), if it has been by now. */
    confirmedAt(
      cpfCnpj: string,
      contrato: string,
      codigoAcordo: string,
      parcela: number,
    ): number | undefined {
      const at = confirmations.get(key(cpfCnpj, contrato, codigoAcordo, parcela));
      return at !== undefined && at <= now() ? at : undefined;
    },
    /** An agreement's instalments took new numbers (old → new): each payment follows its instalment. */
    renumber(
      cpfCnpj: string,
      contrato: string,
      codigoAcordo: string,
      renumbered: ReadonlyMap<number, number>,
    ) {
      const moving = [...renumbered].flatMap(([from, to]) => {
        const at = confirmations.get(key(cpfCnpj, contrato, codigoAcordo, from));
        confirmations.delete(key(cpfCnpj, contrato, codigoAcordo, from));
        return at === undefined ? [] : [[to, at] as const];
      });
      for (const [to, at] of moving) confirmations.set(key(cpfCnpj, contrato, codigoAcordo, to), at);
    },
    keepNegativeRecord(cpfCnpj: string, contrato: string): void {
      kept.add(key(cpfCnpj, contrato));
    },
    keepsNegativeRecord(cpfCnpj: string, contrato: string): boolean {
      return kept.has(key(cpfCnpj, contrato));
    },
  };
}
