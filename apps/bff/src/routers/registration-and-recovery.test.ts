import type { OutboxMessage } from '@portal/contracts/upstream/registration';
import { failure, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../account/registration';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const outbox = async (cpfCnpj: string) =>
  (await (await fetch(`${stack.stubUrl}/__stub/outbox?cpfCnpj=${cpfCnpj}`)).json()) as OutboxMessage[];

const fernanda = {
  cpfCnpj: '714.602.380-01',
  nome: 'Fernanda Oliveira Souza',
  email: 'fernanda.souza@example.com.br',
  telefone: '(41) 99123-4567',
  whatsapp: true,
  notificacao: false,
};

describe('document lookup', () => {
  it('tells a registered document from an unknown one', async () => {
    const { trpc } = stack.client();
    expect(await trpc.auth.lookupDocument.mutate({ cpfCnpj: '529.982.247-25' })).toEqual({
      cadastrado: true,
    });
    expect(await trpc.auth.lookupDocument.mutate({ cpfCnpj: '276.418.930-31' })).toEqual({
      cadastrado: false,
    });
  });
});

describe('registration', () => {
  it("flags Maria's e-mail and phone as taken with the catalogue messages", async () => {
    const result = await stack.client().trpc.registration.checkContacts.mutate({
      email: 'Maria.Silva@example.com',
      telefone: '(11) 91234-5678',
    });
    expect(result).toEqual({ email: CONTACT_MESSAGES.emailTaken, telefone: CONTACT_MESSAGES.phoneTaken });
  });

  it('refuses a taken e-mail at registration too', async () => {
    const error = await failure(
      stack.client().trpc.registration.register.mutate({ ...fernanda, email: 'maria.silva@example.com' }),
    );
    expect(error.message).toBe(CONTACT_MESSAGES.emailTaken);
  });

  it('refuses a one-word name, a bad phone and a bad e-mail with their Portuguese messages', async () => {
    const { trpc } = stack.client();
    const name = await failure(trpc.registration.register.mutate({ ...fernanda, nome: 'Fernanda' }));
    expect(name.message).toContain('Nome inválido');
    const phone = await failure(
      trpc.registration.register.mutate({ ...fernanda, telefone: '(20) 98765-4321' }),
    );
    expect(phone.message).toContain('Número de celular inválido');
    const email = await failure(trpc.registration.register.mutate({ ...fernanda, email: 'fernanda@' }));
    expect(email.message).toContain('E-mail inválido');
  });

  it('registers Fernanda, signs her in, and sends the temporary password by e-mail and SMS', async () => {
    const { trpc, jar } = stack.client();
    expect(await trpc.registration.checkContacts.mutate(fernanda)).toEqual({ email: null, telefone: null });
    const view = await trpc.registration.register.mutate(fernanda);
    expect(view).toMatchObject({ primeiroNome: 'Fernanda', documento: '714.602.380-01' });
    expect(jar.has('sid')).toBe(true);
    expect(JSON.stringify(view)).not.toMatch(/pass|senha/i);

    const sent = await outbox('71460238001');
    expect(sent.map((m) => m.canal).sort()).toEqual(['email', 'sms']);
    expect(sent.find((m) => m.canal === 'email')?.destino).toBe('fernanda.souza@example.com.br');
    expect(sent.find((m) => m.canal === 'sms')?.destino).toBe('41991234567');

    const again = await failure(stack.client().trpc.registration.register.mutate(fernanda));
    expect(again.message).toBe('CPF/CNPJ já cadastrado.');
  });
});

describe('password recovery', () => {
  it('sends a temporary password and answers the masked contacts', async () => {
    const result = await stack.client().trpc.recovery.send.mutate({ cpfCnpj: '390.533.447-05' });
    expect(result.email).toMatch(/^\w{1,2}\*\*\*@/);
    expect(result.telefone).toMatch(/\*/);
    expect(result.id.length).toBeGreaterThan(8);
    const sent = await outbox('39053344705');
    const temporary = sent.at(-1)?.texto.match(/senha provisória é (\S+)\./)?.[1];
    expect(temporary).toBeDefined();
    await expect(
      stack.client().trpc.auth.signIn.mutate({ cpfCnpj: '390.533.447-05', senha: temporary ?? '' }),
    ).resolves.toMatchObject({ primeiroNome: 'Carlos' });
  });

  it('sets a new password from the reset link, once', async () => {
    const { trpc } = stack.client();
    await trpc.recovery.send.mutate({ cpfCnpj: '935.411.347-80' });
    const mail = (await outbox('93541134780')).filter((m) => m.canal === 'email').at(-1);
    const link = new URL(mail?.texto.match(/(\/nova-senha-pb\?\S+)/)?.[1] ?? '/', 'http://x');
    const id = link.searchParams.get('id') ?? '';
    const codigo = link.searchParams.get('codigo') ?? '';

    const mismatch = await failure(
      trpc.recovery.reset.mutate({ id, codigo, novaSenha: 'NovaSenha1', confirmacao: 'Outra1234' }),
    );
    expect(mismatch.message).toContain('As senhas devem ser iguais');
    const weak = await failure(
      trpc.recovery.reset.mutate({ id, codigo, novaSenha: 'curta', confirmacao: 'curta' }),
    );
    expect(weak.message).toContain('A senha deve ter ao menos 8 caracteres');

    await trpc.recovery.reset.mutate({ id, codigo, novaSenha: 'NovaSenha1', confirmacao: 'NovaSenha1' });
    await expect(
      trpc.auth.signIn.mutate({ cpfCnpj: '935.411.347-80', senha: 'NovaSenha1' }),
    ).resolves.toMatchObject({
      primeiroNome: 'Ana',
    });
    const reused = await failure(
      trpc.recovery.reset.mutate({ id, codigo, novaSenha: 'Outra1234', confirmacao: 'Outra1234' }),
    );
    expect(reused.message).toBe('Link de recuperação inválido ou expirado.');
  });

  it('limits sends per document', async () => {
    const local = await startStack({ env: { RECOVERY_MAX_PER_DOCUMENT: '2' } });
    try {
      const { trpc } = local.client();
      await trpc.recovery.send.mutate({ cpfCnpj: '111.444.777-35' });
      await trpc.recovery.send.mutate({ cpfCnpj: '111.444.777-35' });
      const third = await failure(trpc.recovery.send.mutate({ cpfCnpj: '111.444.777-35' }));
      expect(third.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(local.stub.calls.get('POST /recuperar-senha-publico')).toBe(2);
    } finally {
      await local.close();
    }
  });

  it('limits sends per document over a day too, beyond the 15-minute limit', async () => {
    const local = await startStack({
      env: { RECOVERY_MAX_PER_DOCUMENT: '100', RECOVERY_MAX_PER_DOCUMENT_DAY: '3' },
    });
    try {
      const { trpc } = local.client();
      for (let i = 0; i < 3; i += 1) await trpc.recovery.send.mutate({ cpfCnpj: '111.444.777-35' });
      const fourth = await failure(trpc.recovery.send.mutate({ cpfCnpj: '111.444.777-35' }));
      expect(fourth.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(local.stub.calls.get('POST /recuperar-senha-publico')).toBe(3);
    } finally {
      await local.close();
    }
  });

  it('limits password resets per IP, before the upstream sees them', async () => {
    const local = await startStack({ env: { RECOVERY_MAX_PER_IP: '2' } });
    try {
      const { trpc } = local.client();
      const guess = { id: 'rec-x', codigo: 'guess', novaSenha: 'NovaSenha1', confirmacao: 'NovaSenha1' };
      for (let i = 0; i < 2; i += 1) await failure(trpc.recovery.reset.mutate(guess));
      const third = await failure(trpc.recovery.reset.mutate(guess));
      expect(third.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(local.stub.calls.get('POST /recuperar-senha-publico/nova')).toBe(2);
    } finally {
      await local.close();
    }
  });

  it('shows the upstream message for an unregistered document', async () => {
    const error = await failure(stack.client().trpc.recovery.send.mutate({ cpfCnpj: '276.418.930-31' }));
    expect(error.message).toBe('CPF/CNPJ não cadastrado.');
  });
});
