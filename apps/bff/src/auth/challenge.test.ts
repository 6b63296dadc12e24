import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { failure, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { AUTH_MESSAGES } from './messages';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const verifications = () => stack.stub.calls.get(`POST ${UPSTREAM_PATHS.verificarLogin}`) ?? 0;
const WRONG = 'Resposta incorreta. Verifique e tente novamente.';

describe('identity-question answers sent at once', () => {
  it('of 20 wrong answers to one question, exactly three reach the upstream', async () => {
    const user = stack.stub.state.clonePersona('maria');
    const { trpc } = stack.client();
    await trpc.auth.startChallenge.mutate({ cpfCnpj: user.cpfCnpj });
    const before = verifications();
    const errors = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        failure(trpc.auth.answerChallenge.mutate({ resposta: `errada ${i}` })),
      ),
    );
    expect(verifications() - before).toBe(3);
    const messages = errors.map((e) => e.message);
    expect(messages.filter((m) => m === WRONG)).toHaveLength(2);
    expect(messages.filter((m) => m === AUTH_MESSAGES.challengeExpired)).toHaveLength(18);
  });

  it('count only the answers that reached the upstream against the daily cap, and never against the password', async () => {
    const local = await startStack({ env: { CHALLENGE_ANSWERS_PER_DOCUMENT_DAY: '4' } });
    try {
      const user = local.stub.state.clonePersona('ana');
      const { trpc } = local.client();
      const reached = () => local.stub.calls.get(`POST ${UPSTREAM_PATHS.verificarLogin}`) ?? 0;
      // 20 answers at once to one question: three reach the upstream and count, the refused count for nothing
      await trpc.auth.startChallenge.mutate({ cpfCnpj: user.cpfCnpj });
      await Promise.all(
        Array.from({ length: 20 }, () => failure(trpc.auth.answerChallenge.mutate({ resposta: 'errada' }))),
      );
      await trpc.auth.startChallenge.mutate({ cpfCnpj: user.cpfCnpj });
      expect((await failure(trpc.auth.answerChallenge.mutate({ resposta: 'errada' }))).message).toBe(WRONG);
      const before = reached();
      expect((await failure(trpc.auth.answerChallenge.mutate({ resposta: 'errada' }))).message).toBe(
        SHARED_MESSAGES.tooManyAttempts,
      );
      expect(reached()).toBe(before);
      const view = await local
        .client()
        .trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
      expect(view.nome).toBe(user.profile.nome);
    } finally {
      await local.close();
    }
  });

  it('a right answer signs in once: of 5 at once, one gets a session and the others find the question spent', async () => {
    const user = stack.stub.state.clonePersona('maria');
    const asker = stack.client();
    await asker.trpc.auth.startChallenge.mutate({ cpfCnpj: user.cpfCnpj });
    const chal = asker.jar.get('chal') ?? '';
    // five browsers holding the same question (a stolen cookie replayed at once)
    const browsers = Array.from({ length: 5 }, () => {
      const browser = stack.client();
      browser.jar.set('chal', chal);
      return browser;
    });
    const results = await Promise.allSettled(
      browsers.map((b) => b.trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(AUTH_MESSAGES.challengeExpired);
    }
    expect(browsers.filter((b) => b.jar.has('sid'))).toHaveLength(1);
  });
});
