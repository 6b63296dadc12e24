import type { OutboxMessage } from '@portal/contracts/upstream/registration';
import { type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

// Unregistered: a CPF no persona has.
const helena = {
  cpfCnpj: '276.418.930-31',
  nome: 'Helena Prado Vieira',
  email: 'helena.vieira@example.com.br',
  telefone: '(48) 99812-3456',
  whatsapp: false,
  notificacao: true,
};

describe('a registration whose automatic sign-in fails', () => {
  it('answers that the registration stands without a session, and the temporary password signs in later', async () => {
    const refused = await fetch(`${stack.stubUrl}/__stub/logins/refuse-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: helena.cpfCnpj }),
    });
    expect(refused.ok).toBe(true);

    const { trpc, jar } = stack.client();
    expect(await trpc.registration.register.mutate(helena)).toEqual({ status: 'cadastrado-sem-sessao' });
    expect(jar.has('sid')).toBe(false);
    expect(await trpc.auth.session.query()).toBeNull();

    // Registered all the same: the document is taken, and the password sent by e-mail signs in.
    expect(await trpc.auth.lookupDocument.mutate({ cpfCnpj: helena.cpfCnpj })).toEqual({ cadastrado: true });
    const sent = (await (
      await fetch(`${stack.stubUrl}/__stub/outbox?cpfCnpj=27641893031`)
    ).json()) as OutboxMessage[];
    const temporary = sent
      .find((m) => m.canal === 'email')
      ?.texto.match(/senha provisória de acesso é (\S+)\./)?.[1];
    expect(temporary).toBeDefined();
    await expect(
      stack.client().trpc.auth.signIn.mutate({ cpfCnpj: helena.cpfCnpj, senha: temporary ?? '' }),
    ).resolves.toMatchObject({ primeiroNome: 'Helena' });
  });
});
