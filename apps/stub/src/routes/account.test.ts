import { passwordChangeReply, profileUpdateReply, scoreReply } from '@portal/contracts/upstream/account';
import { loginReply, profileReply } from '@portal/contracts/upstream/auth';
import { documentStatusReply, REGISTRATION_MESSAGES } from '@portal/contracts/upstream/registration';
import { useStubServer } from '@portal/test-kit/stub-server';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import type { ClonablePersona } from '../state/personas';
import { ACCOUNT_MESSAGES } from './account';

const server = useStubServer();

interface Copy {
  id: string;
  cpfCnpj: string;
  email: string;
  telefone: string;
}

/** A fresh copy of a persona, signed in: the tests below change or delete it freely. */
async function signedInCopy(like: ClonablePersona) {
  const copy = (await (await server.post('/__stub/personas', { like })).json()) as Copy;
  const login = await server.post('/login', { cpfCnpj: copy.cpfCnpj, senha: 'Acordo@2026' });
  const { token } = loginReply.parse(await login.json()).data;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { ...copy, token, call };
}

/** A profile update that keeps the copy's own contacts. */
const updateOf = (copy: Copy) => ({
  nome: 'Maria Aparecida Souza',
  dtNascimento: '15/04/1978',
  email: copy.email,
  telefone: copy.telefone,
  whatsapp: false,
});
/** A landline no other test uses. */
const freshLandline = () => `113${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('PUT /edicao', () => {
  it('saves the profile (e-mail lower-cased, a landline allowed) and keeps the address without a CEP', async () => {
    const maria = await signedInCopy('maria');
    const before = server.stub.state.findUser(maria.cpfCnpj)?.profile.endereco;
    const update = { ...updateOf(maria), email: maria.email.toUpperCase(), telefone: freshLandline() };
    const response = await maria.call('PUT', '/edicao', update);
    expect(response.status).toBe(200);
    const saved = profileUpdateReply.parse(await response.json()).data;
    expect(saved).toMatchObject({ ...update, email: maria.email, endereco: before });

    const consulta = await maria.call('GET', '/consulta');
    expect(profileReply.parse(await consulta.json()).data).toMatchObject({
      nome: update.nome,
      telefone: update.telefone,
    });
  });

  it('replaces the address when one comes with a CEP', async () => {
    const maria = await signedInCopy('maria');
    const endereco = {
      cep: '01310100',
      endereco: 'Av. Paulista',
      numero: '1000',
      complemento: '',
      cidade: 'São Paulo',
      uf: 'SP',
    };
    const response = await maria.call('PUT', '/edicao', { ...updateOf(maria), endereco });
    expect(response.status).toBe(200);
    expect(server.stub.state.findUser(maria.cpfCnpj)?.profile.endereco).toEqual(endereco);
  });

  it.each([
    ['an impossible date', { dtNascimento: '31/02/1990' }],
    ['a future date', { dtNascimento: '01/01/2999' }],
    ['a bad e-mail', { email: 'maria@' }],
    ['a bad phone', { telefone: '0012345678' }],
    ['a short name', { nome: 'Ma' }],
    [
      'a bad CEP',
      { endereco: { cep: '123', endereco: '', numero: '', complemento: '', cidade: '', uf: '' } },
    ],
  ])('refuses %s and changes nothing', async (_, patch) => {
    const maria = await signedInCopy('maria');
    const before = structuredClone(server.stub.state.findUser(maria.cpfCnpj)?.profile);
    const response = await maria.call('PUT', '/edicao', { ...updateOf(maria), ...patch });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: ACCOUNT_MESSAGES.invalid });
    expect(server.stub.state.findUser(maria.cpfCnpj)?.profile).toEqual(before);
  });

  it('refuses a profile with neither e-mail nor phone', async () => {
    const maria = await signedInCopy('maria');
    const response = await maria.call('PUT', '/edicao', { ...updateOf(maria), email: '', telefone: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ msg: ACCOUNT_MESSAGES.contactRequired });
  });

  it("refuses another user's e-mail or phone, but not the user's own", async () => {
    const maria = await signedInCopy('maria');
    const ana = await signedInCopy('ana');
    const takenEmail = await maria.call('PUT', '/edicao', {
      ...updateOf(maria),
      email: ana.email.toUpperCase(),
    });
    expect(takenEmail.status).toBe(409);
    expect(await takenEmail.json()).toEqual({ msg: REGISTRATION_MESSAGES.emailTaken });
    const takenPhone = await maria.call('PUT', '/edicao', { ...updateOf(maria), telefone: ana.telefone });
    expect(takenPhone.status).toBe(409);
    expect(await takenPhone.json()).toEqual({ msg: REGISTRATION_MESSAGES.phoneTaken });
    const own = await maria.call('PUT', '/edicao', updateOf(maria));
    expect(own.status).toBe(200);
  });

  it('needs a live token', async () => {
    const response = await fetch(`${server.base}/edicao`, {
      method: 'PUT',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: 'Maria',
        dtNascimento: '15/04/1978',
        email: '',
        telefone: '',
        whatsapp: false,
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Token expirado' });
  });
});

describe('POST /recuperar-senha-privado', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const maria = await signedInCopy('maria');
    const wrong = await maria.call('POST', '/recuperar-senha-privado', {
      senha: 'Errada@2026',
      novaSenha: 'Nova@senha1',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ msg: ACCOUNT_MESSAGES.wrongPassword });
    const same = await maria.call('POST', '/recuperar-senha-privado', {
      senha: 'Acordo@2026',
      novaSenha: 'Acordo@2026',
    });
    expect(await same.json()).toEqual({ msg: ACCOUNT_MESSAGES.samePassword });

    const response = await maria.call('POST', '/recuperar-senha-privado', {
      senha: 'Acordo@2026',
      novaSenha: 'Nova@senha1',
    });
    expect(passwordChangeReply.parse(await response.json()).data.mensagem).toBe(
      ACCOUNT_MESSAGES.passwordChanged,
    );
    const oldLogin = await server.post('/login', { cpfCnpj: maria.cpfCnpj, senha: 'Acordo@2026' });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.post('/login', { cpfCnpj: maria.cpfCnpj, senha: 'Nova@senha1' });
    expect(newLogin.status).toBe(200);
  });
});

describe('DELETE /excluir/cadastro', () => {
  it('deletes the registration: its token stops working and it can no longer sign in', async () => {
    const maria = await signedInCopy('maria');
    const response = await maria.call('DELETE', '/excluir/cadastro');
    expect(await response.json()).toEqual({ data: { excluido: true } });
    expect(server.stub.state.findUser(maria.cpfCnpj)).toBeUndefined();
    expect((await maria.call('GET', '/consulta')).status).toBe(401);
    const login = await server.post('/login', { cpfCnpj: maria.cpfCnpj, senha: 'Acordo@2026' });
    expect(login.status).toBe(401);
    // The document, e-mail and phone are free again.
    const status = await fetch(`${server.base}/cadastro/situacao?cpfCnpj=${maria.cpfCnpj}`);
    expect(documentStatusReply.parse(await status.json()).data.cadastrado).toBe(false);
  });
});

describe('GET /score', () => {
  it.each([
    ['maria', 'Bom'],
    ['joao', 'Excelente'],
    ['carlos', 'Regular'],
  ] as const)("answers %s's seeded score with its band", async (key, faixa) => {
    const copy = await signedInCopy(key);
    const response = await copy.call('GET', `/score?cpfCnpj=${copy.cpfCnpj}`);
    const seeded = PERSONAS.find((p) => p.key === key)?.score;
    expect(scoreReply.parse(await response.json()).data).toEqual({ score: seeded, faixa });
  });

  it('has no score for a company, and none for somebody else', async () => {
    const comercio = await signedInCopy('comercio');
    const company = await comercio.call('GET', `/score?cpfCnpj=${comercio.cpfCnpj}`);
    expect(company.status).toBe(404);
    expect(await company.json()).toEqual({ msg: ACCOUNT_MESSAGES.scoreUnavailable });
    const maria = await signedInCopy('maria');
    const other = await maria.call('GET', '/score?cpfCnpj=52998224725');
    expect(other.status).toBe(403);
  });
});

describe('POST /avaliacao and PUT /notificacoes', () => {
  it('records a rating under the client id, and refuses one out of range', async () => {
    const maria = await signedInCopy('maria');
    expect((await maria.call('POST', '/avaliacao', { nota: 11 })).status).toBe(400);
    expect((await maria.call('POST', '/avaliacao', { nota: 7, comentario: 'x'.repeat(501) })).status).toBe(
      400,
    );
    const response = await maria.call('POST', '/avaliacao', { nota: 9, comentario: 'Rápido e fácil' });
    expect(await response.json()).toEqual({ data: { registrada: true } });
    const recorded = await (await fetch(`${server.base}/__stub/avaliacoes?clienteId=${maria.id}`)).json();
    expect(recorded).toEqual([
      expect.objectContaining({ clienteId: maria.id, nota: 9, comentario: 'Rápido e fácil' }),
    ]);
  });

  it('keeps the marketing consent as the user last set it', async () => {
    const maria = await signedInCopy('maria');
    const off = await maria.call('PUT', '/notificacoes', { notificacao: false });
    expect(await off.json()).toEqual({ data: { notificacao: false } });
    expect(server.stub.state.findUser(maria.cpfCnpj)?.profile.notificacao).toBe(false);
  });
});
