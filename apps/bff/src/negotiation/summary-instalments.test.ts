import { describe, expect, it } from 'vitest';
import type { OffersRecord, ProposalView } from '../core/records';
import { instalmentNumbers, instalmentsSummary, proposalSummary } from './summary';
import type { DebtView } from './views';

const proposal: ProposalView = {
  id: 'P-1',
  tipo: 'AV',
  valorPagoCents: 90_000,
  entradaCents: 0,
  quantidadeParcelas: 0,
  parcelaCents: 0,
  totalCents: 90_000,
  corrigidoCents: 100_000,
  descontoCents: 10_000,
  descontoPercentual: '10,00%',
  vencimento: '2026-11-24',
  dataMaxVencimento: '2026-12-07',
  parcelasFuturas: true,
  prestacoes: [
    { numero: 6, contrato: '4587120093', valorCents: 51_000, vencimento: '2026-08-19' },
    { numero: 7, contrato: '4587120093', valorCents: 49_000, vencimento: '2026-09-18' },
  ],
};

describe("the summary's instalments, for their details", () => {
  it('keep the number and the value to pay that a proposal gives, beside the original value', () => {
    const summary = proposalSummary(proposal, { '4587120093|2026-08-19': 48_990 });
    expect(summary.contratos[0]?.parcelas).toEqual([
      expect.objectContaining({
        numero: 7,
        vencimento: '2026-09-18',
        valorCents: 49_000,
        valorPagarCents: 49_000,
      }),
      expect.objectContaining({
        numero: 6,
        vencimento: '2026-08-19',
        valorCents: 48_990,
        valorPagarCents: 51_000,
      }),
    ]);
  });

  it('number individual instalments from the proposals seen, and leave the number out when none listed it', () => {
    const offers: OffersRecord = {
      codcredor: '1002',
      contrato: '4587120093',
      proposals: { 'P-1': proposal },
    };
    const debt = (id: string, vencimento: string): DebtView => ({
      id,
      contrato: '4587120093',
      valorCents: 52_000,
      originalCents: 48_990,
      vencimento,
      validade: '2026-11-24',
      futura: false,
      dataMaxVencimento: '2026-12-07',
    });
    const summary = instalmentsSummary(
      [debt('a', '2026-08-19'), debt('b', '2026-10-18')],
      '2026-11-24',
      instalmentNumbers(offers),
    );
    expect(summary.contratos[0]?.parcelas.map((p) => [p.numero, p.valorCents, p.valorPagarCents])).toEqual([
      [null, 48_990, 52_000],
      [6, 48_990, 52_000],
    ]);
  });
});
