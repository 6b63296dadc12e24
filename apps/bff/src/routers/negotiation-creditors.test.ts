import { failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPath } from '../negotiation/logos';
import { MESSAGES } from '../trpc/to-trpc-error';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '400' } });
});
afterAll(() => stack.close());

describe('debts.creditors', () => {
  it("lists Maria's partner creditors with logos served from our own origin", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const creditors = await trpc.debts.creditors.query();
    expect(creditors.length).toBeGreaterThanOrEqual(3);
    expect(new Set(creditors.map((c) => c.codcredor)).size).toBe(creditors.length);
    for (const c of creditors) {
      expect(c.nome.length).toBeGreaterThan(0);
      expect(c.logoUrl).toMatch(/^\/api\/logos\/[a-z0-9-]+\.svg$/);
    }
    expect(creditors.some((c) => c.sequencial)).toBe(true);

    const logo = await fetch(`${stack.url}${creditors[0]?.logoUrl}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await logo.text()).toMatch(/^<svg/);
  });

  it('gives João an empty list', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.joao);
    expect(await trpc.debts.creditors.query()).toEqual([]);
  });

  it('needs a session', async () => {
    const error = await failure(stack.client().trpc.debts.creditors.query());
    expect(error.data?.code).toBe('UNAUTHORIZED');
  });

  it("answers 'Erro de timeout' when the proxy channel stays silent past the limit", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.paulo);
    const started = Date.now();
    const error = await failure(trpc.debts.creditors.query());
    expect(error.message).toBe(MESSAGES.timeout);
    expect(error.data?.code).toBe('GATEWAY_TIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    // the session survives a timeout
    expect(await trpc.auth.session.query()).toMatchObject({ primeiroNome: 'Paulo' });
  });

  it("ends the session when the channel answers 'Token expirado'", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await fetch(`${stack.stubUrl}/__stub/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: PERSONA.maria.cpfCnpj }),
    });
    const error = await failure(trpc.debts.creditors.query());
    expect(error.message).toBe(MESSAGES.tokenExpired);
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(await trpc.auth.session.query()).toBeNull();
  });

  it('shows the upstream message as sent when the channel refuses', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    stack.stub.faults.set({ errorRate: 1 });
    try {
      const error = await failure(trpc.debts.creditors.query());
      expect(error.message).toBe('Erro interno do servidor.');
    } finally {
      stack.stub.faults.reset();
    }
  });
});

describe('logoPath', () => {
  it('keeps only a safe file name of the upstream logo URL', () => {
    expect(logoPath('http://stub:4010/logos/lojas-horizonte.svg')).toBe('/api/logos/lojas-horizonte.svg');
    expect(logoPath('/logos/a.png')).toBe('/api/logos/a.png');
    expect(logoPath('http://x/logos/..%2Fsecret')).toBeNull();
    expect(logoPath('javascript:alert(1)')).toBeNull();
  });
});
