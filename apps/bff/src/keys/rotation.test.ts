import { createHmac, randomBytes } from 'node:crypto';
import type { OutboxMessage } from '@portal/contracts/upstream/registration';
import { buildStub, type Stub } from '@portal/stub/app';
import type { ReceivedTrailRecord } from '@portal/stub/channels/trail';
import type { LedgerAgreement } from '@portal/stub/negotiation/agreements';
import { onEveryStore } from '@portal/test-kit/every-store';
import { concludeIndividualInstalments, createClient, failure } from '@portal/test-kit/harness';
import { logSink } from '@portal/test-kit/log-sink';
import { testConfig } from '@portal/test-kit/test-config';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createMemoryStore } from '../store/memory-store';
import { createRedisStore } from '../store/redis-store';
import type { SessionStore } from '../store/store';

// What the BFF answered is judged at the simulator (what reached the upstream, its ledger and outbox) and by
// the bytes and codes a browser got; values "written before key ids" are made here with node:crypto, as the
// BFF made them then, not with the keyring.
const PASSWORD = 'Acordo@2026';
const NEW_PASSWORD = 'Nova@senha1';
const WRONG = 'Errada@2026';
const A = randomBytes(32).toString('hex');
const B = randomBytes(32).toString('hex');
const bare = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('base64url');
const idOf = (secret: string) => bare(secret, 'device-key:').slice(0, 8);
const HOUR = 60 * 60_000;

/** A declaration's code as it was derived before key ids: 60 bits of the keyed hash, in Crockford's base 32. */
function codeBeforeIds(secret: string, cpfCnpj: string, codcredor: string, contrato: string, acordo: string) {
  const owner = bare(secret, `quitacao-owner:${cpfCnpj}`);
  const bits = Buffer.from(
    bare(secret, `quitacao:${owner}|${codcredor}|${contrato}|${acordo}`),
    'base64url',
  ).readBigUInt64BE(0);
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const chars = Array.from({ length: 12 }, (_, i) => alphabet[Number((bits >> BigInt(59 - i * 5)) & 31n)]);
  return `QT-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A device cookie as it was made before every keyed value carried an id (its key's id led it already). */
function deviceCookieBeforeIds(secret: string, cpfCnpj: string) {
  const device = randomBytes(16).toString('base64url');
  const mac = bare(secret, `device:${bare(secret, `device-person:${cpfCnpj}`)}.${device}`);
  return `${idOf(secret)}.${device}.${mac}`;
}

type Client = ReturnType<typeof createClient>;
type Trpc = Client['trpc'];

onEveryStore((storeEnv) => {
  let stub: Stub;
  let stubUrl: string;
  let shared: SessionStore;
  let store: SessionStore;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    // no log line of any replica may carry either secret (checked with the file's log sink)
    logSink.secrets.add(A).add(B);
    stub = await buildStub();
    stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
    const { REDIS_URL } = storeEnv();
    shared = REDIS_URL ? createRedisStore({ url: REDIS_URL }) : createMemoryStore();
    // every replica works on the same store, which outlives each of them
    store = { ...shared, close: async () => undefined };
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await stub.app.close();
    await shared.close();
  });

  /** A BFF replica with these keys, on the shared store and simulator: a restart with new settings. */
  async function replica(KEY_SECRET: string, previous: string[] = []) {
    const env = {
      KEY_SECRET,
      SIGNIN_MAX_FAILURES: '3',
      ...(previous.length > 0 ? { KEY_SECRETS_PREVIOUS: previous.join('\n') } : {}),
    };
    const lines: string[] = [];
    const app = await buildApp(testConfig(stubUrl, env), {
      store,
      logStream: { write: (line) => lines.push(line) },
    });
    apps.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      url,
      /** the key ids it logged at start, newest first */
      keyIds: () =>
        lines
          .map((line) => JSON.parse(line) as { msg?: string; keyIds?: string[] })
          .find((l) => l.msg?.startsWith('HMAC keys'))?.keyIds,
      client: () => createClient(url),
      /** the same browser (its cookies) on this replica */
      carry(from: Client) {
        const moved = createClient(url);
        for (const [name, value] of from.jar) moved.jar.set(name, value);
        return moved;
      },
      async signedIn(cpfCnpj: string, senha = PASSWORD) {
        const client = createClient(url);
        await client.trpc.auth.signIn.mutate({ cpfCnpj, senha });
        return client;
      },
      async download(client: Client, pdfUrl: string) {
        const response = await fetch(`${url}${pdfUrl}`, { headers: { cookie: client.cookieHeader() } });
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      },
    };
  }

  const stubJson = async <T>(path: string) => (await (await fetch(`${stubUrl}${path}`)).json()) as T;
  const sentModes = async (cpfCnpj: string) =>
    (
      await stubJson<{ modo?: string }[]>(`/__stub/proxy/requests?cpfCnpj=${cpfCnpj}&metodo=emitirBoleto`)
    ).map((request) => request.modo);

  /** Three individual instalments (modo '2') of Maria's 7201938455: only the portal's record says so. */
  async function individualInstalments(trpc: Trpc, email: string) {
    const { scope, created } = await concludeIndividualInstalments(trpc, email);
    expect(created.status).toBe('concluido');
    return scope;
  }

  /** An upfront agreement on Maria's 883104, paid in full at the simulator. */
  async function paidUpfront(trpc: Trpc, cpfCnpj: string) {
    const scope = { codcredor: '1001', contrato: '883104' };
    const offers = await trpc.negotiation.offers.query({ ...scope, propostas: true, dividas: false });
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no upfront offer');
    const { chave } = await trpc.negotiation.saveSummary.mutate({
      ...scope,
      formaPagamento: 'pix',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: upfront.id },
    });
    expect((await trpc.agreements.create.mutate({ chave })).status).toBe('concluido');
    await fetch(`${stubUrl}/__stub/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj, contrato: scope.contrato, parcela: 1, metodo: 'pix' }),
    });
    return scope;
  }

  /** 'Gerar pagamento' on the agreement's open instalment: the mode the upstream was sent it in. */
  async function reissuedMode(trpc: Trpc, scope: { codcredor: string; contrato: string }, cpfCnpj: string) {
    const { parcelas } = await trpc.agreements.inProgress.query(scope);
    const open = parcelas.find((p) => p.status === 'EM ABERTO');
    if (!open) throw new Error('no open instalment');
    expect((await trpc.agreements.reissue.mutate({ ...scope, parcela: open.id })).status).toBe('concluido');
    return (await sentModes(cpfCnpj)).at(-1);
  }

  /** The reset link the simulator e-mailed last. */
  async function resetLink(cpfCnpj: string) {
    const mail = (await stubJson<OutboxMessage[]>(`/__stub/outbox?cpfCnpj=${cpfCnpj}`))
      .filter((m) => m.canal === 'email')
      .at(-1);
    const link = new URL(mail?.texto.match(/(\/nova-senha-pb\?\S+)/)?.[1] ?? '/', 'http://x');
    return { id: link.searchParams.get('id') ?? '', codigo: link.searchParams.get('codigo') ?? '' };
  }

  /** A session's trail records but its agreements', once `count` have arrived: [metodo, semSessao]. */
  async function trail(sessionId: string, count: number) {
    let records: [string, boolean][] = [];
    for (let i = 0; i < 150 && records.length < count; i += 1) {
      records = (
        await stubJson<ReceivedTrailRecord[]>(`/__stub/trilha?sessionId=${encodeURIComponent(sessionId)}`)
      )
        .filter((r) => r.metodo !== 'gravarTrilhaAcordo')
        .map((r) => [r.metodo, r.semSessao === true]);
      if (records.length < count) await new Promise((r) => setTimeout(r, 20));
    }
    return records;
  }

  const refused = async (trpc: Trpc, cpfCnpj: string, senha: string) =>
    (await failure(trpc.auth.signIn.mutate({ cpfCnpj, senha }))).data?.code;

  it('rotates mid-run: what was keyed with the old key is found, verified and counted under the new one', async () => {
    // ── Under key A, as deployed before the rotation.
    const a = await replica(A);
    const user = stub.state.clonePersona('maria');
    const doc = user.cpfCnpj;
    const maria = await a.signedIn(doc);
    const laptop = await a.signedIn(doc);
    const deviceCookieOfA = maria.jar.get('dispositivo') ?? '';
    expect(deviceCookieOfA.startsWith(`${idOf(A)}.`)).toBe(true);
    const individual = await individualInstalments(maria.trpc, user.profile.email);
    const settled = await paidUpfront(maria.trpc, doc);
    const declaration = await maria.trpc.agreements.settlementDeclaration.mutate(settled);
    const issued = await a.download(maria, declaration.pdfUrl);
    expect(issued.status).toBe(200);
    await maria.trpc.tracking.view.mutate({ page: 'minha-conta' });
    const trailOfA = `k${idOf(A)}.${bare(A, `trail-session:${maria.jar.get('sid')}`)}`;
    expect(await trail(trailOfA, 2)).toEqual([
      ['gravarSessao', false],
      ['gravarTrilha', false],
    ]);
    // a stranger's browser: two wrong passwords, one short of the lock
    const stranger = a.client();
    for (let i = 0; i < 2; i += 1) expect(await refused(stranger.trpc, doc, WRONG)).toBe('UNAUTHORIZED');

    // ── Step 1: B is added as a previous key, A still writes. A reset link is sent now.
    const a2 = await replica(A, [B]);
    // what an operator checks: this replica writes with A and knows B
    expect(a2.keyIds()).toEqual([idOf(A), idOf(B)]);
    const ana = stub.state.clonePersona('ana');
    const sent = await a2.client().trpc.recovery.send.mutate({ cpfCnpj: ana.cpfCnpj });
    const link = await resetLink(ana.cpfCnpj);
    expect(link.id).toBe(sent.id);

    // ── Step 2: B is promoted, A kept as previous.
    const b = await replica(B, [A]);
    const mariaOnB = b.carry(maria);
    expect((await mariaOnB.trpc.auth.session.query())?.nome).toBe(user.profile.nome);
    // the declaration: its owner's page finds the same one, the same bytes download, the code still checks out
    expect(await mariaOnB.trpc.agreements.settlementDeclaration.mutate(settled)).toEqual(declaration);
    const again = await b.download(mariaOnB, declaration.pdfUrl);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(issued.bytes)).toBe(true);
    const checked = await b.client().trpc.verification.check.mutate({ codigo: declaration.codigo });
    expect(checked.veredito).toBe('confere');
    // the agreement's record is found: the boleto goes again in modo '2', which the upstream cannot tell
    expect(await reissuedMode(mariaOnB.trpc, individual, doc)).toBe('2');
    // the trail goes on under the session's id: no second gravarSessao, no new id
    await mariaOnB.trpc.tracking.view.mutate({ page: 'minha-conta' });
    // (with the boleto's record from the re-issue above, which went under it too)
    const [opened, ...then] = await trail(trailOfA, 4);
    expect(opened).toEqual(['gravarSessao', false]);
    expect(then.sort()).toEqual([
      ['gravarTrilha', false],
      ['gravarTrilha', false],
      ['gravarTrilhaBoleto', false],
    ]);
    expect(await trail(`k${idOf(B)}.${bare(B, `trail-session:${maria.jar.get('sid')}`)}`, 0)).toEqual([]);
    // the counters still count: the stranger's third wrong password locks the document, the right one is refused
    const strangerOnB = b.carry(stranger);
    expect(await refused(strangerOnB.trpc, doc, WRONG)).toBe('UNAUTHORIZED');
    expect(await refused(strangerOnB.trpc, doc, PASSWORD)).toBe('UNAUTHORIZED');
    // the device cookie A signed is still trusted: that browser signs in through the lock, and gets B's
    const owner = b.client();
    owner.jar.set('dispositivo', deviceCookieOfA);
    await owner.trpc.auth.signIn.mutate({ cpfCnpj: doc, senha: PASSWORD });
    const deviceCookieOfB = owner.jar.get('dispositivo') ?? '';
    expect(deviceCookieOfB.startsWith(`${idOf(B)}.`)).toBe(true);
    // a password change ends the sessions listed under A (the laptop) and under B (the owner's new one)
    const laptopOnB = b.carry(laptop);
    expect(await laptopOnB.trpc.auth.session.query()).not.toBeNull();
    await mariaOnB.trpc.account.changePassword.mutate({
      senha: PASSWORD,
      novaSenha: NEW_PASSWORD,
      confirmacao: NEW_PASSWORD,
    });
    expect(await laptopOnB.trpc.auth.session.query()).toBeNull();
    expect(await owner.trpc.auth.session.query()).toBeNull();
    expect(await mariaOnB.trpc.auth.session.query()).not.toBeNull();
    // the reset link sent in step 1 ends the session Ana signed in with under B
    const temporary = (await stubJson<OutboxMessage[]>(`/__stub/outbox?cpfCnpj=${ana.cpfCnpj}`))
      .at(-1)
      ?.texto.match(/senha provisória é (\S+)\./)?.[1];
    const anaOnB = await b.signedIn(ana.cpfCnpj, temporary ?? '');
    await b
      .client()
      .trpc.recovery.reset.mutate({ ...link, novaSenha: NEW_PASSWORD, confirmacao: NEW_PASSWORD });
    expect(await anaOnB.trpc.auth.session.query()).toBeNull();

    // ── Step 3: A is dropped.
    const c = await replica(B);
    const mariaOnC = c.carry(mariaOnB);
    expect((await mariaOnC.trpc.auth.session.query())?.nome).toBe(user.profile.nome);
    // what was re-keyed survives: the agreement's record was written again under B when it was read
    expect(await reissuedMode(mariaOnC.trpc, individual, doc)).toBe('2');
    // the lock set under B holds, and the device cookie B signed is trusted through it
    expect(await refused(c.carry(stranger).trpc, doc, NEW_PASSWORD)).toBe('UNAUTHORIZED');
    const ownerOnC = c.client();
    ownerOnC.jar.set('dispositivo', deviceCookieOfB);
    await ownerOnC.trpc.auth.signIn.mutate({ cpfCnpj: doc, senha: NEW_PASSWORD });
    // What legitimately expires with A: a device cookie it signed is a stranger's again (until that browser
    // signs in), and a declaration it issued, kept for years and never rewritten, is no longer its owner's
    // to download — its code still checks out on the public page, which needs no key. So A stays a previous
    // key for as long as declarations issued under it are kept (docs/operations.md).
    const withOldCookie = c.client();
    withOldCookie.jar.set('dispositivo', deviceCookieOfA);
    expect(await refused(withOldCookie.trpc, doc, NEW_PASSWORD)).toBe('UNAUTHORIZED');
    expect((await c.download(mariaOnC, declaration.pdfUrl)).status).toBe(404);
    const stillChecks = await c.client().trpc.verification.check.mutate({ codigo: declaration.codigo });
    expect(stillChecks.veredito).toBe('confere');
  }, 60_000);

  describe('values written before keyed values carried ids (kept by the old release under A)', () => {
    it.each([
      ['after the upgrade, under the same key', A, []],
      ['after the upgrade and a rotation, A being previous', B, [A]],
    ])('are found, verified and counted %s', async (_when, newest, previous) => {
      const on = await replica(newest, previous);
      const newestForm = (purpose: string, value: string) =>
        `k${idOf(newest)}.${bare(newest, `${purpose}:${value}`)}`;
      const user = stub.state.clonePersona('maria');
      const doc = user.cpfCnpj;
      const maria = await on.signedIn(doc);

      // a lock and a counter of the old release hold: locked, and two failures + one lock a document of three
      const locked = stub.state.clonePersona('maria').cpfCnpj;
      await store.set(`lock:signin-doc:${bare(A, locked)}`, 1, HOUR);
      expect(await refused(on.client().trpc, locked, PASSWORD)).toBe('UNAUTHORIZED');
      const counted = stub.state.clonePersona('maria').cpfCnpj;
      for (let i = 0; i < 2; i += 1) await store.increment(`limit:signin-doc:${bare(A, counted)}`, HOUR);
      const stranger = on.client();
      expect(await refused(stranger.trpc, counted, WRONG)).toBe('UNAUTHORIZED');
      expect(await refused(stranger.trpc, counted, PASSWORD)).toBe('UNAUTHORIZED');
      // a device cookie of the old release is trusted through the lock
      const owner = on.client();
      owner.jar.set('dispositivo', deviceCookieBeforeIds(A, locked));
      await owner.trpc.auth.signIn.mutate({ cpfCnpj: locked, senha: PASSWORD });

      // its record of an agreement (under the bare pseudonym) gives the mode, and is kept again under the newest key
      const individual = await individualInstalments(maria.trpc, user.profile.email);
      const recordKey = (owner: string) =>
        `agreement-made:${owner}:${individual.codcredor}:${individual.contrato}`;
      await store.delete(recordKey(newestForm('agreement-owner', doc)));
      await store.set(recordKey(bare(A, `agreement-owner:${doc}`)), { tipoAcordo: 'AV', modo: '2' }, HOUR);
      expect(await reissuedMode(maria.trpc, individual, doc)).toBe('2');
      // moved to the database under the newest key: the store's copy is no longer needed
      await store.delete(recordKey(bare(A, `agreement-owner:${doc}`)));
      expect(await reissuedMode(maria.trpc, individual, doc)).toBe('2');

      // its declaration (a bare owner, the code as derived then) is found by its owner's page and downloads
      const settled = await paidUpfront(maria.trpc, doc);
      const acordo = (await stubJson<LedgerAgreement[]>(`/__stub/agreements?cpfCnpj=${doc}`)).find(
        (made) => made.contrato === settled.contrato,
      );
      const codigo = codeBeforeIds(A, doc, settled.codcredor, settled.contrato, acordo?.codigoAcordo ?? '');
      await store.set(
        `quitacao:${codigo}`,
        {
          codigo,
          owner: bare(A, `quitacao-owner:${doc}`),
          titular: user.profile.nome,
          credor: 'Credor da declaração antiga',
          contrato: settled.contrato,
          codigoAcordo: acordo?.codigoAcordo ?? '',
          parcelas: [{ numero: 1, pagoEm: '2026-03-02', valorCents: 1_000 }],
          totalCents: 1_000,
          quitadaEm: '2026-03-02',
          emitidaEm: '2026-03-03',
        },
        HOUR,
      );
      const found = await maria.trpc.agreements.settlementDeclaration.mutate(settled);
      expect(found.codigo).toBe(codigo);
      expect((await on.download(maria, found.pdfUrl)).status).toBe(200);
      expect((await on.download(on.client(), found.pdfUrl)).status).toBe(404);

      // a session listed under the bare pseudonym (its first place) is ended by a password change
      const listedBefore = await on.signedIn(doc);
      const place = (person: string) => `sessions-of:${person}:0`;
      const sid = await store.get<string>(place(newestForm('sessions-of', doc)));
      expect(sid).toBe(maria.jar.get('sid'));
      await store.delete(place(newestForm('sessions-of', doc)));
      await store.set(place(bare(A, `sessions-of:${doc}`)), sid, HOUR);
      await listedBefore.trpc.account.changePassword.mutate({
        senha: PASSWORD,
        novaSenha: NEW_PASSWORD,
        confirmacao: NEW_PASSWORD,
      });
      expect(await maria.trpc.auth.session.query()).toBeNull();
      expect(await listedBefore.trpc.auth.session.query()).not.toBeNull();
    });

    it('a reset link remembered then still ends the sessions its person signed in with since the upgrade', async () => {
      const on = await replica(A);
      const ana = stub.state.clonePersona('ana');
      const sent = await on.client().trpc.recovery.send.mutate({ cpfCnpj: ana.cpfCnpj });
      const link = await resetLink(ana.cpfCnpj);
      // the record as the old release kept it: under the bare MAC of the id, naming the bare pseudonym
      await store.delete(`reset-link:k${idOf(A)}.${bare(A, `reset-link:${sent.id}`)}`);
      await store.set(
        `reset-link:${bare(A, `reset-link:${sent.id}`)}`,
        bare(A, `sessions-of:${ana.cpfCnpj}`),
        HOUR,
      );
      const temporary = (await stubJson<OutboxMessage[]>(`/__stub/outbox?cpfCnpj=${ana.cpfCnpj}`))
        .at(-1)
        ?.texto.match(/senha provisória é (\S+)\./)?.[1];
      const signedIn = await on.signedIn(ana.cpfCnpj, temporary ?? '');
      await on
        .client()
        .trpc.recovery.reset.mutate({ ...link, novaSenha: NEW_PASSWORD, confirmacao: NEW_PASSWORD });
      expect(await signedIn.trpc.auth.session.query()).toBeNull();
    });
  });
});
