import type { TrailMessage } from '@portal/contracts/upstream/trail-channel';
import { buildStub, type Stub } from '@portal/stub/app';
import type { ReceivedTrailRecord } from '@portal/stub/channels/trail';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ActivationMessage, createActivationChannel } from './activation-channel';
import { createTrackingChannel, type TrackingOutcome } from './tracking-channel';

/** Every log call, as JSON, so a test can check what the channel says (and what it never says). */
const logged: string[] = [];
const recordingLogger = Object.fromEntries(
  ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [
    level,
    (...args: unknown[]) => logged.push(JSON.stringify([level, ...args])),
  ]),
) as unknown as FastifyBaseLogger;

/** "At once", for a send that must not wait for its ack: a twelfth of the minute these tests give the ack. */
const AT_ONCE_MS = 5_000;

let stub: Stub;
let base: string;
let channel: { close(): Promise<void> } | undefined;

/** The factory on the stub's activation channel (the most demanding user: its records carry a document). */
const open = (options: { ackTimeoutMs?: number; maxPending?: number; url?: string } = {}) => {
  const opened = createTrackingChannel<ActivationMessage>({
    url: options.url ?? `${base.replace('http', 'ws')}/ws/acionamento`,
    name: 'activation',
    ackTimeoutMs: options.ackTimeoutMs ?? 5_000,
    ...(options.maxPending ? { maxPending: options.maxPending } : {}),
    logger: recordingLogger,
    backoffMs: { initial: 20, max: 200 },
  });
  channel = opened;
  return opened;
};

const record = (codcredor = '1001'): ActivationMessage => ({
  metodo: 'registraAcionamento',
  dispositivo: 'desktop',
  codcredor,
  cpfcnpj: '52998224725',
  empresa: 'Negocia Varejo',
  idacionamento: 3000,
  tipo: 'Posicao',
  observacao: 'Cliente acessou o portal de negociação',
  usuario: 30000,
  stage: 1,
});
const { metodo: _metodo, ...kept } = record();

/** How long a send took to settle, in ms, and how it ended. */
const timed = async (sending: Promise<TrackingOutcome>) => {
  const started = Date.now();
  const outcome = await sending;
  return { took: Date.now() - started, outcome };
};

beforeEach(async () => {
  logged.length = 0;
  stub = await buildStub();
  base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await channel?.close();
  channel = undefined;
  await stub.app.close();
});

describe('tracking channel', () => {
  it('resolves on the reply, long before the fallback, and the upstream keeps the record', async () => {
    const activation = open({ ackTimeoutMs: 5_000 });
    const { took, outcome } = await timed(activation.send(record()));
    expect(took).toBeLessThan(2_000);
    expect(outcome).toBe('acknowledged');
    expect(stub.state.acionamentos).toEqual([{ ...kept, receivedAt: expect.any(String) }]);
    expect(activation.pendingCount).toBe(0);
    expect(activation.connection.connected).toBe(true);
  });

  it('matches 500 concurrent replies to their records', async () => {
    const activation = open({ ackTimeoutMs: 5_000 });
    const codes = Array.from({ length: 500 }, (_, i) => String(i));
    const started = Date.now();
    const outcomes = await Promise.all(codes.map((code) => activation.send(record(code))));
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(new Set(outcomes)).toEqual(new Set(['acknowledged']));
    expect(stub.state.acionamentos.map((a) => a.codcredor).sort()).toEqual([...codes].sort());
    expect(activation.pendingCount).toBe(0);
  });

  it('counts a record as sent after ackTimeoutMs when the upstream stays silent', async () => {
    const activation = open({ ackTimeoutMs: 200 });
    stub.faults.set({ activationSilent: true });
    const { took, outcome } = await timed(activation.send(record()));
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1_500);
    expect(outcome).toBe('unanswered');
    expect(stub.state.acionamentos).toHaveLength(1);
    expect(activation.pendingCount).toBe(0);
  });

  it('resolves, never rejects, when the upstream refuses the record', async () => {
    const activation = open({ ackTimeoutMs: 5_000 });
    stub.faults.set({ errorRate: 1 });
    const { took, outcome } = await timed(activation.send(record()));
    expect(took).toBeLessThan(2_000);
    expect(outcome).toBe('refused');
    expect(stub.state.acionamentos).toEqual([]);
    expect(logged.some((l) => l.includes('activation channel: the upstream refused a record'))).toBe(true);
  });

  it('settles what is in flight when the socket drops, then reconnects', async () => {
    const activation = open({ ackTimeoutMs: 60_000 });
    await activation.send(record('1'));
    stub.faults.set({ activationSilent: true });
    const inFlight = Array.from({ length: 50 }, (_, i) => activation.send(record(String(100 + i))));
    while (activation.pendingCount < 50) await new Promise((r) => setTimeout(r, 5));
    const dropped = Date.now();
    for (const client of stub.app.websocketServer.clients) client.terminate();
    // written before the drop: the upstream may have kept them, so they count as sent
    expect(new Set(await Promise.all(inFlight))).toEqual(new Set(['unanswered']));
    // settled by the drop, not by their 60 s fallback
    expect(Date.now() - dropped).toBeLessThan(5_000);
    expect(activation.pendingCount).toBe(0);

    stub.faults.reset();
    for (let i = 0; i < 100 && !activation.connection.connected; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(activation.connection.connected).toBe(true);
    await activation.send(record('2'));
    expect(stub.state.acionamentos.at(-1)?.codcredor).toBe('2');
  });

  it('drops records at once, without queueing, while the upstream cannot be reached', async () => {
    await stub.app.close();
    const activation = open({ ackTimeoutMs: 60_000 });
    // the first send waits for the connection attempt, which fails fast
    const first = await timed(activation.send(record()));
    expect(first.took).toBeLessThan(1_000);
    expect(first.outcome).toBe('dropped');
    const later = Array.from({ length: 1_000 }, () => activation.send(record()));
    expect(activation.pendingCount).toBe(0);
    const started = Date.now();
    expect(new Set(await Promise.all(later))).toEqual(new Set(['dropped']));
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('drops records beyond its bound of sends in flight', async () => {
    const activation = open({ ackTimeoutMs: 60_000, maxPending: 5 });
    stub.faults.set({ activationSilent: true });
    const held = Array.from({ length: 5 }, () => activation.send(record()));
    const extra = await timed(activation.send(record()));
    // at once: far from the minute a send in flight would wait (a loaded machine adds its delays)
    expect(extra.took).toBeLessThan(AT_ONCE_MS);
    expect(extra.outcome).toBe('dropped');
    expect(activation.pendingCount).toBe(5);
    await activation.close();
    await Promise.all(held);
  });

  it('settles everything on close, and resolves later sends at once', async () => {
    const activation = open({ ackTimeoutMs: 60_000 });
    stub.faults.set({ activationSilent: true });
    const held = Array.from({ length: 10 }, () => activation.send(record()));
    while (activation.pendingCount < 10) await new Promise((r) => setTimeout(r, 5));
    await activation.close();
    const closed = Date.now();
    await Promise.all(held);
    expect(Date.now() - closed).toBeLessThan(AT_ONCE_MS);
    const later = await timed(activation.send(record()));
    expect(later.took).toBeLessThan(AT_ONCE_MS);
    expect(later.outcome).toBe('dropped');
    expect(activation.pendingCount).toBe(0);
    for (let i = 0; i < 50 && activation.connection.connected; i += 1)
      await new Promise((r) => setTimeout(r, 10));
    expect(activation.connection.connected).toBe(false);
  });

  it('never logs the document it sends', async () => {
    const activation = open({ ackTimeoutMs: 100 });
    await activation.send(record());
    stub.faults.set({ activationSilent: true });
    await activation.send(record());
    stub.faults.set({ activationSilent: false, errorRate: 1 });
    await activation.send(record());
    for (const client of stub.app.websocketServer.clients) client.terminate();
    await stub.app.close();
    await activation.send(record());
    expect(logged.length).toBeGreaterThan(2);
    expect(logged.join('\n')).not.toContain('52998224725');
  });

  it('serves the trail channel with its default reply schema', async () => {
    const trail = createTrackingChannel<TrailMessage>({
      url: `${base.replace('http', 'ws')}/ws/trilha`,
      name: 'trail',
      ackTimeoutMs: 200,
      logger: recordingLogger,
    });
    channel = trail;
    const session: TrailMessage = {
      metodo: 'gravarSessao',
      sessionId: 'trail-test',
      ip: '203.0.113.7',
      device: 'desktop',
      latitude: null,
      longitude: null,
    };
    expect(await trail.send(session)).toBe('acknowledged');
    stub.faults.set({ trailSilent: true });
    expect(await trail.send(session)).toBe('unanswered');
    const received = (await (
      await fetch(`${base}/__stub/trilha?sessionId=trail-test`)
    ).json()) as ReceivedTrailRecord[];
    expect(received).toEqual([
      { ...session, receivedAt: expect.any(String) },
      { ...session, receivedAt: expect.any(String) },
    ]);
  });

  it('waits 1 s for an access record when built as the activation channel', async () => {
    const activation = createActivationChannel({
      url: `${base.replace('http', 'ws')}/ws/acionamento`,
      logger: recordingLogger,
    });
    channel = activation;
    stub.faults.set({ activationSilent: true });
    const { took, outcome } = await timed(activation.send(record()));
    expect(outcome).toBe('unanswered');
    expect(took).toBeGreaterThanOrEqual(990);
    expect(took).toBeLessThan(2_000);
  });
});
