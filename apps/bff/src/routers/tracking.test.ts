import { createHmac } from 'node:crypto';
import { formatTrailMoney } from '@portal/contracts/upstream/trail-channel';
import type { ReceivedTrailRecord } from '@portal/stub/channels/trail';
import { contractWithAgreement, failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { formatBrDate } from '@portal/validation/dates';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keyIdOf } from '../keys/keyring';

const KEY_SECRET = 'trail-test-secret-0123456789';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const MARIA = '52998224725';

const lines: string[] = [];
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    env: { KEY_SECRET, TRUST_PROXY: 'true', PROXY_TIMEOUT_MS: '400', LOG_LEVEL: 'debug' },
    deps: { logStream: { write: (line) => lines.push(line) } },
  });
});
afterAll(() => stack.close());
beforeEach(() => stack.stub.faults.reset());

/**
 * The trail's id of a cookie value, as the upstream must see it: an HMAC, never the value itself, after the
 * id of the key that made it.
 */
const trailIdOf = (cookieValue: string) =>
  `k${keyIdOf(KEY_SECRET)}.${createHmac('sha256', KEY_SECRET).update(`trail-session:${cookieValue}`).digest('base64url')}`;

/**
 * Each client its own address (the BFF trusts the proxy header here), so the per-IP limit is its own; a
 * visitor who accepted cookies in the banner (`aceito=true`) unless `consent` says otherwise.
 */
let lastOctet = 0;
const client = (headers: Record<string, string> = {}, consent: 'true' | 'false' | null = 'true') => {
  lastOctet += 1;
  const ip = `198.51.100.${lastOctet}`;
  const made = { ip, ...stack.client({ 'x-forwarded-for': ip, ...headers }) };
  if (consent !== null) made.jar.set('aceito', consent);
  return made;
};

async function received(query: Record<string, string>): Promise<ReceivedTrailRecord[]> {
  const response = await fetch(`${stack.stubUrl}/__stub/trilha?${new URLSearchParams(query)}`);
  return (await response.json()) as ReceivedTrailRecord[];
}

/** Waits until `count` records of the session arrived, then a little more so that an extra one would show. */
async function settled(sessionId: string, count: number) {
  for (let i = 0; i < 150 && (await received({ sessionId })).length < count; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 250));
  return received({ sessionId });
}

const sessionRecord = (sessionId: string, ip: string, device = 'desktop') => ({
  metodo: 'gravarSessao',
  sessionId,
  ip,
  device,
  latitude: null,
  longitude: null,
  receivedAt: expect.any(String),
});

/** A view posted as the browser does, after the cookie consent, so the test can read the raw Set-Cookie. */
const postView = (body: unknown, { cookie, ...headers }: Record<string, string> = {}) =>
  fetch(`${stack.url}/trpc/tracking.view`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: stack.url,
      cookie: ['aceito=true', cookie].filter(Boolean).join('; '),
      ...headers,
    },
    body: JSON.stringify(body),
  });

describe('tracking.view', () => {
  it('records a signed-out view after its session, with an empty client id, under an HttpOnly visit cookie', async () => {
    const response = await postView({ page: 'home' }, { 'x-forwarded-for': '203.0.113.10' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { data: { ok: true } } });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('visita='));
    expect(cookie).toMatch(/^visita=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const visita = cookie?.split(';')[0]?.slice('visita='.length) ?? '';

    const sessionId = trailIdOf(visita);
    expect(await settled(sessionId, 2)).toEqual([
      sessionRecord(sessionId, '203.0.113.10'),
      {
        metodo: 'gravarTrilha',
        sessionId,
        stage: 1,
        flow: 1,
        trail: 'home',
        clienteId: '',
        receivedAt: expect.any(String),
      },
    ]);

    // the same visitor later: the same session, no second gravarSessao, no new cookie
    const again = await postView(
      { page: 'login' },
      { cookie: `visita=${visita}`, 'x-forwarded-for': '203.0.113.10' },
    );
    expect(again.headers.getSetCookie()).toEqual([]);
    const records = await settled(sessionId, 3);
    expect(records.map((r) => r.metodo)).toEqual(['gravarSessao', 'gravarTrilha', 'gravarTrilha']);
    expect(records.at(-1)).toMatchObject({ trail: 'login', stage: 1, flow: 4 });
  });

  it('replaces a visit cookie that names no configured key (made before key ids, or by a dropped key): the new visitor opens first', async () => {
    const kept = 'v'.repeat(43);
    const response = await postView(
      { page: 'home' },
      { cookie: `visita=${kept}`, 'x-forwarded-for': '203.0.113.11' },
    );
    const visita = response.headers.getSetCookie()[0]?.match(/^visita=([A-Za-z0-9_-]{43});/)?.[1] ?? '';
    // the key's id ends the new cookie
    expect(visita.endsWith(keyIdOf(KEY_SECRET))).toBe(true);
    const sessionId = trailIdOf(visita);
    expect((await settled(sessionId, 2)).map((r) => r.metodo)).toEqual(['gravarSessao', 'gravarTrilha']);
    expect(await received({ sessionId: trailIdOf(kept) })).toEqual([]);
  });

  it('names the visit cookie __Host-visita and marks it Secure when cookies are secure', async () => {
    const secure = await startStack({ env: { COOKIE_SECURE: 'true' } });
    try {
      const response = await fetch(`${secure.url}/trpc/tracking.view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: secure.url, cookie: 'aceito=true' },
        body: JSON.stringify({ page: 'home' }),
      });
      expect(response.headers.getSetCookie()).toEqual([
        expect.stringMatching(
          /^__Host-visita=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
        ),
      ]);
    } finally {
      await secure.close();
    }
  });

  it("carries the signed-in client's id and each page's stage and flow", async () => {
    const maria = client();
    await maria.trpc.auth.signIn.mutate(PERSONA.maria);
    const pages = [
      ['minha-conta', 2, 8],
      ['faq', 2, 14],
      ['negociacao', 3, 19],
      ['propostas', 4, 20],
      ['resumo', 4, 21],
      ['acordo-concluido', 5, 22],
      ['login', 1, 4],
    ] as const;
    for (const [page] of pages) {
      expect(await maria.trpc.tracking.view.mutate({ page, codcredor: '1001' })).toEqual({ ok: true });
    }
    expect(maria.jar.has('visita')).toBe(false);

    const sessionId = trailIdOf(maria.jar.get('sid') ?? '');
    const records = await settled(sessionId, pages.length + 1);
    expect(records[0]).toEqual(sessionRecord(sessionId, maria.ip));
    const clienteId = stack.stub.state.findUser(MARIA)?.id;
    expect(clienteId).toBeTruthy();
    expect(records.slice(1)).toEqual(
      pages.map(([trail, stage, flow]) => ({
        metodo: 'gravarTrilha',
        sessionId,
        stage,
        flow,
        trail,
        clienteId,
        extras: { codcredor: '1001' },
        receivedAt: expect.any(String),
      })),
    );
  });

  it('sends gravarSessao once, before every view, even for views that come at once', async () => {
    const signedIn = client();
    await signedIn.trpc.auth.signIn.mutate(PERSONA.joao);
    const visitor = client();
    // the upstream is slow to answer: views wait for the session record to count as done
    stack.stub.faults.set({ latencyMs: 150 });
    // a visitor's first view makes its cookie; the next ten come at once, while its gravarSessao is in flight
    await visitor.trpc.tracking.view.mutate({ page: 'home' });
    const visita = visitor.jar.get('visita') ?? '';
    await Promise.all([
      signedIn.trpc.tracking.view.mutate({ page: 'minha-conta' }),
      ...Array.from({ length: 10 }, () => signedIn.trpc.tracking.view.mutate({ page: 'minha-conta' })),
      ...Array.from({ length: 10 }, () => visitor.trpc.tracking.view.mutate({ page: 'home' })),
    ]);
    for (const sessionId of [trailIdOf(signedIn.jar.get('sid') ?? ''), trailIdOf(visita)]) {
      const records = await settled(sessionId, 12);
      expect(records).toHaveLength(12);
      expect(records[0]?.metodo).toBe('gravarSessao');
      expect(records.slice(1).map((r) => r.metodo)).toEqual(Array(11).fill('gravarTrilha'));
      expect(records.filter((r) => r.semSessao)).toEqual([]);
      // each view went only once the session's record was answered, 150 ms after it was kept
      const sessionAt = Date.parse(records[0]?.receivedAt ?? '');
      for (const view of records.slice(1))
        expect(Date.parse(view.receivedAt) - sessionAt).toBeGreaterThanOrEqual(140);
    }
  });

  it("records a phone's session as mobile", async () => {
    const phone = client({ 'user-agent': PHONE });
    await phone.trpc.tracking.view.mutate({ page: 'cadastro' });
    const sessionId = trailIdOf(phone.jar.get('visita') ?? '');
    const [session] = await settled(sessionId, 2);
    expect(session).toEqual(sessionRecord(sessionId, phone.ip, 'mobile'));
  });

  it('records nothing, and sets no cookie, for a private page while signed out', async () => {
    const before = (await received({})).length;
    const visitor = client();
    for (const page of ['minha-conta', 'negociacao', 'acordo-concluido'] as const) {
      expect(await visitor.trpc.tracking.view.mutate({ page })).toEqual({ ok: true });
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(visitor.jar.has('visita')).toBe(false);
    expect(await received({})).toHaveLength(before);
  });

  it('sets no visit cookie and records nothing for a visitor who has not accepted cookies, or refused them', async () => {
    const before = (await received({})).length;
    for (const consent of [null, 'false'] as const) {
      const visitor = client({}, consent);
      for (const page of ['home', 'login', 'cadastro'] as const) {
        expect(await visitor.trpc.tracking.view.mutate({ page })).toEqual({ ok: true });
      }
      expect(visitor.jar.has('visita')).toBe(false);
    }
    const raw = await fetch(`${stack.url}/trpc/tracking.view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ page: 'home' }),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.getSetCookie()).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await received({})).toHaveLength(before);
  });

  it('forgets the visit cookie of a visitor who withdrew the consent, and records nothing more', async () => {
    const visitor = client();
    await visitor.trpc.tracking.view.mutate({ page: 'home' });
    const sessionId = trailIdOf(visitor.jar.get('visita') ?? '');
    expect(await settled(sessionId, 2)).toHaveLength(2);
    visitor.jar.set('aceito', 'false');
    expect(await visitor.trpc.tracking.view.mutate({ page: 'login' })).toEqual({ ok: true });
    expect(visitor.jar.has('visita')).toBe(false);
    expect(await settled(sessionId, 2)).toHaveLength(2);
  });

  it('refuses a view from another origin, as every mutation', async () => {
    const response = await postView({ page: 'home' }, { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a page the trail does not know', async () => {
    const visitor = client();
    const unknown = await failure(visitor.trpc.tracking.view.mutate({ page: 'admin' as 'home' }));
    expect(unknown.data?.code).toBe('BAD_REQUEST');
    const badCreditor = await failure(
      visitor.trpc.tracking.view.mutate({ page: 'home', codcredor: 'x'.repeat(21) }),
    );
    expect(badCreditor.data?.code).toBe('BAD_REQUEST');
  });

  it('stops tracking an address beyond 120 views a minute, and still answers ok', async () => {
    const visitor = client();
    await visitor.trpc.tracking.view.mutate({ page: 'home' });
    const answers = await Promise.all(
      Array.from({ length: 129 }, () => visitor.trpc.tracking.view.mutate({ page: 'politica-geral' })),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    const records = await settled(trailIdOf(visitor.jar.get('visita') ?? ''), 121);
    expect(records.filter((r) => r.metodo === 'gravarTrilha')).toHaveLength(120);
  });

  it('answers at once while the upstream stays silent, and the upstream still records', async () => {
    stack.stub.faults.set({ trailSilent: true });
    const visitor = client();
    const started = Date.now();
    await visitor.trpc.tracking.view.mutate({ page: 'home' });
    await visitor.trpc.tracking.view.mutate({ page: 'login' });
    // well under the 1 s the channel waits for a reply
    expect(Date.now() - started).toBeLessThan(500);
    const records = await settled(trailIdOf(visitor.jar.get('visita') ?? ''), 3);
    expect(records.map((r) => [r.metodo, r.semSessao])).toEqual([
      ['gravarSessao', undefined],
      ['gravarTrilha', undefined],
      ['gravarTrilha', undefined],
    ]);
  });

  it('answers ok while the upstream refuses every record, and keeps nothing there', async () => {
    stack.stub.faults.set({ errorRate: 1 });
    const visitor = client();
    for (let i = 0; i < 5; i += 1) {
      expect(await visitor.trpc.tracking.view.mutate({ page: 'home' })).toEqual({ ok: true });
    }
    expect(await settled(trailIdOf(visitor.jar.get('visita') ?? ''), 0)).toEqual([]);
  });

  it('answers ok at once while the trail channel cannot be reached', async () => {
    const cut = await startStack({ env: { UPSTREAM_WS_URL: 'ws://127.0.0.1:9' } });
    try {
      const visitor = cut.client();
      visitor.jar.set('aceito', 'true');
      const started = Date.now();
      for (let i = 0; i < 20; i += 1) {
        expect(await visitor.trpc.tracking.view.mutate({ page: 'home' })).toEqual({ ok: true });
      }
      expect(Date.now() - started).toBeLessThan(2_000);
      await visitor.trpc.auth.signIn.mutate(PERSONA.maria);
      expect(await visitor.trpc.tracking.view.mutate({ page: 'minha-conta' })).toEqual({ ok: true });
    } finally {
      await cut.close();
    }
  });
});

/** Signs in, opens the first contract to negotiate and keeps the summary of one of its proposals. */
async function summaryFor(persona: { cpfCnpj: string; senha: string }, tipo: 'AV' | 'AP') {
  const user = client();
  await user.trpc.auth.signIn.mutate(persona);
  for (const creditor of await user.trpc.debts.creditors.query()) {
    const contracts = await user.trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
    const contract = contracts.find((c) => c.destino === 'negociacao');
    if (!contract) continue;
    const offers = await user.trpc.negotiation.offers.query({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      propostas: contract.chamarProposta,
      dividas: contract.chamarDivida,
    });
    const proposal = offers.proposals.find((p) => p.tipo === tipo);
    if (!proposal) continue;
    const summary = await user.trpc.negotiation.saveSummary.mutate({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      formaPagamento: 'pix',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: proposal.id },
    });
    return { ...user, summary };
  }
  throw new Error(`no ${tipo} proposal to agree on`);
}

describe('agreements on the trail', () => {
  it('records a concluded agreement once (gravarTrilhaAcordo), not again for a repeat of its key', async () => {
    const { trpc, jar, ip, summary } = await summaryFor(PERSONA.maria, 'AP');
    const contact = { chave: summary.chave, email: 'maria.silva@example.com' };
    // A concurrent repeat is answered 409 or, once the first is done, with its result: never recorded again.
    const [first, second] = await Promise.all([
      trpc.agreements.create.mutate(contact),
      trpc.agreements.create.mutate(contact).catch(() => undefined),
    ]);
    expect(first.status).toBe('concluido');
    if (second) expect(second).toEqual(first);
    expect(await trpc.agreements.create.mutate(contact)).toEqual(first);

    const sessionId = trailIdOf(jar.get('sid') ?? '');
    const records = await settled(sessionId, 2);
    expect(records).toEqual([
      sessionRecord(sessionId, ip),
      {
        metodo: 'gravarTrilhaAcordo',
        sessionId,
        clienteId: stack.stub.state.findUser(MARIA)?.id,
        codCredor: summary.credor.codcredor,
        contrato: summary.contrato,
        tipoAcordo: 'AP',
        valorEntrada: formatTrailMoney(summary.detalhes.entradaCents ?? -1),
        valorParcela: formatTrailMoney(summary.detalhes.demaisParcelas?.valorCents ?? -1),
        quantidadeParcela: summary.detalhes.demaisParcelas?.quantidade,
        dataVencimento: formatBrDate(summary.detalhes.vencimento),
        tipoPagamento: 'pix',
        valorTotal: formatTrailMoney(summary.detalhes.totalCents),
        receivedAt: expect.any(String),
      },
    ]);
    expect(records[1]?.metodo === 'gravarTrilhaAcordo' && records[1].valorTotal).toMatch(
      /^R\$ [\d.]+,\d{2}$/,
    );
  });

  it('records an upfront agreement with no entry and no instalments', async () => {
    const { trpc, jar, summary } = await summaryFor(PERSONA.maria, 'AV');
    expect((await trpc.agreements.create.mutate({ chave: summary.chave })).status).toBe('concluido');
    const [, agreement] = await settled(trailIdOf(jar.get('sid') ?? ''), 2);
    expect(agreement).toMatchObject({
      metodo: 'gravarTrilhaAcordo',
      tipoAcordo: 'AV',
      valorEntrada: 'R$ 0,00',
      valorParcela: 'R$ 0,00',
      quantidadeParcela: 0,
      valorTotal: formatTrailMoney(summary.detalhes.totalCents),
    });
  });

  it('records nothing for an agreement the upstream could not conclude', async () => {
    const { trpc, jar, summary } = await summaryFor(PERSONA.carlos, 'AV');
    expect(
      await trpc.agreements.create.mutate({ chave: summary.chave, email: 'carlos@example.com' }),
    ).toEqual({
      status: 'erro',
    });
    expect(await settled(trailIdOf(jar.get('sid') ?? ''), 0)).toEqual([]);
  });

  it('records a boleto issued again on /acordos and one sent by e-mail (gravarTrilhaBoleto)', async () => {
    const ana = client();
    await ana.trpc.auth.signIn.mutate(PERSONA.ana);
    const found = await contractWithAgreement(ana.trpc);
    const open = (await ana.trpc.agreements.inProgress.query(found)).parcelas.find(
      (p) => p.status === 'EM ABERTO',
    );
    if (!open) throw new Error('no open instalment');
    const reissued = await ana.trpc.agreements.reissue.mutate({ ...found, parcela: open.id });
    if (reissued.status !== 'concluido') throw new Error('not reissued');
    await ana.trpc.agreements.send.mutate({ canal: 'email', destino: 'ana@example.com' });

    const sessionId = trailIdOf(ana.jar.get('sid') ?? '');
    const boleto = {
      metodo: 'gravarTrilhaBoleto',
      sessionId,
      clienteId: stack.stub.state.findUser('93541134780')?.id,
      codCredor: found.codcredor,
      contrato: found.contrato,
      nossonumero: reissued.acordo.nossonumero,
      tipoPagamento: reissued.acordo.formaPagamento,
      receivedAt: expect.any(String),
    };
    expect(await settled(sessionId, 3)).toEqual([
      sessionRecord(sessionId, ana.ip),
      { ...boleto, canal: 'reemissao' },
      { ...boleto, canal: 'email' },
    ]);
  });

  it('leaves no document, cookie value or address in the logs', async () => {
    stack.stub.faults.set({ trailSilent: true });
    const maria = client();
    await maria.trpc.tracking.view.mutate({ page: 'home' });
    await maria.trpc.auth.signIn.mutate(PERSONA.maria);
    await maria.trpc.tracking.view.mutate({ page: 'minha-conta' });
    await new Promise((r) => setTimeout(r, 1_200));
    const log = lines.join('\n');
    expect(log).toContain('trail channel');
    for (const secret of [MARIA, maria.jar.get('sid'), maria.jar.get('visita'), maria.ip]) {
      expect(log).not.toContain(secret);
    }
  });
});
