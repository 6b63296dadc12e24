import { randomUUID } from 'node:crypto';
import { trailReply } from '@portal/contracts/upstream/trail-channel';
import { useStubServer } from '@portal/test-kit/stub-server';
import { openSocket } from '@portal/test-kit/stub-socket';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORDING_MESSAGES } from './recording-channel';
import type { ReceivedTrailRecord } from './trail';

const server = useStubServer();
afterEach(() => {
  server.stub.faults.reset();
});

/** Every test works on sessions of its own: the channel's log outlives a test. */
const fresh = () => ({
  sessionId: randomUUID(),
  clienteId: `c-${randomUUID().slice(0, 8)}`,
});

const session = (sessionId: string) => ({
  metodo: 'gravarSessao',
  sessionId,
  ip: '203.0.113.7',
  device: 'mobile',
  latitude: null,
  longitude: null,
});
const view = (sessionId: string, clienteId = '') => ({
  metodo: 'gravarTrilha',
  sessionId,
  stage: 3,
  flow: 19,
  trail: 'negociacao',
  clienteId,
  extras: { codcredor: '1001' },
});
const agreement = (sessionId: string, clienteId: string) => ({
  metodo: 'gravarTrilhaAcordo',
  sessionId,
  clienteId,
  codCredor: '1001',
  contrato: '123456789',
  tipoAcordo: 'AP',
  valorEntrada: 'R$ 100,00',
  valorParcela: 'R$ 1.234,56',
  quantidadeParcela: 3,
  dataVencimento: '15/03/2026',
  tipoPagamento: 'boleto',
  valorTotal: 'R$ 3.803,68',
});
const boleto = (sessionId: string, clienteId: string) => ({
  metodo: 'gravarTrilhaBoleto',
  sessionId,
  clienteId,
  codCredor: '1001',
  contrato: '123456789',
  nossonumero: 'AC-1',
  canal: 'reemissao',
  tipoPagamento: 'pix',
});

const received = async (query: Record<string, string>) => {
  const response = await fetch(`${server.base}/__stub/trilha?${new URLSearchParams(query)}`);
  return (await response.json()) as ReceivedTrailRecord[];
};

describe('trail channel', () => {
  it('keeps each kind of record with its method and arrival time, and answers its idRequest', async () => {
    const { sessionId, clienteId } = fresh();
    const channel = await openSocket(server.base, '/ws/trilha');
    const messages = [
      session(sessionId),
      view(sessionId, clienteId),
      agreement(sessionId, clienteId),
      boleto(sessionId, clienteId),
    ];
    for (const [index, message] of messages.entries()) {
      const reply = await channel.ask({ idRequest: `a-${index}`, ...message });
      expect(trailReply.parse(reply)).toEqual({ idRequest: `a-${index}`, err: false });
    }
    channel.close();
    const kept = await received({ sessionId });
    expect(kept).toEqual(messages.map((m) => ({ ...m, receivedAt: expect.any(String) })));
    for (const record of kept) expect(Date.now() - Date.parse(record.receivedAt)).toBeLessThan(5_000);
  });

  it('marks a record whose session was never recorded before it', async () => {
    const early = fresh();
    const channel = await openSocket(server.base, '/ws/trilha');
    await channel.ask({ idRequest: 'b-1', ...view(early.sessionId) });
    await channel.ask({ idRequest: 'b-2', ...session(early.sessionId) });
    await channel.ask({ idRequest: 'b-3', ...view(early.sessionId) });
    await channel.ask({ idRequest: 'b-4', ...boleto(fresh().sessionId, early.clienteId) });
    channel.close();
    const kept = await received({ sessionId: early.sessionId });
    expect(kept.map((r) => [r.metodo, r.semSessao])).toEqual([
      ['gravarTrilha', true],
      ['gravarSessao', undefined],
      ['gravarTrilha', undefined],
    ]);
    expect((await received({ clienteId: early.clienteId }))[0]?.semSessao).toBe(true);
  });

  it('filters by session and by client id, and an empty client id finds the anonymous views', async () => {
    const one = fresh();
    const two = fresh();
    const channel = await openSocket(server.base, '/ws/trilha');
    await channel.ask({ idRequest: 'c-1', ...session(one.sessionId) });
    await channel.ask({ idRequest: 'c-2', ...view(one.sessionId) });
    await channel.ask({ idRequest: 'c-3', ...session(two.sessionId) });
    await channel.ask({ idRequest: 'c-4', ...view(two.sessionId, two.clienteId) });
    channel.close();
    expect((await received({ sessionId: one.sessionId })).map((r) => r.metodo)).toEqual([
      'gravarSessao',
      'gravarTrilha',
    ]);
    expect(await received({ clienteId: two.clienteId })).toEqual([
      { ...view(two.sessionId, two.clienteId), receivedAt: expect.any(String) },
    ]);
    const anonymous = await received({ clienteId: '' });
    expect(anonymous.some((r) => r.sessionId === one.sessionId)).toBe(true);
    expect(anonymous.some((r) => r.sessionId === two.sessionId)).toBe(false);
  });

  it('answers a malformed record that carries an idRequest with an error, and keeps nothing', async () => {
    const { sessionId, clienteId } = fresh();
    const channel = await openSocket(server.base, '/ws/trilha');
    const malformed = [
      { ...view(sessionId), metodo: 'registraAcionamento' },
      { ...view(sessionId), trail: 'not-a-page' },
      // flow 19 is /negociacao's, not the home page's
      { ...view(sessionId), trail: 'home' },
      { ...session(sessionId), device: 'tablet' },
      { ...agreement(sessionId, clienteId), valorTotal: '3803.68' },
      { ...agreement(sessionId, clienteId), dataVencimento: '2026-03-15' },
      { ...boleto(sessionId, clienteId), canal: 'download' },
      { ...boleto(sessionId, ''), canal: 'email' },
      { metodo: 'gravarTrilha' },
    ];
    for (const [index, message] of malformed.entries()) {
      const reply = await channel.ask({ idRequest: `d-${index}`, ...message });
      expect(trailReply.parse(reply)).toEqual({
        idRequest: `d-${index}`,
        err: true,
        msg: RECORDING_MESSAGES.invalid,
      });
    }
    channel.close();
    expect(await received({ sessionId })).toEqual([]);
  });

  it('drops what has no idRequest or is not JSON, and goes on serving the connection', async () => {
    const { sessionId } = fresh();
    const channel = await openSocket(server.base, '/ws/trilha');
    expect(await channel.ask('not json {', 200)).toBeUndefined();
    expect(await channel.ask(session(sessionId), 200)).toBeUndefined();
    expect(await channel.ask(null, 200)).toBeUndefined();
    expect(await channel.ask([1, 2], 200)).toBeUndefined();
    const reply = await channel.ask({ idRequest: 'e-1', ...session(sessionId) });
    channel.close();
    expect(reply).toEqual({ idRequest: 'e-1', err: false });
    expect(await received({ sessionId })).toHaveLength(1);
  });

  it('keeps the record but never answers while trailSilent is on', async () => {
    const { sessionId } = fresh();
    await fetch(`${server.base}/__stub/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trailSilent: true }),
    });
    const channel = await openSocket(server.base, '/ws/trilha');
    expect(await channel.ask({ idRequest: 'f-1', ...session(sessionId) }, 300)).toBeUndefined();
    expect(await channel.ask({ idRequest: 'f-2', ...view(sessionId) }, 300)).toBeUndefined();
    channel.close();
    expect((await received({ sessionId })).map((r) => r.semSessao)).toEqual([undefined, undefined]);
  });

  it('answers a server error and keeps nothing while the error rate is 1', async () => {
    const { sessionId } = fresh();
    server.stub.faults.set({ errorRate: 1 });
    const channel = await openSocket(server.base, '/ws/trilha');
    const reply = await channel.ask({ idRequest: 'g-1', ...session(sessionId) });
    channel.close();
    expect(reply).toEqual({ idRequest: 'g-1', err: true, msg: RECORDING_MESSAGES.serverError });
    expect(await received({ sessionId })).toEqual([]);
  });

  it('keeps the newest 10,000 records, dropping the oldest', async () => {
    const prefix = randomUUID();
    const channel = await openSocket(server.base, '/ws/trilha');
    for (let i = 0; i < 10_010; i += 1)
      void channel.ask({ idRequest: `h-${i}`, ...session(`${prefix}-${i}`) }, 0);
    for (let i = 0; i < 250 && (await received({ sessionId: `${prefix}-10009` })).length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    channel.close();
    const all = await received({});
    expect(all).toHaveLength(10_000);
    expect(all[0]?.sessionId).toBe(`${prefix}-10`);
    expect(all.at(-1)?.sessionId).toBe(`${prefix}-10009`);
  });
});
