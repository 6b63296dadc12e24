import { loginReply, profileReply } from '@portal/contracts/upstream/auth';
import { agreementQueryResult } from '@portal/contracts/upstream/entities';
import {
  consultaContratoData,
  consultaDebitoData,
  consultaDividaData,
  proxyReply,
} from '@portal/contracts/upstream/proxy-channel';
import { useStubServer } from '@portal/test-kit/stub-server';
import { WebSocket } from 'undici';
import { describe, expect, it } from 'vitest';
import { PROXY_MESSAGES } from './channels/proxy';

const server = useStubServer();

const { post } = server;

const signIn = async (cpfCnpj: string) => {
  const response = await post('/login', { cpfCnpj, senha: 'Acordo@2026' });
  return loginReply.parse(await response.json()).data;
};

/** Opens the proxy channel and returns a function sending one message and awaiting its reply. */
async function openProxy() {
  const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws/proxy`);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  const replies: unknown[] = [];
  ws.addEventListener('message', (event) => replies.push(JSON.parse(String(event.data))));
  const ask = async (message: Record<string, unknown>, waitMs = 2_000) => {
    const before = replies.length;
    ws.send(JSON.stringify(message));
    const until = Date.now() + waitMs;
    while (replies.length === before && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return replies[before] === undefined ? undefined : proxyReply.parse(replies[before]);
  };
  return { ask, close: () => ws.close() };
}

describe('POST /login', () => {
  it('signs a persona in with the demo password and issues a token', async () => {
    const data = await signIn('52998224725');
    expect(data).toMatchObject({ cpfCnpj: '52998224725', nome: 'Maria Aparecida da Silva' });
    expect(data.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a wrong password with the catalogue message', async () => {
    const response = await post('/login', { cpfCnpj: '52998224725', senha: 'errada' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      msg: 'Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.',
    });
  });

  it('does not know the unregistered persona', async () => {
    expect((await post('/login', { cpfCnpj: '71460238001', senha: 'Acordo@2026' })).status).toBe(401);
  });

  it('re-validates a live token and refuses an expired one', async () => {
    const { token } = await signIn('11144477735');
    const again = await post('/login', { token });
    expect(loginReply.parse(await again.json()).data.token).toBe(token);

    await post('/__stub/tokens/expire', { cpfCnpj: '111.444.777-35' });
    const expired = await post('/login', { token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ msg: 'Token expirado' });
  });

  it('answers 400 to a malformed body', async () => {
    expect((await post('/login', { cpfCnpj: 123 })).status).toBe(400);
  });
});

describe('GET /consulta', () => {
  it("returns the token owner's profile", async () => {
    const { token } = await signIn('12ABC34501DE35');
    const response = await fetch(`${server.base}/consulta`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const profile = profileReply.parse(await response.json()).data;
    expect(profile).toMatchObject({ nome: 'Nova Era Tecnologia Ltda', cpfCnpj: '12ABC34501DE35' });
  });

  it('needs a token', async () => {
    expect((await fetch(`${server.base}/consulta`)).status).toBe(401);
  });
});

describe('logos', () => {
  it('serves every creditor logo as SVG', async () => {
    for (const creditor of server.stub.state.creditors.values()) {
      const response = await fetch(`${server.base}/logos/${creditor.slug}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    }
    expect((await fetch(`${server.base}/logos/nope.svg`)).status).toBe(404);
  });
});

describe('proxy channel', () => {
  it("answers consultaDebito with Maria's creditors, matched by idRequest", async () => {
    const { token } = await signIn('52998224725');
    const proxy = await openProxy();
    const reply = await proxy.ask({
      idRequest: 'r-1',
      metodo: 'consultaDebito',
      app: 'test',
      cpfcnpj: '52998224725',
      token,
    });
    proxy.close();
    expect(reply).toMatchObject({ idRequest: 'r-1', err: false, retorno: 0 });
    const { credor } = consultaDebitoData.parse(reply?.data);
    expect(credor.length).toBeGreaterThanOrEqual(3);
    expect(credor[0]?.logomarca).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/logos\/[a-z0-9-]+\.svg$/);
  });

  it("answers consultaContrato with the creditor's contracts, and notFound for a creditor without any", async () => {
    const { token } = await signIn('52998224725');
    const proxy = await openProxy();
    const scope = { app: 'test', cpfcnpj: '52998224725', token, logomarca: '', url: '', pagamento: [] };
    const reply = await proxy.ask({
      ...scope,
      idRequest: 'c-1',
      metodo: 'consultaContrato',
      codcredor: '1001',
      parcelasIndividuaisSequenciais: false,
    });
    const none = await proxy.ask({
      ...scope,
      idRequest: 'c-2',
      metodo: 'consultaContrato',
      codcredor: '1006',
      parcelasIndividuaisSequenciais: false,
    });
    proxy.close();
    expect(consultaContratoData.parse(reply?.data).contratos.map((c) => c.numcontrato)).toEqual([
      '7201938455',
      '883104',
    ]);
    expect(none).toMatchObject({ err: true, retorno: 1, msg: PROXY_MESSAGES.noContracts });
  });

  it("answers consultaAcordo with Ana's agreement in progress", async () => {
    const { token } = await signIn('93541134780');
    const proxy = await openProxy();
    const scope = { app: 'test', cpfcnpj: '93541134780', token, metodo: 'consultaAcordo', codcredor: '1006' };
    const reply = await proxy.ask({ ...scope, idRequest: 'a-1', contrato: '6011452873' });
    const none = await proxy.ask({ ...scope, idRequest: 'a-2', contrato: '51200347' });
    proxy.close();
    const agreement = agreementQueryResult.parse(reply?.data);
    expect(agreement.codigoAcordo).toBe('2025004417');
    // her creditor's upstream marks none FUTURA: every unpaid instalment comes 'EM ABERTO'
    expect(agreement.parcelasAcordo.filter((p) => p.status === 'EM ABERTO')).toHaveLength(3);
    expect(none).toMatchObject({ err: true, retorno: 1, msg: PROXY_MESSAGES.noAgreement });
  });

  it("answers consultaDivida with a contract's open instalments, and refuses a payment date not on offer", async () => {
    const { token } = await signIn('52998224725');
    const proxy = await openProxy();
    const scope = { app: 'test', cpfcnpj: '52998224725', token, metodo: 'consultaDivida', codcredor: '1001' };
    const reply = await proxy.ask({ ...scope, idRequest: 'd-1', contrato: '883104' });
    const badDate = await proxy.ask({
      ...scope,
      idRequest: 'd-2',
      contrato: '883104',
      vencimento: '01/01/2020',
    });
    proxy.close();
    const { dividas } = consultaDividaData.parse(reply?.data);
    expect(dividas.map((d) => d.id)).toEqual(['883104-3', '883104-4', '883104-5']);
    expect(dividas.map((d) => d.parcelaFutura)).toEqual([false, false, true]);
    expect(badDate).toMatchObject({ err: true, msg: PROXY_MESSAGES.badDueDate });
  });

  it('answers an empty list for João', async () => {
    const { token } = await signIn('11144477735');
    const proxy = await openProxy();
    const reply = await proxy.ask({
      idRequest: 'r-2',
      metodo: 'consultaDebito',
      app: 'test',
      cpfcnpj: '11144477735',
      token,
    });
    proxy.close();
    expect(consultaDebitoData.parse(reply?.data).credor).toEqual([]);
  });

  it('refuses a token used for another document', async () => {
    const { token } = await signIn('11144477735');
    const proxy = await openProxy();
    const reply = await proxy.ask({
      idRequest: 'r-3',
      metodo: 'consultaDebito',
      app: 'test',
      cpfcnpj: '52998224725',
      token,
    });
    proxy.close();
    expect(reply).toMatchObject({ idRequest: 'r-3', err: true, msg: 'Acesso negado.' });
  });

  it("answers 'Token expirado' to an unknown token", async () => {
    const proxy = await openProxy();
    const reply = await proxy.ask({
      idRequest: 'r-4',
      metodo: 'consultaDebito',
      app: 'test',
      cpfcnpj: '52998224725',
      token: 'nope',
    });
    proxy.close();
    expect(reply).toMatchObject({ err: true, msg: 'Token expirado', retorno: 2 });
  });

  it('answers a malformed request that carries an idRequest with an error', async () => {
    const proxy = await openProxy();
    const reply = await proxy.ask({ idRequest: 'r-5', metodo: 'naoExiste' });
    proxy.close();
    expect(reply).toMatchObject({ idRequest: 'r-5', err: true, retorno: 9 });
  });

  it('never answers for Paulo', async () => {
    const { token } = await signIn('86822441018');
    const proxy = await openProxy();
    const reply = await proxy.ask(
      { idRequest: 'r-6', metodo: 'consultaDebito', app: 'test', cpfcnpj: '86822441018', token },
      300,
    );
    proxy.close();
    expect(reply).toBeUndefined();
  });
});

describe('faults', () => {
  it('answers 503 to REST calls while the error rate is 1, and recovers on reset', async () => {
    await fetch(`${server.base}/__stub/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 1 }),
    });
    expect((await post('/login', { cpfCnpj: '52998224725', senha: 'Acordo@2026' })).status).toBe(503);
    await fetch(`${server.base}/__stub/faults`, { method: 'DELETE' });
    expect((await post('/login', { cpfCnpj: '52998224725', senha: 'Acordo@2026' })).status).toBe(200);
  });

  it('refuses an out-of-range knob', async () => {
    const response = await fetch(`${server.base}/__stub/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 2 }),
    });
    expect(response.status).toBe(400);
  });
});
