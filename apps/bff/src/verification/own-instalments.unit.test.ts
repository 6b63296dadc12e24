import type { AgreementQueryResult, Contract, Creditor } from '@portal/contracts/upstream/entities';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { Ports } from '../ports/ports';
import { ownInstalments } from './own-instalments';

const creditor = (agrupador: string): Creditor => ({
  logomarca: `https://upstream.example/logos/c${agrupador}.png`,
  nomcontratante: `Credor ${agrupador}`,
  agrupador,
  url: '',
  pagamento: [
    { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
  ],
  parcelasIndividuaisSequenciais: false,
});

const contract = (codcredor: string, numcontrato: string, permiteacordo: boolean): Contract => ({
  codcredor,
  numcontrato,
  situacao: 'Contrato',
  quantidadeParcelas: 2,
  valorprincipal: '100,00',
  permiteacordo,
  permiteproposta: false,
  permitedivida: false,
});

const AGREEMENT: AgreementQueryResult = {
  codigoAcordo: 'A-1',
  formaPagamento: 'boleto',
  parcelasAcordo: [
    {
      id: 'i1',
      numero: 1,
      status: 'PAGO',
      dataVencimento: '10/01/2026',
      valorPago: '150,00',
      dataPagamento: '09/01/2026',
    },
    {
      id: 'i2',
      numero: 2,
      status: 'EM ABERTO',
      dataVencimento: '10/02/2026',
      valorPago: '150,00',
      nossonumero: 'NN-2',
    },
  ],
};

/** A proxy with creditors 1001 (an agreement on C-1, none on C-2) and 1002 (`agreements` contracts with one each). */
function agreementsProxy(agreements = 1) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const proxy = {
    call: async (method: string, body: Record<string, unknown>) => {
      calls.push({ method, body });
      if (method === 'consultaDebito') return { credor: [creditor('1001'), creditor('1002')] };
      if (method === 'consultaContrato')
        return {
          contratos:
            body.codcredor === '1001'
              ? [contract('1001', 'C-1', true), contract('1001', 'C-2', false)]
              : Array.from({ length: agreements }, (_, i) => contract('1002', `D-${i}`, true)),
        };
      if (method === 'consultaAcordo') return AGREEMENT;
      throw new Error(`unexpected ${method}`);
    },
  } as never as Ports['proxy'];
  return { calls, proxy };
}

describe('ownInstalments', () => {
  it("lists the instalments of the person's agreements with the creditors named, and asks of no other", async () => {
    const { calls, proxy } = agreementsProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports, { cpfCnpj: '52998224725', token: 'tk' });
    expect(await ownInstalments(ports, person, ['1001'])).toEqual([
      {
        credor: 'Credor 1001',
        contrato: 'C-1',
        numero: 1,
        status: 'PAGO',
        vencimento: '2026-01-10',
        cents: 15000,
        nossonumero: undefined,
      },
      {
        credor: 'Credor 1001',
        contrato: 'C-1',
        numero: 2,
        status: 'EM ABERTO',
        vencimento: '2026-02-10',
        cents: 15000,
        nossonumero: 'NN-2',
      },
    ]);
    expect(calls.filter((c) => c.method !== 'consultaDebito')).toEqual([
      expect.objectContaining({
        method: 'consultaContrato',
        body: expect.objectContaining({ codcredor: '1001' }),
      }),
      {
        method: 'consultaAcordo',
        body: { cpfcnpj: '52998224725', token: 'tk', codcredor: '1001', contrato: 'C-1' },
      },
    ]);
  });

  it('reads ten agreements at most', async () => {
    const { calls, proxy } = agreementsProxy(15);
    const ports = memoryPorts({ proxy });
    const instalments = await ownInstalments(ports, await signedIn(ports), ['1001', '1002']);
    expect(calls.filter((c) => c.method === 'consultaAcordo')).toHaveLength(10);
    expect(instalments).toHaveLength(20);
  });

  it('is empty for creditors the person has no contract with', async () => {
    const { calls, proxy } = agreementsProxy();
    const ports = memoryPorts({ proxy });
    expect(await ownInstalments(ports, await signedIn(ports), ['7777'])).toEqual([]);
    expect(calls.map((c) => c.method)).toEqual(['consultaDebito']);
  });
});
