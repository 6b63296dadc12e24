import type { AgreementQueryResult, Contract, InstalmentStatus } from '@portal/contracts/entities';
import { addDays, formatBrDate, todayInBrazil } from '@portal/validation/dates';
import type { SeedContract } from '../data/types';
import { wireMoney } from './wire-money';

/** A seeded contract as `consultaContrato` lists it; `quantidadeParcelas` counts what is still open. */
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
  };
}

/**
 * The agreement in progress on a contract as `consultaAcordo` answers it. Of the instalments not
 * paid, the first is 'EM ABERTO' and every later one 'FUTURA' — or, for a creditor whose upstream
 * leaves that to the portal (`futureUnmarked`), every one 'EM ABERTO'.
 */
export function agreementOnWire(
  c: SeedContract,
  now: Date,
  { futureUnmarked = false }: { futureUnmarked?: boolean } = {},
): AgreementQueryResult | null {
  const agreement = c.agreement;
  if (!agreement) return null;
  const today = todayInBrazil(now);
  const sorted = [...agreement.instalments].sort((a, b) => a.numero - b.numero);
  const firstOpen = sorted.find((i) => i.status !== 'PAGO')?.numero;
  return {
    codigoAcordo: agreement.codigo,
    formaPagamento: agreement.formaPagamento,
    parcelasAcordo: sorted.map((i) => {
      const status: InstalmentStatus =
        i.status === 'PAGO' ? 'PAGO' : futureUnmarked || i.numero === firstOpen ? 'EM ABERTO' : 'FUTURA';
      return {
        id: `${agreement.codigo}-${i.numero}`,
        numero: i.numero,
        status,
        dataVencimento: formatBrDate(addDays(today, i.dueInDays)),
        valorPago: wireMoney(i.valueCents),
      };
    }),
  };
}
