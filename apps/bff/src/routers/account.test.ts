import type { ClonablePersona } from '@portal/stub/state/personas';
import { createClient, failure, type Stack, startStack } from '@portal/test-kit/harness';
import { BIRTH_DATE_INVALID_MESSAGE } from '@portal/validation/birth-date';
import { CONTACT_REQUIRED_MESSAGE } from '@portal/validation/contact';
import { RATING_COMMENT_TOO_LONG_MESSAGE, RATING_INVALID_MESSAGE } from '@portal/validation/rating';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ACCOUNT_MESSAGES = {
  dateInvalid: BIRTH_DATE_INVALID_MESSAGE,
  contactRequired: CONTACT_REQUIRED_MESSAGE,
  ratingInvalid: RATING_INVALID_MESSAGE,
  commentTooLong: RATING_COMMENT_TOO_LONG_MESSAGE,
} as const;

let stack: Stack;
const logLines: string[] = [];
beforeAll(async () => {
  stack = await startStack({
    env: { LOG_LEVEL: 'debug' },
    deps: { logStream: { write: (line) => logLines.push(line) } },
  });
});
afterAll(() => stack.close());

/** A signed-in client on a fresh copy of a persona: these tests change and delete accounts. */
async function signedIn(like: ClonablePersona) {
  const user = stack.stub.state.clonePersona(like);
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
  return { ...client, user };
}

const calls = (key: string) => stack.stub.calls.get(key) ?? 0;

const profileOf = (p: { nome: string; email: string; telefone: string }) => ({
  nome: p.nome,
  dtNascimento: '15/04/1978',
  email: p.email,
  telefone: p.telefone,
  whatsapp: true,
});

describe('account.profile', () => {
  it("answers the profile on file, with whether it is a company's", async () => {
    const { trpc, user } = await signedIn('maria');
    const profile = await trpc.account.profile.query();
    expect(profile).toEqual({ ...user.profile, empresa: false });
    expect(profile).not.toHaveProperty('cpfCnpj');
    const company = await signedIn('comercio');
    expect((await company.trpc.account.profile.query()).empresa).toBe(true);
  });

  it('needs a session', async () => {
    const error = await failure(stack.client().trpc.account.profile.query());
    expect(error.data?.code).toBe('UNAUTHORIZED');
  });
});

describe('account.updateProfile', () => {
  it('saves the profile upstream and the header shows the new name', async () => {
    const { trpc, user } = await signedIn('maria');
    const endereco = {
      cep: '01310-100',
      endereco: ' Av. Paulista ',
      numero: '1000',
      complemento: '',
      cidade: 'São Paulo',
      uf: 'SP' as const,
    };
    const result = await trpc.account.updateProfile.mutate({
      ...profileOf(user.profile),
      nome: 'Maria  Aparecida Souza',
      email: user.profile.email.toUpperCase(),
      endereco,
    });
    expect(result).toEqual({ nome: 'Maria Aparecida Souza' });
    expect(user.profile).toMatchObject({
      nome: 'Maria Aparecida Souza',
      email: user.profile.email.toLowerCase(),
      endereco: { ...endereco, cep: '01310100', endereco: 'Av. Paulista' },
    });
    expect((await trpc.auth.session.query())?.nome).toBe('Maria Aparecida Souza');
  });

  it('keeps only a phone, and clears WhatsApp when there is no phone', async () => {
    const { trpc, user } = await signedIn('maria');
    await trpc.account.updateProfile.mutate({ ...profileOf(user.profile), email: '' });
    expect(user.profile.email).toBe('');
    const email = `maria.${Date.now()}@example.com`;
    await trpc.account.updateProfile.mutate({ ...profileOf(user.profile), email, telefone: '' });
    expect(user.profile).toMatchObject({ email, telefone: '', whatsapp: false });
  });

  it.each([
    ['nome', { nome: 'Maria' }, 'Nome inválido'],
    ['date', { dtNascimento: '30/02/1990' }, ACCOUNT_MESSAGES.dateInvalid],
    ['future date', { dtNascimento: '01/01/2999' }, ACCOUNT_MESSAGES.dateInvalid],
    ['e-mail', { email: 'maria@' }, 'E-mail inválido'],
    ['phone', { telefone: '(20) 98765-4321' }, 'Número de celular inválido'],
    ['no contact', { email: '', telefone: '' }, ACCOUNT_MESSAGES.contactRequired],
  ])('refuses a bad %s with its Portuguese message and sends nothing', async (_, patch, message) => {
    const { trpc, user } = await signedIn('maria');
    const before = calls('PUT /edicao');
    const error = await failure(trpc.account.updateProfile.mutate({ ...profileOf(user.profile), ...patch }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(message);
    expect(calls('PUT /edicao')).toBe(before);
  });

  it("refuses a bad CEP, and another user's e-mail with the registration message", async () => {
    const { trpc, user } = await signedIn('maria');
    const address = { cep: '123', endereco: '', numero: '', complemento: '', cidade: '', uf: '' as const };
    const cep = await failure(
      trpc.account.updateProfile.mutate({ ...profileOf(user.profile), endereco: address }),
    );
    expect(cep.message).toContain('CEP inválido');
    const other = stack.stub.state.clonePersona('ana');
    const taken = await failure(
      trpc.account.updateProfile.mutate({ ...profileOf(user.profile), email: other.profile.email }),
    );
    expect(taken.message).toBe('E-mail já cadastrado. Por favor, utilize outro e-mail');
  });
});

describe('account.changePassword', () => {
  it('sends nothing on a mismatch, shows the server message on a wrong password, then changes it', async () => {
    const { trpc, user } = await signedIn('maria');
    const before = calls('POST /recuperar-senha-privado');
    const mismatch = await failure(
      trpc.account.changePassword.mutate({
        senha: 'Acordo@2026',
        novaSenha: 'Nova@senha1',
        confirmacao: 'Nova@senha2',
      }),
    );
    expect(mismatch.message).toContain('As senhas devem ser iguais');
    expect(calls('POST /recuperar-senha-privado')).toBe(before);

    const wrong = await failure(
      trpc.account.changePassword.mutate({
        senha: 'Errada@2026',
        novaSenha: 'Nova@senha1',
        confirmacao: 'Nova@senha1',
      }),
    );
    expect(wrong.message).toBe('Senha atual incorreta.');

    expect(
      await trpc.account.changePassword.mutate({
        senha: 'Acordo@2026',
        novaSenha: 'Nova@senha1',
        confirmacao: 'Nova@senha1',
      }),
    ).toEqual({ message: 'Senha alterada com sucesso.' });
    const fresh = createClient(stack.url);
    await fresh.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Nova@senha1' });
    expect((await fresh.trpc.auth.session.query())?.nome).toBe(user.profile.nome);
  });

  it('limits wrong guesses of the current password', async () => {
    const { trpc } = await signedIn('ana');
    const attempt = () =>
      failure(
        trpc.account.changePassword.mutate({
          senha: 'Errada@1',
          novaSenha: 'Nova@senha1',
          confirmacao: 'Nova@senha1',
        }),
      );
    for (let i = 0; i < 10; i += 1) expect((await attempt()).data?.code).toBe('BAD_REQUEST');
    expect((await attempt()).data?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('account.deleteAccount', () => {
  it('deletes the registration and ends every session of the person; the account can no longer sign in', async () => {
    const { trpc, user, jar } = await signedIn('maria');
    const phone = createClient(stack.url);
    await phone.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
    expect(await trpc.account.deleteAccount.mutate({})).toEqual({ ok: true });
    // the browser keeps neither the session nor its device cookie; the person's other sessions end too
    expect([...jar.keys()]).toEqual([]);
    expect(await trpc.auth.session.query()).toBeNull();
    expect(await phone.trpc.auth.session.query()).toBeNull();
    const again = await failure(
      createClient(stack.url).trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' }),
    );
    expect(again.message).toBe(
      'Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.',
    );
  });
});

describe('account.score', () => {
  it("answers a person's score and band", async () => {
    const { trpc } = await signedIn('maria');
    expect(await trpc.account.score.query()).toEqual({ score: 612, faixa: 'Bom' });
  });

  it('answers null for a company without asking the upstream', async () => {
    for (const like of ['comercio', 'novaEra'] as const) {
      const { trpc } = await signedIn(like);
      const before = calls('GET /score');
      expect(await trpc.account.score.query()).toBeNull();
      expect(calls('GET /score')).toBe(before);
    }
  });

  it('records a failed lookup without the document it asked about', async () => {
    const { trpc, user } = await signedIn('maria');
    stack.stub.faults.set({ errorRate: 1 });
    logLines.length = 0;
    try {
      expect(await trpc.account.score.query()).toBeNull();
    } finally {
      stack.stub.faults.reset();
    }
    const logged = logLines.join('\n');
    expect(logged).toContain('score: the lookup failed');
    expect(logged).not.toContain(user.cpfCnpj);
  });

  it('answers null when the lookup fails (the failure is only recorded)', async () => {
    const { trpc } = await signedIn('maria');
    stack.stub.faults.set({ errorRate: 1 });
    try {
      expect(await trpc.account.score.query()).toBeNull();
    } finally {
      stack.stub.faults.reset();
    }
  });
});

describe('account.rate and account.setNotifications', () => {
  it('records a rating with a trimmed comment, and refuses a bad one with a clear message', async () => {
    const { trpc, user } = await signedIn('maria');
    const nota = await failure(trpc.account.rate.mutate({ nota: 11 }));
    expect(nota.message).toContain(ACCOUNT_MESSAGES.ratingInvalid);
    const long = await failure(trpc.account.rate.mutate({ nota: 8, comentario: 'x'.repeat(501) }));
    expect(long.message).toContain(ACCOUNT_MESSAGES.commentTooLong);

    expect(await trpc.account.rate.mutate({ nota: 9, comentario: '  Muito fácil  ' })).toEqual({ ok: true });
    await trpc.account.rate.mutate({ nota: 4, comentario: '   ' });
    const recorded = stack.stub.state.avaliacoes.filter((a) => a.clienteId === user.id);
    expect(recorded.map(({ nota, comentario }) => ({ nota, comentario }))).toEqual([
      { nota: 9, comentario: 'Muito fácil' },
      { nota: 4, comentario: '' },
    ]);
  });

  it('turns the marketing consent off and on', async () => {
    const { trpc, user } = await signedIn('maria');
    expect(await trpc.account.setNotifications.mutate({ notificacao: false })).toEqual({
      notificacao: false,
    });
    expect((await trpc.account.profile.query()).notificacao).toBe(false);
    await trpc.account.setNotifications.mutate({ notificacao: true });
    expect(user.profile.notificacao).toBe(true);
  });
});
