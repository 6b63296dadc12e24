import type { AccessRecord } from '@portal/contracts/activation-channel';
import { buildStub, type Stub } from '@portal/stub/app';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ActivationChannel, createActivationChannel } from './activation-channel';

/** Every log call, as JSON, so a test can check what the channel says (and what it never says). */
const logged: string[] = [];
const recordingLogger = Object.fromEntries(
  ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [
    level,
    (...args: unknown[]) => logged.push(JSON.stringify([level, ...args])),
  ]),
) as unknown as FastifyBaseLogger;

let stub: Stub;
let base: string;
let channel: ActivationChannel;

const open = (options: { ackTimeoutMs?: number; maxPending?: number; url?: string } = {}) =>
  createActivationChannel({
    url: options.url ?? `${base.replace('http', 'ws')}/ws/acionamento`,
    ackTimeoutMs: options.ackTimeoutMs ?? 5_000,
    ...(options.maxPending ? { maxPending: options.maxPending } : {}),
    logger: recordingLogger,
    backoffMs: { initial: 20, max: 200 },
  });

const record = (codcredor = '1001'): AccessRecord => ({
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

/** How long a send took to settle, in ms. */
const timed = async (sending: Promise<void>) => {
  const started = Date.now();
  await sending;
  return Date.now() - started;
};

beforeEach(async () => {
  logged.length = 0;
  stub = await buildStub();
  base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await channel?.close();
  await stub.app.close();
});

describe('activation channel', () => {
  it('resolves on the reply, long before the fallback, and the upstream keeps the record', async () => {
    channel = open({ ackTimeoutMs: 5_000 });
    expect(await timed(channel.send(record()))).toBeLessThan(2_000);
    expect(stub.state.acionamentos).toEqual([{ ...record(), receivedAt: expect.any(String) }]);
    expect(channel.pendingCount).toBe(0);
    expect(channel.connected).toBe(true);
  });

  it('matches 500 concurrent replies to their records', async () => {
    channel = open({ ackTimeoutMs: 5_000 });
    const codes = Array.from({ length: 500 }, (_, i) => String(i));
    const started = Date.now();
    await Promise.all(codes.map((code) => channel.send(record(code))));
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(stub.state.acionamentos.map((a) => a.codcredor).sort()).toEqual([...codes].sort());
    expect(channel.pendingCount).toBe(0);
  });

  it('counts a record as sent after ackTimeoutMs when the upstream stays silent', async () => {
    channel = open({ ackTimeoutMs: 200 });
    stub.faults.set({ activationSilent: true });
    const took = await timed(channel.send(record()));
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1_500);
    expect(stub.state.acionamentos).toHaveLength(1);
    expect(channel.pendingCount).toBe(0);
  });

  it('resolves, never rejects, when the upstream refuses the record', async () => {
    channel = open({ ackTimeoutMs: 5_000 });
    stub.faults.set({ errorRate: 1 });
    expect(await timed(channel.send(record()))).toBeLessThan(2_000);
    expect(stub.state.acionamentos).toEqual([]);
    expect(logged.some((l) => l.includes('refused an access record'))).toBe(true);
  });

  it('settles what is in flight when the socket drops, then reconnects', async () => {
    channel = open({ ackTimeoutMs: 60_000 });
    await channel.send(record('1'));
    stub.faults.set({ activationSilent: true });
    const inFlight = Array.from({ length: 50 }, (_, i) => channel.send(record(String(100 + i))));
    while (channel.pendingCount < 50) await new Promise((r) => setTimeout(r, 5));
    const dropped = Date.now();
    for (const client of stub.app.websocketServer.clients) client.terminate();
    await Promise.all(inFlight);
    // settled by the drop, not by their 60 s fallback
    expect(Date.now() - dropped).toBeLessThan(5_000);
    expect(channel.pendingCount).toBe(0);

    stub.faults.reset();
    for (let i = 0; i < 100 && !channel.connected; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(channel.connected).toBe(true);
    await channel.send(record('2'));
    expect(stub.state.acionamentos.at(-1)?.codcredor).toBe('2');
  });

  it('drops records at once, without queueing, while the upstream cannot be reached', async () => {
    await stub.app.close();
    channel = open({ ackTimeoutMs: 60_000 });
    // the first send waits for the connection attempt, which fails fast
    expect(await timed(channel.send(record()))).toBeLessThan(1_000);
    const later = Array.from({ length: 1_000 }, () => channel.send(record()));
    expect(channel.pendingCount).toBe(0);
    expect(await timed(Promise.all(later).then(() => undefined))).toBeLessThan(1_000);
  });

  it('drops records beyond its bound of sends in flight', async () => {
    channel = open({ ackTimeoutMs: 60_000, maxPending: 5 });
    stub.faults.set({ activationSilent: true });
    const held = Array.from({ length: 5 }, () => channel.send(record()));
    expect(await timed(channel.send(record()))).toBeLessThan(100);
    expect(channel.pendingCount).toBe(5);
    await channel.close();
    await Promise.all(held);
  });

  it('settles everything on close, and resolves later sends at once', async () => {
    channel = open({ ackTimeoutMs: 60_000 });
    stub.faults.set({ activationSilent: true });
    const held = Array.from({ length: 10 }, () => channel.send(record()));
    while (channel.pendingCount < 10) await new Promise((r) => setTimeout(r, 5));
    await channel.close();
    expect(await timed(Promise.all(held).then(() => undefined))).toBeLessThan(100);
    expect(await timed(channel.send(record()))).toBeLessThan(50);
    expect(channel.pendingCount).toBe(0);
    for (let i = 0; i < 50 && channel.connected; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(channel.connected).toBe(false);
  });

  it('never logs the document it sends', async () => {
    channel = open({ ackTimeoutMs: 100 });
    await channel.send(record());
    stub.faults.set({ activationSilent: true });
    await channel.send(record());
    stub.faults.set({ activationSilent: false, errorRate: 1 });
    await channel.send(record());
    for (const client of stub.app.websocketServer.clients) client.terminate();
    await stub.app.close();
    await channel.send(record());
    expect(logged.length).toBeGreaterThan(2);
    expect(logged.join('\n')).not.toContain('52998224725');
  });
});
