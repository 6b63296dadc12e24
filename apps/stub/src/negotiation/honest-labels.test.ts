import type { Contract } from '@portal/contracts/upstream/entities';
import {
  consultaContratoData,
  consultaDebitoData,
  consultaDividaData,
  consultaPropostaData,
  proxyReply,
} from '@portal/contracts/upstream/proxy-channel';
import { openSocket } from '@portal/test-kit/stub-socket';
import { addDays, daysBetween, parseBrDate } from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStub, type Stub } from '../app';
import { PERSONAS } from '../data/personas';
import type { PersonaKey, SeedPersona } from '../data/types';

// Friday 20/11/2026 is a national holiday: offers and debts are valued for Monday 23/11.
const NOW = Date.parse('2026-11-20T12:00:00-03:00');
const TODAY = '2026-11-20';
const PRESCRIPTION_DAYS = 5 * 365 + 1; // five years, one leap day among them
function seeded(key: PersonaKey): SeedPersona {
  const persona = PERSONAS.find((p) => p.key === key);
  if (!persona) throw new Error(`no seeded persona ${key}`);
  return persona;
}
const rafael = seeded('rafael');
const sandra = seeded('sandra');

let stub: Stub;
let base = '';
beforeAll(async () => {
  stub = await buildStub({ now: () => NOW });
  base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => stub.app.close());

/**
 * The persona signed in on the proxy channel; `ask` answers the reply's data as sent (unparsed). One
 * question at a time: the socket helper takes the next reply as the answer.
 */
async function proxyAs(cpfCnpj: string) {
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cpfCnpj, senha: 'Acordo@2026' }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const channel = await openSocket(base, '/ws/proxy');
  let n = 0;
  const ask = async (metodo: string, extra: Record<string, unknown> = {}) => {
    n += 1;
    const reply = proxyReply.parse(
      await channel.ask({ idRequest: `h-${n}`, metodo, app: 'test', cpfcnpj: cpfCnpj, token, ...extra }),
    );
    expect(reply).toMatchObject({ err: false, retorno: 0 });
    return reply.data;
  };
  const creditors = async () => consultaDebitoData.parse(await ask('consultaDebito')).credor;
  const contracts = async (codcredor: string) =>
    (
      (await ask('consultaContrato', {
        codcredor,
        logomarca: '',
        url: '',
        parcelasIndividuaisSequenciais: false,
        pagamento: [],
      })) as { contratos: Record<string, unknown>[] }
    ).contratos;
  const debts = async (codcredor: string, contrato: string) =>
    consultaDividaData.parse(await ask('consultaDivida', { codcredor, contrato })).dividas;
  const offers = async (codcredor: string, contrato: string) =>
    consultaPropostaData.parse(await ask('consultaProposta', { codcredor, contrato })).propostas;
  return { creditors, contracts, debts, offers, close: channel.close };
}

describe("Rafael's contracts on the wire", () => {
  it('carry emDisputa only on the contract the creditor reports as contested', async () => {
    const proxy = await proxyAs(rafael.cpfCnpj);
    try {
      const codes = (await proxy.creditors()).map((c) => c.agrupador).sort();
      expect(codes).toEqual(['1001', '1008', '1011']);
      const sent = [];
      for (const code of codes) sent.push(...(await proxy.contracts(code)));
      expect(sent.filter((c) => 'emDisputa' in c)).toEqual([
        expect.objectContaining({ codcredor: '1011', numcontrato: '5502630184', emDisputa: true }),
      ]);
      // the contracts' schema keeps the field for the BFF
      expect(consultaContratoData.parse({ contratos: sent }).contratos.map((c) => c.emDisputa)).toEqual([
        undefined,
        undefined,
        true,
      ]);
    } finally {
      proxy.close();
    }
  });

  it('reports a contract contested, or no longer, when told by its control (/__stub/disputes)', async () => {
    const copy = stub.state.clonePersona('rafael');
    const dispute = (body: unknown) =>
      fetch(`${base}/__stub/disputes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const proxy = await proxyAs(copy.cpfCnpj);
    try {
      expect(
        (await dispute({ cpfCnpj: copy.cpfCnpj, contrato: '30125590418', emDisputa: true })).status,
      ).toBe(200);
      expect((await proxy.contracts('1008')).map((c) => c.emDisputa)).toEqual([true]);
      await dispute({ cpfCnpj: copy.cpfCnpj, contrato: '30125590418', emDisputa: false });
      expect((await proxy.contracts('1008'))[0]).not.toHaveProperty('emDisputa');
      expect((await dispute({ cpfCnpj: copy.cpfCnpj, contrato: 'nenhum', emDisputa: true })).status).toBe(
        404,
      );
      // the seeded persona is untouched
      expect(rafael.contracts.find((c) => c.numero === '30125590418')?.emDisputa).toBeUndefined();
    } finally {
      proxy.close();
    }
  });

  it('still answers the disputed debt and its offers: not offering them is the portal’s choice', async () => {
    const proxy = await proxyAs(rafael.cpfCnpj);
    try {
      expect(await proxy.debts('1011', '5502630184')).toHaveLength(4);
      expect((await proxy.offers('1011', '5502630184')).length).toBeGreaterThan(0);
    } finally {
      proxy.close();
    }
  });

  it('dates the oldest unpaid instalment at Lojas Horizonte six years back, past the five of prescription', async () => {
    const proxy = await proxyAs(rafael.cpfCnpj);
    try {
      const debts = await proxy.debts('1001', '5800412937');
      const dues = debts.map((d) => parseBrDate(d.datvenci) ?? '').sort();
      expect(dues[0]).toBe(addDays(TODAY, -2190));
      expect(daysBetween(dues[0] ?? TODAY, TODAY)).toBeGreaterThan(PRESCRIPTION_DAYS);
      // every instalment of that contract is past five years
      for (const due of dues) expect(daysBetween(due, TODAY)).toBeGreaterThan(PRESCRIPTION_DAYS);
      // and no other contract of his is
      for (const [code, contract] of [
        ['1008', '30125590418'],
        ['1011', '5502630184'],
      ] as const) {
        for (const d of await proxy.debts(code, contract))
          expect(daysBetween(parseBrDate(d.datvenci) ?? '', TODAY)).toBeLessThan(365);
      }
    } finally {
      proxy.close();
    }
  });

  it('values the six-year instalments with simple interest: finite, under twice their value', async () => {
    const proxy = await proxyAs(rafael.cpfCnpj);
    try {
      const debts = await proxy.debts('1001', '5800412937');
      expect(debts).toHaveLength(8);
      for (const d of debts) {
        const value = parseMoney(d.valorpago);
        expect(Number.isSafeInteger(value)).toBe(true);
        expect(value).toBeGreaterThan(parseMoney(d.valorprincipal));
        expect(value).toBeLessThan(2 * parseMoney(d.valorprincipal));
      }
      // R$ 249,90 due 2,193 days before the payment day: 2% fine + 73,1% interest (1% a month, not compounded)
      expect(debts[0]).toMatchObject({ valorprincipal: '249,90', valorpago: '437,57' });

      const offers = await proxy.offers('1001', '5800412937');
      expect(offers.length).toBeGreaterThan(0);
      const corrected = debts.reduce((sum, d) => sum + parseMoney(d.valorpago), 0);
      for (const offer of offers) {
        for (const field of ['valorPago', 'valorTotal', 'valorCorrigido', 'valorDesconto'] as const)
          expect(Number.isSafeInteger(parseMoney(offer[field]))).toBe(true);
        expect(parseMoney(offer.valorCorrigido)).toBe(corrected);
        expect(parseMoney(offer.valorTotal)).toBeLessThanOrEqual(corrected);
      }
      expect(offers.find((o) => o.tipo === 'AV')?.porcentagemDesconto).toBe('40,00%');
    } finally {
      proxy.close();
    }
  });
});

describe("Sandra's debts on the wire", () => {
  /** Every open instalment at each creditor, and the cheapest offer that settles each contract. */
  async function sandraOwes() {
    const proxy = await proxyAs(sandra.cpfCnpj);
    try {
      const creditors = await proxy.creditors();
      const contracts: Contract[] = [];
      for (const c of creditors)
        contracts.push(
          ...consultaContratoData.parse({ contratos: await proxy.contracts(c.agrupador) }).contratos,
        );
      const debts = [];
      let cheapest = 0;
      for (const { codcredor, numcontrato } of contracts) {
        debts.push(...(await proxy.debts(codcredor, numcontrato)));
        const settling = (await proxy.offers(codcredor, numcontrato)).filter((o) => o.parcelasFuturas);
        cheapest += Math.min(...settling.map((o) => parseMoney(o.valorTotal)));
      }
      return { creditors, contracts, debts, cheapest };
    } finally {
      proxy.close();
    }
  }

  it('spread over five creditors and total about R$ 95.000, some overdue for years and some to come', async () => {
    const { creditors, contracts, debts } = await sandraOwes();
    expect(creditors).toHaveLength(5);
    expect(contracts).toHaveLength(5);
    const total = debts.reduce((sum, d) => sum + parseMoney(d.valorpago), 0);
    expect(total).toBeGreaterThanOrEqual(9_000_000);
    expect(total).toBeLessThanOrEqual(10_000_000);
    const daysLate = debts.map((d) => daysBetween(parseBrDate(d.datvenci) ?? '', TODAY));
    expect(daysLate.some((days) => days >= 365 && days <= 3 * 365)).toBe(true);
    expect(Math.max(...daysLate)).toBeLessThanOrEqual(3 * 365);
    expect(debts.filter((d) => d.parcelaFutura).length).toBeGreaterThanOrEqual(5);
  });

  it('cost more, even at the best discounts, than 60 months of what a R$ 2.800 income leaves free', async () => {
    const { cheapest } = await sandraOwes();
    // R$ 2.800 of income less R$ 1.900 of essentials (more than the R$ 600 mínimo existencial): R$ 900 a month
    const freeEachMonth = 280_000 - Math.max(190_000, 60_000);
    expect(cheapest).toBeGreaterThan(60 * freeEachMonth);
    // with a margin, so that a few days of interest more or less do not change the verdict
    expect(cheapest).toBeGreaterThan(1.05 * 60 * freeEachMonth);
  });
});
