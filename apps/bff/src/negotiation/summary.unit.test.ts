import type { Creditor, DebtInstalment } from '@portal/contracts/upstream/entities';
import { PROXY_RETORNO } from '@portal/contracts/upstream/proxy-channel';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { OffersRecord, ProposalView } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import { STANDING_MESSAGES } from './contract-standing';
import { NEGOTIATION_MESSAGES } from './creditors';
import { currentSummary, saveSummary } from './summary';

const CREDITOR: Creditor = {
  logomarca: 'https://upstream.example/logos/moda.svg',
  nomcontratante: 'Moda Aurora',
  agrupador: '1001',
  url: 'https://moda.example',
  pagamento: [
    { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
    { idTipoPagamento: 2, tipoPagamento: 'cartao', pagamentoInterno: false, pagamentoProposta: false },
  ],
  parcelasIndividuaisSequenciais: false,
};

const debt = (id: string, datvenci: string, valorpago: string): DebtInstalment => ({
  id,
  contrato: '4587120093',
  valorpago,
  valorprincipal: '100,00',
  datvenci,
  validade: '24/11/2026',
  parcelaFutura: false,
  dataMaxVencimento: '07/12/2026',
});

const PROPOSAL: ProposalView = {
  id: 'P-1',
  tipo: 'AV',
  valorPagoCents: 90000,
  entradaCents: 0,
  quantidadeParcelas: 0,
  parcelaCents: 0,
  totalCents: 90000,
  corrigidoCents: 100000,
  descontoCents: 10000,
  descontoPercentual: '10%',
  vencimento: '2026-11-24',
  dataMaxVencimento: '2026-12-07',
  parcelasFuturas: false,
  prestacoes: [{ numero: 6, contrato: '4587120093', valorCents: 90000, vencimento: '2026-08-19' }],
};

const OFFERS: OffersRecord = {
  codcredor: '1001',
  contrato: '4587120093',
  proposals: { 'P-1': PROPOSAL },
  originals: { '4587120093|2026-08-19': 80000 },
};

/**
 * A proxy that knows CREDITOR, its contract (open to negotiation unless `listed` says otherwise, with no
 * agreement) and the given open instalments, and keeps every call it got.
 */
function summaryProxy(dividas: DebtInstalment[] = [], listed: Record<string, unknown> = {}) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const contract = {
    codcredor: '1001',
    numcontrato: '4587120093',
    situacao: 'Contrato em atraso',
    quantidadeParcelas: 3,
    valorprincipal: '1200,00',
    permiteacordo: false,
    permiteproposta: true,
    permitedivida: true,
    ...listed,
  };
  const proxy = {
    call: async (method: string, body: Record<string, unknown>) => {
      calls.push({ method, body });
      if (method === 'consultaDebito') return { credor: [CREDITOR] };
      if (method === 'consultaContrato') return { contratos: [contract] };
      if (method === 'consultaAcordo')
        throw new UpstreamError('rejected', 'proxy consultaAcordo: retorno 1', 'Nenhum acordo', {
          retorno: PROXY_RETORNO.notFound,
        });
      if (method === 'consultaDivida') return { dividas };
      throw new Error(`unexpected ${method}`);
    },
  } as never as Ports['proxy'];
  return { calls, proxy };
}

const base = { codcredor: '1001', contrato: '4587120093', retorno: '/propostas?codcredor=1001' } as const;

/** What a refused call refused with. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('saveSummary', () => {
  it('refuses a contract in dispute or with a live agreement before anything is kept', async () => {
    const disputed = summaryProxy([], { emDisputa: true });
    const ports = memoryPorts({ proxy: disputed.proxy });
    const person = await signedIn(ports);
    await ports.sessions.write(person, 'offers', [OFFERS]);
    const input = {
      ...base,
      formaPagamento: 'boleto' as const,
      selecao: { modo: '1' as const, idProposta: 'P-1' },
    };
    expect(await refusal(saveSummary(ports, person, input))).toEqual(
      new Refusal('precondition', STANDING_MESSAGES.disputed),
    );
    expect(await ports.sessions.read(person, 'summary')).toBeUndefined();

    const live = summaryProxy([], { permiteacordo: true });
    const ask = live.proxy.call;
    live.proxy.call = (async (method: string, body: never) =>
      method === 'consultaAcordo'
        ? { codigoAcordo: 'AC-1', formaPagamento: 'boleto', parcelasAcordo: [] }
        : ask(method as never, body)) as never;
    const again = memoryPorts({ proxy: live.proxy });
    const ana = await signedIn(again);
    await again.sessions.write(ana, 'offers', [OFFERS]);
    expect(await refusal(saveSummary(again, ana, input))).toEqual(
      new Refusal('precondition', STANDING_MESSAGES.inAgreement),
    );
    expect(await again.sessions.read(ana, 'summary')).toBeUndefined();
  });

  it('keeps a summary of a proposal the session was shown, with its original values and a fresh key', async () => {
    const { proxy } = summaryProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    await ports.sessions.write(person, 'offers', [OFFERS]);
    const view = await saveSummary(ports, person, {
      ...base,
      formaPagamento: 'boleto',
      selecao: { modo: '1', idProposta: 'P-1' },
    });
    const kept = await ports.sessions.read(person, 'summary');
    expect(kept).toMatchObject({
      credor: { codcredor: '1001', nome: 'Moda Aurora', logoUrl: '/api/logos/moda.svg' },
      contrato: '4587120093',
      contratoExibido: '45***093',
      modo: '1',
      idProposta: 'P-1',
      formaPagamento: 'boleto',
      pagamentoSite: true,
      tipoAcordo: 'AV',
      retorno: '/propostas?codcredor=1001',
      mandarVencimento: true,
      detalhes: { vencimento: '2026-11-24', totalCents: 90000, descontoCents: 10000 },
      contratos: [
        { contrato: '4587120093', parcelas: [{ numero: 6, valorCents: 80000, valorPagarCents: 90000 }] },
      ],
    });
    expect(kept?.chave).toMatch(/^[0-9a-f-]{36}$/);
    const { mandarVencimento: _, ...shown } = kept ?? { mandarVencimento: true };
    expect(view).toEqual({ ...shown, estado: { tipo: 'aberta' } });

    const again = await saveSummary(ports, person, {
      ...base,
      formaPagamento: 'boleto',
      selecao: { modo: '1', idProposta: 'P-1' },
    });
    expect(again.chave).not.toBe(view.chave);
  });

  it('keeps a summary of instalments valued again for the chosen date, numbered as a proposal listed them', async () => {
    const { calls, proxy } = summaryProxy([
      debt('d-6', '19/08/2026', '120,00'),
      debt('d-7', '18/09/2026', '110,00'),
      debt('d-8', '17/10/2026', '105,00'),
    ]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports, { cpfCnpj: '52998224725', token: 'tk' });
    await ports.sessions.write(person, 'offers', [OFFERS]);
    const view = await saveSummary(ports, person, {
      ...base,
      formaPagamento: 'cartao',
      selecao: { modo: '2', parcelas: ['d-7', 'd-6'], vencimento: '2026-11-24' },
    });
    expect(calls.at(-1)).toEqual({
      method: 'consultaDivida',
      body: {
        cpfcnpj: '52998224725',
        token: 'tk',
        codcredor: '1001',
        contrato: '4587120093',
        vencimento: '24/11/2026',
      },
    });
    expect(view).toMatchObject({
      modo: '2',
      idProposta: 'd-7;d-6',
      pagamentoSite: false,
      tipoAcordo: 'AV',
      detalhes: { vencimento: '2026-11-24', totalCents: 23000 },
    });
    expect(view.contratos[0]?.parcelas.map((p) => [p.vencimento, p.numero])).toEqual([
      ['2026-09-18', null],
      ['2026-08-19', 6],
    ]);
    expect((await ports.sessions.read(person, 'summary'))?.mandarVencimento).toBe(true);
  });

  it('refuses a payment method the creditor does not take, or that cannot pay a proposal', async () => {
    const { proxy } = summaryProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    await ports.sessions.write(person, 'offers', [OFFERS]);
    for (const formaPagamento of ['pix', 'cartao'] as const) {
      const error = await refusal(
        saveSummary(ports, person, { ...base, formaPagamento, selecao: { modo: '1', idProposta: 'P-1' } }),
      );
      expect(error).toBeInstanceOf(Refusal);
      expect(error).toMatchObject({ kind: 'bad-request', message: NEGOTIATION_MESSAGES.methodNotOffered });
    }
    expect(await ports.sessions.read(person, 'summary')).toBeUndefined();
  });

  it('refuses a proposal the session was not shown on this contract', async () => {
    const { proxy } = summaryProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    await ports.sessions.write(person, 'offers', [{ ...OFFERS, contrato: 'other' }]);
    const error = await refusal(
      saveSummary(ports, person, {
        ...base,
        formaPagamento: 'boleto',
        selecao: { modo: '1', idProposta: 'P-1' },
      }),
    );
    expect(error).toMatchObject({ kind: 'not-found', message: NEGOTIATION_MESSAGES.proposalGone });
  });

  it('refuses instalments the upstream no longer lists', async () => {
    const { proxy } = summaryProxy([debt('d-6', '19/08/2026', '120,00')]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    const error = await refusal(
      saveSummary(ports, person, {
        ...base,
        formaPagamento: 'boleto',
        selecao: { modo: '2', parcelas: ['d-6', 'd-9'], vencimento: '2026-11-24' },
      }),
    );
    expect(error).toMatchObject({ kind: 'not-found', message: NEGOTIATION_MESSAGES.instalmentsGone });
    expect(await ports.sessions.read(person, 'summary')).toBeUndefined();
  });
});

describe('currentSummary', () => {
  it('is null without a summary, and the kept one without how it is sent', async () => {
    const { proxy } = summaryProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    expect(await currentSummary(ports, person)).toBeNull();
    await ports.sessions.write(person, 'offers', [OFFERS]);
    const saved = await saveSummary(ports, person, {
      ...base,
      formaPagamento: 'boleto',
      selecao: { modo: '1', idProposta: 'P-1' },
    });
    const current = await currentSummary(ports, person);
    expect(current).toEqual(saved);
    expect(current).not.toHaveProperty('mandarVencimento');
  });
});
