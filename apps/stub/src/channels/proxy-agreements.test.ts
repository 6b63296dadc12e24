import { PROXY_RETORNO, proxyReply } from '@portal/contracts/upstream/proxy-channel';
import { useStubServer } from '@portal/test-kit/stub-server';
import { openSocket } from '@portal/test-kit/stub-socket';
import { formatDocument } from '@portal/validation/document';
import { afterEach, describe, expect, it } from 'vitest';
import { boletoNossoNumero } from '../negotiation/agreements';

// consultaAcordo and emitirBoleto as the least forgiving upstream answers them, read as raw JSON.
const server = useStubServer();
afterEach(() => server.stub.faults.reset());

const PASSWORD = 'Acordo@2026';
// Ana's agreement in progress, at a creditor whose upstream marks no instalment FUTURA
const ANA_AGREEMENT = { codcredor: '1006', contrato: '6011452873' };
const CODIGO = '2025004417';

/** A fresh copy of a seeded persona signed in on the proxy channel; `ask` answers the raw reply. */
async function proxyAsCopyOf(like: 'ana' | 'maria') {
  const user = server.stub.state.clonePersona(like);
  const login = await server.post('/login', { cpfCnpj: user.cpfCnpj, senha: PASSWORD });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const channel = await openSocket(server.base, '/ws/proxy');
  let n = 0;
  const ask = async (metodo: string, extra: Record<string, unknown> = {}) => {
    n += 1;
    return proxyReply.parse(
      await channel.ask({ idRequest: `q-${n}`, metodo, app: 'test', cpfcnpj: user.cpfCnpj, token, ...extra }),
    );
  };
  return { user, ask, close: channel.close };
}

/** An emitirBoleto of Ana's open instalment (number 4) by e-mail, as the upstream accepts it. */
const emitir = (email: string, over: Record<string, unknown> = {}) => ({
  ...ANA_AGREEMENT,
  idproposta: `${CODIGO}-4`,
  modo: '1',
  canalrecebimento: 'email',
  destinorecebimento: email,
  nossonumero: boletoNossoNumero(CODIGO, 4),
  formapagamento: 1,
  ...over,
});

const received = async (cpfCnpj: string, metodo: string) =>
  (await (
    await fetch(`${server.base}/__stub/proxy/requests?cpfCnpj=${cpfCnpj}&metodo=${metodo}`)
  ).json()) as Record<string, unknown>[];

describe('consultaAcordo at a creditor that leaves FUTURA to the portal', () => {
  it('answers every unpaid instalment EM ABERTO, each with its boleto’s nosso número', async () => {
    const ana = await proxyAsCopyOf('ana');
    const reply = await ana.ask('consultaAcordo', ANA_AGREEMENT);
    const data = reply.data as { parcelasAcordo: { numero: number; status: string; nossonumero: string }[] };
    expect(data.parcelasAcordo.map((p) => p.status)).toEqual([
      'PAGO',
      'PAGO',
      'PAGO',
      'EM ABERTO',
      'EM ABERTO',
      'EM ABERTO',
    ]);
    for (const p of data.parcelasAcordo) expect(p.nossonumero).toBe(boletoNossoNumero(CODIGO, p.numero));
    ana.close();
  });
});

describe('emitirBoleto', () => {
  it('issues the open instalment by e-mail, named by its own nosso número and the agreement’s method', async () => {
    const ana = await proxyAsCopyOf('ana');
    const reply = await ana.ask('emitirBoleto', emitir(ana.user.profile.email));
    expect(reply).toMatchObject({
      err: false,
      data: { erro: false, boletos: [{ url: expect.any(String) }] },
    });
    const sms = await ana.ask(
      'emitirBoleto',
      emitir('', {
        canalrecebimento: 'sms',
        destinorecebimento: ana.user.profile.telefone,
        formapagamento: undefined,
      }),
    );
    expect(sms).toMatchObject({ err: false, data: { erro: false } });
    ana.close();
  });

  it.each([
    ['both channels at once', { canalrecebimento: 'email;sms' }],
    ['two addresses', { destinorecebimento: 'ana@example.com;31988776655' }],
    ['an e-mail without the payment method', { formapagamento: undefined }],
    ['an SMS with the payment method', { canalrecebimento: 'sms', destinorecebimento: '31988776655' }],
    [
      'an SMS to something other than a mobile in digits',
      {
        canalrecebimento: 'sms',
        destinorecebimento: '(31) 98877-6655',
        formapagamento: undefined,
      },
    ],
  ])('refuses %s as an invalid request, and keeps it for tests to count', async (_, over) => {
    const ana = await proxyAsCopyOf('ana');
    const reply = await ana.ask('emitirBoleto', emitir('ana.copy@example.com', over));
    expect(reply).toMatchObject({ err: true, retorno: PROXY_RETORNO.error, msg: 'Requisição inválida.' });
    expect(await received(ana.user.cpfCnpj, 'emitirBoleto')).toHaveLength(1);
    ana.close();
  });

  it.each([
    ['a future instalment', { idproposta: `${CODIGO}-5`, nossonumero: boletoNossoNumero(CODIGO, 5) }],
    ['a paid instalment', { idproposta: `${CODIGO}-3`, nossonumero: boletoNossoNumero(CODIGO, 3) }],
    ['another boleto’s nosso número', { nossonumero: boletoNossoNumero(CODIGO, 5) }],
    ['no nosso número', { nossonumero: '' }],
    ['the agreement’s code for a nosso número', { nossonumero: CODIGO }],
    ['another mode than the agreement’s', { modo: '2' }],
    ['another payment method than the agreement’s', { formapagamento: 4 }],
  ])('answers erro for %s', async (_, over) => {
    const ana = await proxyAsCopyOf('ana');
    const reply = await ana.ask('emitirBoleto', emitir(ana.user.profile.email, over));
    expect(reply).toMatchObject({ err: false, data: { erro: true, boletos: [] } });
    ana.close();
  });

  it('reads the payments the simulator was told of, as consultaAcordo does: the next instalment once one is paid, never a paid one', async () => {
    const ana = await proxyAsCopyOf('ana');
    const email = ana.user.profile.email;
    const fifth = emitir(email, { idproposta: `${CODIGO}-5`, nossonumero: boletoNossoNumero(CODIGO, 5) });
    const pay = (metodo: 'pix' | 'boleto') =>
      server.post('/__stub/payments', { cpfCnpj: ana.user.cpfCnpj, ...ANA_AGREEMENT, parcela: 4, metodo });
    // a boleto paid today clears on a later business day: until then instalment 4 is still the one to pay
    expect((await pay('boleto')).ok).toBe(true);
    expect(await ana.ask('emitirBoleto', fifth)).toMatchObject({ data: { erro: true, boletos: [] } });
    expect(await ana.ask('emitirBoleto', emitir(email))).toMatchObject({ data: { erro: false } });
    // a PIX confirms at once: instalment 5 is payable, and the paid one is never issued again
    expect((await pay('pix')).ok).toBe(true);
    const asked = await ana.ask('consultaAcordo', ANA_AGREEMENT);
    const statuses = (asked.data as { parcelasAcordo: { status: string }[] }).parcelasAcordo.map(
      (p) => p.status,
    );
    expect(statuses).toEqual(['PAGO', 'PAGO', 'PAGO', 'PAGO', 'EM ABERTO', 'EM ABERTO']);
    expect(await ana.ask('emitirBoleto', fifth)).toMatchObject({
      err: false,
      data: { erro: false, boletos: [{ url: expect.any(String) }] },
    });
    expect(await ana.ask('emitirBoleto', emitir(email))).toMatchObject({ data: { erro: true, boletos: [] } });
    ana.close();
  });

  it('reads them for an agreement the simulator made too', async () => {
    const maria = await proxyAsCopyOf('maria');
    const scope = { codcredor: '1001', contrato: '7201938455' };
    const offers = await maria.ask('consultaProposta', scope);
    const plan = (offers.data as { propostas: { id: string; tipo: string }[] }).propostas.find(
      (p) => p.tipo === 'AP',
    );
    if (!plan) throw new Error('no instalment plan');
    await maria.ask('gerarBoleto', {
      ...scope,
      formapagamento: 1,
      idproposta: plan.id,
      modo: '1',
      canalrecebimento: 'email',
      destinorecebimento: maria.user.profile.email,
    });
    const [agreement] = server.stub.state.ledger.agreements.filter((a) => a.cpfCnpj === maria.user.cpfCnpj);
    if (!agreement) throw new Error('no agreement made');
    const instalment = (numero: number) => ({
      ...emitir(maria.user.profile.email, scope),
      idproposta: `${agreement.codigoAcordo}-${numero}`,
      nossonumero: boletoNossoNumero(agreement.codigoAcordo, numero),
    });
    await server.post('/__stub/payments', {
      cpfCnpj: maria.user.cpfCnpj,
      ...scope,
      parcela: 1,
      metodo: 'pix',
    });
    expect(await maria.ask('emitirBoleto', instalment(2))).toMatchObject({
      data: { erro: false, boletos: [{}] },
    });
    expect(await maria.ask('emitirBoleto', instalment(1))).toMatchObject({
      data: { erro: true, boletos: [] },
    });
    maria.close();
  });

  it('issues nothing, and no error either, for an agreement ended meanwhile', async () => {
    const ana = await proxyAsCopyOf('ana');
    server.stub.faults.set({ emptyReissue: true });
    const reply = await ana.ask('emitirBoleto', emitir(ana.user.profile.email));
    expect(reply).toMatchObject({ err: false, data: { erro: false, boletos: [] } });
    ana.close();
  });

  it('issues nothing only to the documents the knob names, as typed or in digits', async () => {
    const named = await proxyAsCopyOf('ana');
    const other = await proxyAsCopyOf('ana');
    server.stub.faults.set({
      emptyReissue: true,
      emptyReissueDocuments: [formatDocument(named.user.cpfCnpj)],
    });
    expect(await named.ask('emitirBoleto', emitir(named.user.profile.email))).toMatchObject({
      data: { erro: false, boletos: [] },
    });
    expect(await other.ask('emitirBoleto', emitir(other.user.profile.email))).toMatchObject({
      data: { erro: false, boletos: [{ url: expect.any(String) }] },
    });
    named.close();
    other.close();
  });

  it('issues any unpaid boleto of an individual-instalments agreement, in that mode only', async () => {
    const maria = await proxyAsCopyOf('maria');
    const scope = { codcredor: '1001', contrato: '7201938455' };
    const debts = await maria.ask('consultaDivida', scope);
    const ids = (debts.data as { dividas: { id: string }[] }).dividas.slice(0, 3).map((d) => d.id);
    const made = await maria.ask('gerarBoleto', {
      ...scope,
      formapagamento: 1,
      idproposta: ids.join(';'),
      modo: '2',
      canalrecebimento: 'email',
      destinorecebimento: maria.user.profile.email,
      chave: 'chave-modo-2-0000000001',
    });
    const { nossonumero, boletos } = made.data as { nossonumero: string; boletos: unknown[] };
    expect(boletos).toHaveLength(3);
    const [agreement] = server.stub.state.ledger.agreements.filter((a) => a.cpfCnpj === maria.user.cpfCnpj);
    if (!agreement) throw new Error('no agreement made');
    // the reply names the agreement by its first boleto's own nosso número
    expect(nossonumero).toBe(boletoNossoNumero(agreement.codigoAcordo, 1));
    for (const numero of [1, 2, 3]) {
      const reply = await maria.ask('emitirBoleto', {
        ...emitir(maria.user.profile.email, scope),
        idproposta: `${agreement.codigoAcordo}-${numero}`,
        nossonumero: boletoNossoNumero(agreement.codigoAcordo, numero),
        modo: '2',
      });
      expect(reply, `instalment ${numero}`).toMatchObject({ data: { erro: false, boletos: [{}] } });
    }
    const asProposal = await maria.ask('emitirBoleto', {
      ...emitir(maria.user.profile.email, scope),
      idproposta: `${agreement.codigoAcordo}-2`,
      nossonumero: boletoNossoNumero(agreement.codigoAcordo, 2),
      modo: '1',
    });
    expect(asProposal).toMatchObject({ data: { erro: true } });
    maria.close();
  });
});

describe('gerarBoleto failing after the agreement is made', () => {
  const MARIA_CONTRACT = { codcredor: '1001', contrato: '7201938455' };

  /** Maria's first offer on a contract, asked for as the portal sends it. */
  async function makeAgreement(maria: Awaited<ReturnType<typeof proxyAsCopyOf>>) {
    const offers = await maria.ask('consultaProposta', MARIA_CONTRACT);
    const [proposal] = (offers.data as { propostas: { id: string }[] }).propostas;
    if (!proposal) throw new Error('no proposal');
    return maria.ask('gerarBoleto', {
      ...MARIA_CONTRACT,
      formapagamento: 4,
      idproposta: proposal.id,
      modo: '1',
      canalrecebimento: 'email',
      destinorecebimento: maria.user.profile.email,
    });
  }

  it.each([
    [
      'a server error',
      { madeThenServerErrorRate: 1 },
      { err: true, retorno: PROXY_RETORNO.error, msg: 'Erro interno do servidor.' },
      'madeThenServerError',
    ],
    [
      'an erro: true reply',
      { madeThenErroRate: 1 },
      { err: false, data: { erro: true, boletos: [] } },
      'madeThenErro',
    ],
  ] as const)(
    'answers %s though the agreement exists, and journals the message with it',
    async (_, knob, reply, fault) => {
      const maria = await proxyAsCopyOf('maria');
      server.stub.faults.set(knob);
      expect(await makeAgreement(maria)).toMatchObject(reply);
      const made = server.stub.state.ledger.agreements.filter((a) => a.cpfCnpj === maria.user.cpfCnpj);
      expect(made).toHaveLength(1);
      const messages = server.stub.state.ledger.requests.filter((m) => m.cpfCnpj === maria.user.cpfCnpj);
      expect(messages).toMatchObject([{ codigoAcordo: made[0]?.codigoAcordo, fault }]);
      expect(server.stub.faults.injected()[fault]).toBe(1);
      // the upstream tells the truth when asked afterwards
      const asked = await maria.ask('consultaAcordo', MARIA_CONTRACT);
      expect(asked.data).toMatchObject({ codigoAcordo: made[0]?.codigoAcordo });
      maria.close();
    },
  );

  it('hits only the documents and contracts it names, and nothing it refused', async () => {
    const named = await proxyAsCopyOf('maria');
    const other = await proxyAsCopyOf('maria');
    server.stub.faults.set({ madeThenServerErrorRate: 1, madeThenDocuments: [named.user.cpfCnpj] });
    expect(await makeAgreement(other)).toMatchObject({ err: false, data: { erro: false } });
    server.stub.faults.set({ madeThenContracts: ['0000000000'] });
    expect(await makeAgreement(named)).toMatchObject({ err: false, data: { erro: false } });
    // a request the upstream refuses makes nothing, and its refusal is its own
    const refused = await named.ask('gerarBoleto', {
      ...MARIA_CONTRACT,
      formapagamento: 4,
      idproposta: 'no-such-proposal',
      modo: '1',
      canalrecebimento: 'email',
      destinorecebimento: named.user.profile.email,
    });
    expect(refused).toMatchObject({
      err: true,
      msg: 'Proposta não encontrada ou expirada. Consulte as ofertas novamente.',
    });
    expect(server.stub.faults.injected()).toMatchObject({ madeThenServerError: 0, madeThenErro: 0 });
    named.close();
    other.close();
  });
});
