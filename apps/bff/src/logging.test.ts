import { PERSONA, startStack } from '@portal/test-kit/harness';
import { describe, expect, it } from 'vitest';

describe('logs', () => {
  it('carry no document, name, contact, password, token or session id at debug level', async () => {
    const lines: string[] = [];
    const stack = await startStack({
      env: { LOG_LEVEL: 'debug', PROXY_TIMEOUT_MS: '200' },
      deps: { logStream: { write: (line) => lines.push(line) } },
    });
    try {
      const { trpc, jar } = stack.client();
      await trpc.auth.signIn.mutate({ ...PERSONA.maria, senha: 'errada' }).catch(() => undefined);
      await trpc.auth.signIn.mutate(PERSONA.maria);
      await trpc.auth.session.query();
      await trpc.debts.creditors.query();
      const sessionId = jar.get('sid') ?? 'missing';
      await trpc.auth.signOut.mutate();
      const paulo = stack.client();
      await paulo.trpc.auth.signIn.mutate(PERSONA.paulo);
      await paulo.trpc.debts.creditors.query().catch(() => undefined);
      await trpc.auth.signIn.mutate({ cpfCnpj: 'abc', senha: 'x' }).catch(() => undefined);

      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThan(10);
      for (const secret of [
        '52998224725',
        '529.982.247-25',
        '86822441018',
        'Maria Aparecida',
        'maria.silva@example.com',
        '11912345678',
        'Acordo@2026',
        'errada',
        sessionId,
      ]) {
        expect(log).not.toContain(secret);
      }
      // the upstream tokens are random: no JSON field may carry one
      expect(log).not.toMatch(/"token"/);
    } finally {
      await stack.close();
    }
  });
});
