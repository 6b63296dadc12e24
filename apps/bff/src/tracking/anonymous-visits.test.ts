import { type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store';
import type { SessionStore } from '../store/store';

// Every key the BFF writes, in the order it writes them.
const written: string[] = [];
const memory = createMemoryStore();
const recording: SessionStore = {
  ...memory,
  set: (key, value, ttlMs) => {
    written.push(key);
    return memory.set(key, value, ttlMs);
  },
  increment: (key, windowMs) => {
    written.push(key);
    return memory.increment(key, windowMs);
  },
  claim: (key, value, ttlMs) => {
    written.push(key);
    return memory.claim(key, value, ttlMs);
  },
};

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: 'true' }, deps: { store: recording } });
});
afterAll(() => stack.close());

describe('anonymous visits', () => {
  it('keep nothing per visitor in the store: only the per-address rate counters, and still track each visitor once', async () => {
    const visitors = Array.from({ length: 20 }, () => stack.client({ 'x-forwarded-for': '203.0.113.44' }));
    for (const visitor of visitors) {
      // each accepted cookies in the banner
      visitor.jar.set('aceito', 'true');
      expect(await visitor.trpc.auth.session.query()).toBeNull();
      for (const page of ['home', 'login', 'cadastro'] as const)
        await visitor.trpc.tracking.view.mutate({ page });
      expect(visitor.jar.get('visita')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const kinds = new Set(written.map((key) => key.split(':').slice(0, 2).join(':')));
    expect(kinds).toEqual(new Set(['limit:track-ip']));
    // one address, one counter: 20 visitors and 60 views add no key of their own
    expect(new Set(written).size).toBe(1);

    // The trail still opens each visitor's session once, before its views.
    const trail = (await (await fetch(`${stack.stubUrl}/__stub/trilha`)).json()) as {
      metodo: string;
      sessionId: string;
      semSessao?: boolean;
    }[];
    expect(trail.filter((r) => r.metodo === 'gravarSessao')).toHaveLength(20);
    expect(trail.filter((r) => r.metodo === 'gravarTrilha')).toHaveLength(60);
    expect(trail.filter((r) => r.semSessao)).toEqual([]);
  });
});
