import type { Proposal } from '@portal/contracts/upstream/entities';
import { describe, expect, it } from 'vitest';
import { instalmentsSummary, proposalSummary } from './summary';
import { type DebtView, toContractView, toProposalView } from './views';

const WIRE_PROPOSAL: Proposal = {
  id: 'p-1',
  tipo: 'AP',
  valorPago: '300,00',
  valorEntrada: '300,00',
  quantidadeParcelas: 3,
  valorParcela: '250,50',
  valorTotal: '1.051,50',
  valorCorrigido: '1.200,00',
  valorDesconto: '148,50',
  porcentagemDesconto: '12,38%',
  vencimento: '24/11/2026',
  dataMaxVencimento: '07/12/2026',
  parcelasFuturas: true,
  prestacoes: [
    { numero: 6, numContrato: '4587120093', valorPago: '510,00', dataVencimento: '19/08/2026' },
    { numero: 7, numContrato: '4587120093', valorPago: '500,00', dataVencimento: '18/09/2026' },
    { numero: 8, numContrato: '4587120093', valorPago: '490,00', dataVencimento: '17/12/2026' },
  ],
};

describe('the negotiation views', () => {
  it('turns upstream money into cents and dates into ISO days', () => {
    const view = toProposalView(WIRE_PROPOSAL);
    expect(view).toMatchObject({
      entradaCents: 30000,
      parcelaCents: 25050,
      totalCents: 105150,
      corrigidoCents: 120000,
      descontoCents: 14850,
      descontoPercentual: '12,38%',
      vencimento: '2026-11-24',
      dataMaxVencimento: '2026-12-07',
    });
    expect(view.prestacoes[0]).toEqual({
      numero: 6,
      contrato: '4587120093',
      valorCents: 51000,
      vencimento: '2026-08-19',
    });
  });

  it.each(['0%', '0,00%', '0.00%', '0'])('hides a discount of %s', (porcentagemDesconto) => {
    expect(toProposalView({ ...WIRE_PROPOSAL, porcentagemDesconto }).descontoPercentual).toBeNull();
  });

  it('refuses a reply with a date that does not exist', () => {
    expect(() => toProposalView({ ...WIRE_PROPOSAL, vencimento: '31/02/2026' })).toThrow(/does not exist/);
  });

  it('sends a contract that allows an agreement to /acordos and masks long numbers', () => {
    const base = {
      codcredor: '1001',
      numcontrato: '4587120093',
      situacao: 'Contrato em atraso',
      quantidadeParcelas: 7,
      valorprincipal: '5.279,00',
      permiteacordo: false,
      permiteproposta: true,
      permitedivida: false,
    };
    expect(toContractView(base)).toMatchObject({
      contratoExibido: '45***093',
      principalCents: 527900,
      destino: 'negociacao',
      chamarProposta: true,
      chamarDivida: false,
    });
    expect(toContractView({ ...base, numcontrato: '883104', permiteacordo: true })).toMatchObject({
      contratoExibido: '883104',
      destino: 'acordos',
    });
  });
});

describe('the agreement summary', () => {
  it('details an instalment proposal: entry, the other instalments, updated value and discount', () => {
    const summary = proposalSummary(toProposalView(WIRE_PROPOSAL));
    expect(summary.tipoAcordo).toBe('AP');
    expect(summary.detalhes).toEqual({
      negociacao: 'Parcelado',
      entradaCents: 30000,
      demaisParcelas: { quantidade: 3, valorCents: 25050 },
      vencimento: '2026-11-24',
      atualizadoCents: 120000,
      descontoCents: 14850,
      totalCents: 105150,
    });
    // due date descending
    expect(summary.contratos[0]?.parcelas.map((p) => p.vencimento)).toEqual([
      '2026-12-17',
      '2026-09-18',
      '2026-08-19',
    ]);
    expect(summary.contratos[0]?.contratoExibido).toBe('45***093');
    expect(summary.contratos[0]?.parcelas[0]?.futura).toBe(true);
  });

  it("lists a proposal's instalments at their original values when the debts were seen", () => {
    const summary = proposalSummary(toProposalView(WIRE_PROPOSAL), {
      '4587120093|2026-08-19': 48990,
      '4587120093|2026-12-17': 48990,
    });
    expect(summary.contratos[0]?.parcelas.map((p) => p.valorCents)).toEqual([48990, 50000, 48990]);
  });

  it('leaves out what an upfront proposal without discount does not have', () => {
    const upfront = toProposalView({
      ...WIRE_PROPOSAL,
      tipo: 'AV',
      valorPago: '1.200,00',
      valorEntrada: '0,00',
      quantidadeParcelas: 0,
      valorParcela: '0,00',
      valorTotal: '1.200,00',
      valorDesconto: '0,00',
      porcentagemDesconto: '0,00%',
    });
    expect(proposalSummary(upfront).detalhes).toEqual({
      negociacao: 'À vista',
      entradaCents: null,
      demaisParcelas: null,
      vencimento: '2026-11-24',
      atualizadoCents: null,
      descontoCents: null,
      totalCents: 120000,
    });
  });

  it('adds up individual instalments and groups them by contract, ties by contract number', () => {
    const debt = (id: string, contrato: string, vencimento: string, valorCents: number): DebtView => ({
      id,
      contrato,
      valorCents,
      originalCents: valorCents - 100,
      vencimento,
      validade: '2026-11-24',
      futura: vencimento > '2026-11-22',
      dataMaxVencimento: '2026-12-07',
    });
    const summary = instalmentsSummary(
      [
        debt('a', '7201938455', '2026-10-18', 22000),
        debt('b', '883104', '2026-10-18', 16500),
        debt('c', '7201938455', '2026-12-17', 21450),
      ],
      '2026-11-24',
    );
    expect(summary.detalhes.totalCents).toBe(59950);
    expect(summary.detalhes.negociacao).toBeNull();
    expect(summary.contratos.map((c) => c.contrato)).toEqual(['7201938455', '883104']);
    expect(summary.contratos[0]?.parcelas.map((p) => p.vencimento)).toEqual(['2026-12-17', '2026-10-18']);
    expect(summary.contratos[0]?.parcelas[1]?.valorCents).toBe(21900);
  });
});
