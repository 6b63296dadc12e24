import type { ReceivedAccessRecord } from '@portal/stub/state/access-records';
import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store';
import type { SessionStore } from '../store/store';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const MARIA = '52998224725';

const lines: string[] = [];
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    env: { PROXY_TIMEOUT_MS: '400', LOG_LEVEL: 'debug' },
    deps: { logStream: { write: (line) => lines.push(line) } },
  });
});
afterAll(() => stack.close());
beforeEach(() => {
  stack.stub.faults.reset();
  stack.stub.state.acionamentos.length = 0;
});

/** What the upstream's activation channel received for a document, read through the simulator's control. */
async function received(cpfCnpj: string): Promise<ReceivedAccessRecord[]> {
  const response = await fetch(`${stack.stubUrl}/__stub/acionamentos?cpfCnpj=${cpfCnpj}`);
  return (await response.json()) as ReceivedAccessRecord[];
}

/** Waits until `count` records arrived, then a little more so that an extra one would show. */
async function settled(cpfCnpj: string, count: number) {
  for (let i = 0; i < 100 && (await received(cpfCnpj)).length < count; i += 1) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 250));
  return received(cpfCnpj);
}

const spec = {
  cpfcnpj: MARIA,
  empresa: 'Negocia Varejo',
  idacionamento: 3000,
  tipo: 'Posicao',
  observacao: 'Cliente acessou o portal de negociação',
  usuario: 30000,
  stage: 1,
  receivedAt: expect.any(String),
};

describe('access records (activation channel)', () => {
  it('go once per distinct creditor per session, after the contract query, and again in a new session', async () => {
    const phone = stack.client({ 'user-agent': PHONE });
    await phone.trpc.auth.signIn.mutate(PERSONA.maria);
    await phone.trpc.negotiation.contracts.query({ codcredor: '1001' });
    await phone.trpc.negotiation.contracts.query({ codcredor: '1001' });
    await phone.trpc.negotiation.contracts.query({ codcredor: '1002' });
    await phone.trpc.negotiation.contracts.query({ codcredor: '1001' });

    const first = await settled(MARIA, 2);
    expect(first).toHaveLength(2);
    expect(first).toEqual(
      expect.arrayContaining([
        { ...spec, dispositivo: 'mobile', codcredor: '1001' },
        { ...spec, dispositivo: 'mobile', codcredor: '1002' },
      ]),
    );

    const desktop = stack.client({ 'user-agent': DESKTOP });
    await desktop.trpc.auth.signIn.mutate(PERSONA.maria);
    await desktop.trpc.negotiation.contracts.query({ codcredor: '1001' });
    const after = await settled(MARIA, 3);
    expect(after).toHaveLength(3);
    expect(after.at(-1)).toEqual({ ...spec, dispositivo: 'desktop', codcredor: '1001' });
  });

  it('go again after signing out and in with the same browser', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await trpc.negotiation.contracts.query({ codcredor: '1008' });
    await trpc.auth.signOut.mutate();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await trpc.negotiation.contracts.query({ codcredor: '1008' });
    const records = await settled(MARIA, 2);
    expect(records.map((r) => r.codcredor)).toEqual(['1008', '1008']);
  });

  it('do not go when the contract query fails', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.paulo);
    await trpc.negotiation.contracts.query({ codcredor: '1001' }).catch(() => undefined);
    await trpc.negotiation.contracts.query({ codcredor: '9999' }).catch(() => undefined);
    expect(await settled('86822441018', 0)).toEqual([]);
  });

  it('never hold the user up while the upstream does not answer them', async () => {
    stack.stub.faults.set({ activationSilent: true });
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await trpc.debts.creditors.query();
    const started = Date.now();
    const contracts = await trpc.negotiation.contracts.query({ codcredor: '1002' });
    // well under the 1 s the channel waits for a reply
    expect(Date.now() - started).toBeLessThan(700);
    expect(contracts.length).toBeGreaterThan(0);
    expect(await settled(MARIA, 1)).toHaveLength(1);
  });

  it('leave no document in the logs', async () => {
    stack.stub.faults.set({ activationSilent: true });
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await trpc.negotiation.contracts.query({ codcredor: '1001' });
    await new Promise((r) => setTimeout(r, 1_200));
    const log = lines.join('\n');
    expect(log).toContain('activation channel');
    expect(log).not.toContain(MARIA);
    expect(log).not.toContain('529.982.247-25');
  });
});

describe('access records under concurrent contract queries', () => {
  // Every store call takes a round trip, as it does to the Redis that several instances share.
  const memory = createMemoryStore();
  const later = <T>(op: () => Promise<T>) => new Promise<void>((r) => setTimeout(r, 5)).then(op);
  const overTheNetwork: SessionStore = {
    get: <T>(key: string) => later(() => memory.get<T>(key)),
    set: (key, value, ttlMs) => later(() => memory.set(key, value, ttlMs)),
    delete: (key) => later(() => memory.delete(key)),
    increment: (key, windowMs) => later(() => memory.increment(key, windowMs)),
    count: (key) => later(() => memory.count(key)),
    claim: (key, value, ttlMs) => later(() => memory.claim(key, value, ttlMs)),
    release: (key, value) => later(() => memory.release(key, value)),
    expire: (key, ttlMs) => later(() => memory.expire(key, ttlMs)),
    ping: () => memory.ping(),
    close: () => memory.close(),
  };
  let slow: Stack;
  beforeAll(async () => {
    slow = await startStack({ env: { PROXY_TIMEOUT_MS: '2000' }, deps: { store: overTheNetwork } });
  });
  afterAll(() => slow.close());

  it('go once per creditor when the same creditor is queried twice at once', async () => {
    const { trpc } = slow.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await trpc.debts.creditors.query();
    const [a, b] = await Promise.all([
      trpc.negotiation.contracts.query({ codcredor: '1001' }),
      trpc.negotiation.contracts.query({ codcredor: '1001' }),
    ]);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);

    const records = async () =>
      (await (await fetch(`${slow.stubUrl}/__stub/acionamentos?cpfCnpj=${MARIA}`)).json()) as unknown[];
    for (let i = 0; i < 100 && (await records()).length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 250));
    expect(await records()).toEqual([{ ...spec, dispositivo: 'desktop', codcredor: '1001' }]);
  });
});
