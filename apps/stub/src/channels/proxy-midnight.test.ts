import { proxyReply } from '@portal/contracts/upstream/proxy-channel';
import { openSocket } from '@portal/test-kit/stub-socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStub, type Stub } from '../app';

// The simulator's own clock: the day changes in Brasília between the offers and the agreement.
const BEFORE_MIDNIGHT = Date.parse('2026-11-23T23:59:00-03:00'); // a Monday; already the 24th in UTC
const AFTER_MIDNIGHT = Date.parse('2026-11-24T00:01:00-03:00');
const PASSWORD = 'Acordo@2026';
// Maria's contract with instalment plans
const SCOPE = { codcredor: '1001', contrato: '7201938455' };

describe('an agreement concluded across midnight in Brasília', () => {
  let clock = BEFORE_MIDNIGHT;
  let stub: Stub;
  let base = '';
  beforeAll(async () => {
    stub = await buildStub({ now: () => clock });
    base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => stub.app.close());

  /** A fresh copy of Maria signed in on the proxy channel; `ask` answers the parsed reply. */
  async function maria() {
    const user = stub.state.clonePersona('maria');
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: user.cpfCnpj, senha: PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const channel = await openSocket(base, '/ws/proxy');
    let n = 0;
    const ask = async (metodo: string, extra: Record<string, unknown>) => {
      n += 1;
      const message = { idRequest: `m-${n}`, metodo, app: 'test', cpfcnpj: user.cpfCnpj, token, ...SCOPE };
      return proxyReply.parse(await channel.ask({ ...message, ...extra }));
    };
    const conclude = (idproposta: string, vencimento: string) =>
      ask('gerarBoleto', {
        formapagamento: 1,
        idproposta,
        modo: '1',
        canalrecebimento: 'email',
        destinorecebimento: user.profile.email,
        vencimento,
      });
    return { user, ask, conclude, close: channel.close };
  }

  it('is made for the date reviewed the day before, which is today now; a date already past is refused', async () => {
    clock = BEFORE_MIDNIGHT;
    const person = await maria();
    try {
      // on Monday evening the offers are dated for the first payment day: Tuesday, tomorrow
      const offers = await person.ask('consultaProposta', {});
      const [proposal] = (offers.data as { propostas: { id: string; vencimento: string }[] }).propostas;
      if (!proposal) throw new Error('no proposal');
      expect(proposal.vencimento).toBe('24/11/2026');

      clock = AFTER_MIDNIGHT;
      // the person concludes two minutes later, on Tuesday: the day reviewed has come, it has not passed
      const made = await person.conclude(proposal.id, proposal.vencimento);
      expect(made).toMatchObject({ err: false, data: { erro: false } });
      const [agreement] = stub.state.ledger.agreements.filter((a) => a.cpfCnpj === person.user.cpfCnpj);
      expect(agreement?.instalments[0]?.due).toBe('2026-11-24');
      // the offers asked for that day again are dated for it too
      const again = await person.ask('consultaProposta', { vencimento: '24/11/2026' });
      expect(again).toMatchObject({ err: false });

      // a day gone by is still refused, as is a day not yet on offer
      for (const vencimento of ['23/11/2026', '10/12/2026']) {
        const late = await person.conclude(proposal.id, vencimento);
        expect(late, vencimento).toMatchObject({ err: true, msg: 'Data de vencimento inválida.' });
      }
    } finally {
      person.close();
    }
  });

  it('still defaults to the first business day after today', async () => {
    clock = AFTER_MIDNIGHT;
    const person = await maria();
    try {
      const offers = await person.ask('consultaProposta', {});
      const [proposal] = (offers.data as { propostas: { vencimento: string }[] }).propostas;
      expect(proposal?.vencimento).toBe('25/11/2026');
    } finally {
      person.close();
    }
  });
});
