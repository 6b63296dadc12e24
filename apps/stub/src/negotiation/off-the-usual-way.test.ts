import { proxyReply } from '@portal/contracts/upstream/proxy-channel';
import { openSocket } from '@portal/test-kit/stub-socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStub, type Stub } from '../app';
import { PERSONAS } from '../data/personas';
import { createLedger, type Payer } from './agreements';
import { paymentDate } from './debts';
import { baseProposalDate, proposalsOnWire } from './proposals';

const roberto = PERSONAS.find((p) => p.key === 'roberto');
const maria = PERSONAS.find((p) => p.key === 'maria');
const onHoliday = roberto?.contracts.find((c) => c.quirks?.proposalOnNonBusinessDay);
const overdueAlways = roberto?.contracts.find((c) => c.quirks?.overdueOffersAlways);
const mariaOverdueOnly = maria?.contracts.find((c) => c.numero === '30118845720');
const mariaPlan = maria?.contracts.find((c) => c.numero === '7201938455');
if (!roberto || !maria || !onHoliday || !overdueAlways || !mariaOverdueOnly || !mariaPlan) {
  throw new Error('a seeded contract is missing');
}

describe("Roberto's contracts, answered off the upstream's usual way", () => {
  it('dates the base proposal on the first national holiday of the payment window', () => {
    // 20/12/2026 is a Sunday: the window runs to 04/01/2027 and holds Christmas and New Year.
    const date = paymentDate('2026-12-20', undefined);
    if (!date.ok) throw new Error('no payment date');
    expect(date.payOn).toBe('2026-12-21');
    expect(baseProposalDate(onHoliday, '2026-12-20', date.payOn, date.max)).toBe('2026-12-25');
    // Any other contract keeps the default day.
    expect(baseProposalDate(mariaPlan, '2026-12-20', date.payOn, date.max)).toBe('2026-12-21');
  });

  it('dates it on the first weekend day when no holiday falls in the window', () => {
    // From Monday 06/07/2026 the next national holiday is 07/09.
    const date = paymentDate('2026-07-06', undefined);
    if (!date.ok) throw new Error('no payment date');
    expect(baseProposalDate(onHoliday, '2026-07-06', date.payOn, date.max)).toBe('2026-07-11');
  });

  it('sends overdue-only offers although no instalment is upcoming, and only for that contract', () => {
    const today = '2026-11-20';
    const date = paymentDate(today, undefined);
    if (!date.ok) throw new Error('no payment date');
    const sets = (contract: typeof overdueAlways) =>
      new Set(proposalsOnWire(contract, today, date.payOn, date.max).map((p) => p.parcelasFuturas));
    expect(overdueAlways.instalments.every((i) => i.dueInDays <= 0)).toBe(true);
    expect(sets(overdueAlways)).toEqual(new Set([false, true]));
    expect(sets(mariaOverdueOnly)).toEqual(new Set([true]));
  });
});

describe('a card payment', () => {
  it("carries the creditor's card page in the payment line and no boleto file", async () => {
    const ledger = createLedger();
    const today = '2026-11-20';
    const date = paymentDate(today, undefined);
    if (!date.ok) throw new Error('no payment date');
    const [upfront] = proposalsOnWire(mariaPlan, today, date.payOn, date.max);
    const payer: Payer = {
      base: 'http://stub.test',
      cpfCnpj: maria.cpfCnpj,
      nome: maria.nome,
      creditorName: 'Lojas Horizonte',
      payments: [1, 2, 4],
    };
    const outcome = await ledger.create(
      {
        idRequest: 'r',
        metodo: 'gerarBoleto',
        app: 'test',
        cpfcnpj: maria.cpfCnpj,
        token: 't',
        codcredor: mariaPlan.creditorCode,
        contrato: mariaPlan.numero,
        formapagamento: 2,
        idproposta: upfront?.id ?? '',
        modo: '1',
        canalrecebimento: 'email',
        destinorecebimento: maria.email,
        chave: 'chave-cartao-000000001',
      },
      mariaPlan,
      payer,
      today,
    );
    if (!outcome.ok) throw new Error(outcome.msg);
    const [card] = outcome.data.boletos;
    expect(card?.url).toBe('');
    expect(card?.linhaDigitavel).toMatch(/^http:\/\/stub\.test\/pagamento\/cartao\/[A-Za-z0-9_-]{32}$/);
    expect(card?.qrCode).toBeUndefined();
  });
});

describe('through the simulator, its clock on 20/12/2026', () => {
  let stub: Stub;
  let base = '';
  beforeAll(async () => {
    stub = await buildStub({ now: () => Date.parse('2026-12-20T12:00:00-03:00') });
    base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => stub.app.close());

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("offers Roberto's proposal on Christmas and refuses an agreement for that day", async () => {
    const login = await post('/login', { cpfCnpj: roberto.cpfCnpj, senha: 'Acordo@2026' });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const channel = await openSocket(base, '/ws/proxy');
    try {
      const scope = {
        app: 'test',
        cpfcnpj: roberto.cpfCnpj,
        token,
        codcredor: onHoliday.creditorCode,
        contrato: onHoliday.numero,
      };
      const offers = proxyReply.parse(
        await channel.ask({ idRequest: 'p', metodo: 'consultaProposta', ...scope }),
      );
      const [proposal] = (offers.data as { propostas: { id: string; vencimento: string }[] }).propostas;
      expect(proposal?.vencimento).toBe('25/12/2026');
      // Asked for a business day, the same contract is valued for it.
      const dated = proxyReply.parse(
        await channel.ask({ idRequest: 'q', metodo: 'consultaProposta', ...scope, vencimento: '21/12/2026' }),
      );
      expect((dated.data as { propostas: { vencimento: string }[] }).propostas[0]?.vencimento).toBe(
        '21/12/2026',
      );
      const refused = proxyReply.parse(
        await channel.ask({
          idRequest: 'g',
          metodo: 'gerarBoleto',
          ...scope,
          formapagamento: 1,
          idproposta: proposal?.id ?? '',
          modo: '1',
          canalrecebimento: 'email',
          destinorecebimento: roberto.email,
          vencimento: '25/12/2026',
          chave: 'chave-natal-0000000001',
        }),
      );
      expect(refused).toMatchObject({ err: true, msg: 'Data de vencimento inválida.' });
    } finally {
      channel.close();
    }
  });

  it('refuses the next sign-in of a document once, when told to', async () => {
    const knob = await post('/__stub/logins/refuse-next', { cpfCnpj: '627.418.309-40' });
    expect(await knob.json()).toEqual({ refused: roberto.cpfCnpj });
    const first = await post('/login', { cpfCnpj: roberto.cpfCnpj, senha: 'Acordo@2026' });
    expect(first.status).toBe(503);
    const second = await post('/login', { cpfCnpj: roberto.cpfCnpj, senha: 'Acordo@2026' });
    expect(second.status).toBe(200);
  });
});
