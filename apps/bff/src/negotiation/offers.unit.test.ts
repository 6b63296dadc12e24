import type { Contract, Creditor, DebtInstalment, Proposal } from '@portal/contracts/upstream/entities';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { addDays, formatBrDate, paymentDateOptions, todayInBrazil } from '@portal/validation/dates';
import { describe, expect, it, vi } from 'vitest';
import type { Ports } from '../ports/ports';
import { contractsOf, offersFor } from './offers';
import { seenOffers } from './seen-offers';

const CREDITOR: Creditor = {
  logomarca: 'https://upstream.example/logos/moda.svg',
  nomcontratante: 'Moda Aurora',
  agrupador: '1001',
  url: 'https://moda.example',
  pagamento: [
    { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
  ],
  parcelasIndividuaisSequenciais: false,
};

const CONTRACT: Contract = {
  codcredor: '1001',
  numcontrato: '4587120093',
  situacao: 'Contrato em atraso',
  quantidadeParcelas: 3,
  valorprincipal: '1.200,00',
  permiteacordo: false,
  permiteproposta: true,
  permitedivida: true,
};

// Dated from today, so the proposals are dated on a day they can be paid (payable.ts).
const TODAY = todayInBrazil();
const MAX = addDays(TODAY, 15);
const PAY_ON = paymentDateOptions({ today: TODAY, maxDueDate: MAX })[0] as string;

const proposal = (id: string): Proposal => ({
  id,
  tipo: 'AV',
  valorPago: '900,00',
  valorEntrada: '0,00',
  quantidadeParcelas: 0,
  valorParcela: '0,00',
  valorTotal: '900,00',
  valorCorrigido: '1.000,00',
  valorDesconto: '100,00',
  porcentagemDesconto: '10%',
  vencimento: formatBrDate(PAY_ON),
  dataMaxVencimento: formatBrDate(MAX),
  parcelasFuturas: false,
  prestacoes: [{ numero: 6, numContrato: '4587120093', valorPago: '900,00', dataVencimento: '19/08/2026' }],
});

const DEBT: DebtInstalment = {
  id: 'd-6',
  contrato: '4587120093',
  valorpago: '950,00',
  valorprincipal: '800,00',
  datvenci: '19/08/2026',
  validade: formatBrDate(PAY_ON),
  parcelaFutura: false,
  dataMaxVencimento: formatBrDate(MAX),
};

/** A proxy that knows CREDITOR, the contract, the proposals given and the debts, and keeps every call it got. */
function negotiationProxy(
  proposals: Proposal[] = [proposal('P-1')],
  contract: Partial<Contract> = {},
  debts: DebtInstalment[] = [DEBT],
) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const replies: Record<string, unknown> = {
    consultaDebito: { credor: [CREDITOR] },
    consultaContrato: { contratos: [{ ...CONTRACT, ...contract }] },
    consultaProposta: { propostas: proposals },
    consultaDivida: { dividas: debts },
  };
  const proxy = {
    call: async (method: string, body: Record<string, unknown>) => {
      calls.push({ method, body });
      if (!(method in replies)) throw new Error(`unexpected ${method}`);
      return replies[method];
    },
  } as never as Ports['proxy'];
  return { calls, proxy };
}

/** An activation channel that keeps what it was sent. */
function activationChannel() {
  const sent: unknown[] = [];
  const activation = {
    send: async (record: unknown) => void sent.push(record),
  } as never as Ports['activation'];
  return { sent, activation };
}

describe('contractsOf', () => {
  it("shows the creditor's contracts and sends the access record once per creditor per session", async () => {
    const { proxy } = negotiationProxy();
    const { sent, activation } = activationChannel();
    const ports = memoryPorts({ proxy, activation });
    const person = await signedIn(ports, { cpfCnpj: '52998224725' });

    expect(await contractsOf(ports, person, '1001')).toEqual([
      {
        contrato: '4587120093',
        contratoExibido: '45***093',
        situacao: 'Contrato em atraso',
        parcelas: 3,
        principalCents: 120000,
        destino: 'negociacao',
        chamarProposta: true,
        chamarDivida: true,
        estado: { tipo: 'aberta' },
      },
    ]);
    await contractsOf(ports, person, '1001');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      metodo: 'registraAcionamento',
      dispositivo: 'mobile',
      codcredor: '1001',
      cpfcnpj: '52998224725',
    });
  });
});

describe('offersFor', () => {
  it("fetches the proposals and the instalments for the date asked, and answers with the creditor's terms", async () => {
    const { calls, proxy } = negotiationProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports, { cpfCnpj: '52998224725', token: 'tk' });
    const offers = await offersFor(ports, person, {
      codcredor: '1001',
      contrato: '4587120093',
      vencimento: PAY_ON,
      propostas: true,
      dividas: true,
    });
    const scope = {
      cpfcnpj: '52998224725',
      token: 'tk',
      codcredor: '1001',
      contrato: '4587120093',
      vencimento: formatBrDate(PAY_ON),
    };
    const { vencimento: _, ...listing } = scope;
    expect(calls.filter((c) => c.method !== 'consultaDebito')).toEqual([
      {
        method: 'consultaContrato',
        body: expect.objectContaining({ codcredor: '1001', cpfcnpj: '52998224725' }),
      },
      { method: 'consultaProposta', body: scope },
      { method: 'consultaDivida', body: scope },
    ]);
    expect(listing.contrato).toBe('4587120093');
    expect(offers).toMatchObject({
      credor: { codcredor: '1001', nome: 'Moda Aurora', logoUrl: '/api/logos/moda.svg' },
      sequencial: false,
      formasPagamento: [{ tipo: 'boleto', pagamentoInterno: true, pagamentoProposta: true }],
      proposals: [{ id: 'P-1', valorPagoCents: 90000, vencimento: PAY_ON }],
      debts: [
        { id: 'd-6', valorCents: 95000, originalCents: 80000, vencimento: '2026-08-19', futura: false },
      ],
    });
  });

  it('asks for neither list when none is wanted, and sends no date when none is given', async () => {
    const { calls, proxy } = negotiationProxy();
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    const offers = await offersFor(ports, person, {
      codcredor: '1001',
      contrato: '4587120093',
      propostas: false,
      dividas: false,
    });
    expect(calls.map((c) => c.method)).toEqual(['consultaDebito', 'consultaContrato']);
    expect(offers).toMatchObject({ estado: { tipo: 'aberta' }, proposals: [], debts: [] });
  });

  it('remembers the proposals and original values seen on each contract apart, two tabs on two contracts never clashing', async () => {
    const first = negotiationProxy([proposal('P-1')]);
    const ports = memoryPorts({ proxy: first.proxy });
    const person = await signedIn(ports);
    const input = { codcredor: '1001', contrato: '4587120093', propostas: true, dividas: true };
    await offersFor(ports, person, input);
    ports.proxy = negotiationProxy([proposal('P-2')]).proxy;
    await offersFor(ports, person, { ...input, dividas: false });
    const kept = await seenOffers(ports, person, '1001', '4587120093');
    expect(Object.keys(kept?.proposals ?? {})).toEqual(['P-1', 'P-2']);
    expect(kept?.originals).toEqual({ '4587120093|2026-08-19': 80000 });

    // another contract (another tab): its own offers, and the first contract's are still there
    await offersFor(ports, person, { ...input, contrato: '999', dividas: false });
    const other = await seenOffers(ports, person, '1001', '999');
    expect(other).toMatchObject({ contrato: '999', originals: {} });
    expect(Object.keys(other?.proposals ?? {})).toEqual(['P-2']);
    expect(await seenOffers(ports, person, '1001', '4587120093')).toEqual(kept);
    // up to five contracts at once: the sixth forgets the oldest
    for (const contrato of ['c2', 'c3', 'c4', 'c5'])
      await offersFor(ports, person, { ...input, contrato, dividas: false });
    expect(await seenOffers(ports, person, '1001', '4587120093')).toBeUndefined();
    expect(await seenOffers(ports, person, '1001', '999')).toBeDefined();
  });

  it("dates a proposal the upstream set on a day without banking on the first day it can be paid, at that day's price", async () => {
    let offDay = addDays(TODAY, 1);
    while (paymentDateOptions({ today: TODAY, maxDueDate: MAX }).includes(offDay))
      offDay = addDays(offDay, 1);
    const { calls, proxy } = negotiationProxy();
    const ask = proxy.call;
    proxy.call = (async (method: string, body: { vencimento?: string }) => {
      if (method !== 'consultaProposta') return ask(method as never, body as never);
      calls.push({ method, body });
      return body.vencimento === formatBrDate(PAY_ON)
        ? { propostas: [{ ...proposal('P-PAY'), valorPago: '905,00' }] }
        : { propostas: [{ ...proposal('P-OFF'), vencimento: formatBrDate(offDay) }] };
    }) as never;
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    const offers = await offersFor(ports, person, {
      codcredor: '1001',
      contrato: '4587120093',
      propostas: true,
      dividas: false,
    });
    expect(calls.filter((c) => c.method === 'consultaProposta').map((c) => c.body.vencimento)).toEqual([
      undefined,
      formatBrDate(PAY_ON),
    ]);
    expect(offers.proposals).toMatchObject([{ id: 'P-PAY', vencimento: PAY_ON, valorPagoCents: 90500 }]);
    // The summary is built from the offer shown.
    expect(Object.keys((await seenOffers(ports, person, '1001', '4587120093'))?.proposals ?? {})).toEqual([
      'P-PAY',
    ]);
  });

  it('remembers the last 60 proposals at most', async () => {
    const many = Array.from({ length: 70 }, (_, i) => proposal(`P-${i}`));
    const { proxy } = negotiationProxy(many);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    await offersFor(ports, person, {
      codcredor: '1001',
      contrato: '4587120093',
      propostas: true,
      dividas: false,
    });
    const ids = Object.keys((await seenOffers(ports, person, '1001', '4587120093'))?.proposals ?? {});
    expect(ids).toHaveLength(60);
    expect(ids[0]).toBe('P-10');
  });
});

describe("a contract's standing on its views", () => {
  const SIX_YEARS_AGO = formatBrDate(addDays(TODAY, -6 * 365));
  const input = { codcredor: '1001', contrato: '4587120093', propostas: true, dividas: true };

  it('asks nothing more of a contract in dispute, and says so on its list and its page', async () => {
    const { calls, proxy } = negotiationProxy(undefined, { emDisputa: true });
    const ports = memoryPorts({ proxy, activation: activationChannel().activation });
    const person = await signedIn(ports);
    expect((await contractsOf(ports, person, '1001')).map((c) => c.estado)).toEqual([{ tipo: 'em-disputa' }]);
    expect(await offersFor(ports, person, input)).toMatchObject({
      estado: { tipo: 'em-disputa' },
      proposals: [],
      debts: [],
    });
    expect(calls.map((c) => c.method)).not.toContain('consultaProposta');
    expect(calls.map((c) => c.method)).not.toContain('consultaDivida');
  });

  it('labels a contract prescribed from its oldest unpaid instalment, offers kept for when the person asks', async () => {
    const old = { ...DEBT, id: 'd-1', datvenci: SIX_YEARS_AGO };
    const { proxy } = negotiationProxy(undefined, {}, [old, DEBT]);
    const ports = memoryPorts({ proxy, activation: activationChannel().activation });
    const person = await signedIn(ports);
    const since = addDays(TODAY, -6 * 365);
    expect((await contractsOf(ports, person, '1001')).map((c) => c.estado)).toEqual([
      { tipo: 'prescrita', desde: since },
    ]);
    const offers = await offersFor(ports, person, input);
    expect(offers.estado).toEqual({ tipo: 'prescrita', desde: since });
    expect(offers.proposals).toHaveLength(1);
  });

  it('shows a contract in an agreement as such, without offers, and a cancelled one as open again', async () => {
    const live = negotiationProxy(undefined, { permiteacordo: true });
    let situacao: 'ATIVO' | 'CANCELADO' = 'ATIVO';
    const ask = live.proxy.call;
    live.proxy.call = (async (method: string, body: never) =>
      method === 'consultaAcordo'
        ? { codigoAcordo: 'AC-1', formaPagamento: 'boleto', parcelasAcordo: [], situacao }
        : ask(method as never, body)) as never;
    const ports = memoryPorts({ proxy: live.proxy, activation: activationChannel().activation });
    const person = await signedIn(ports);
    expect(await offersFor(ports, person, input)).toMatchObject({
      estado: { tipo: 'em-acordo', processando: false },
      proposals: [],
    });
    expect(live.calls.map((c) => c.method)).not.toContain('consultaProposta');
    situacao = 'CANCELADO';
    expect((await offersFor(ports, person, input)).estado).toEqual({ tipo: 'aberta' });
  });
});
