import type { Profile } from '@portal/contracts/upstream/entities';
import { memoryCookies, memoryPorts, refusalOf, signedIn } from '@portal/test-kit/memory-ports';
import { BIRTH_DATE_INVALID_MESSAGE } from '@portal/validation/birth-date';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../activity/owner';
import { issueDeviceCookie } from '../auth/device-cookie';
import { sessionsOf } from '../auth/sign-in';
import { SHARED_MESSAGES } from '../core/messages';
import { DatabaseUnavailableError } from '../db/records';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import {
  changePassword,
  deleteAccount,
  profileOf,
  rate,
  scoreOf,
  setNotifications,
  updateProfile,
} from './profile';
import { REAUTH_MESSAGES } from './reauth';

const DOCUMENT = '52998224725';
const COMPANY = '11222333000181';

const ON_FILE: Profile = {
  nome: 'Maria da Silva',
  cpfCnpj: DOCUMENT,
  dtNascimento: '01/02/1980',
  email: 'maria@example.com',
  telefone: '11987654321',
  whatsapp: true,
  notificacao: false,
  endereco: null,
};

const EDIT = {
  nome: 'Maria da Silva',
  dtNascimento: '01/02/1980',
  email: 'maria@example.com',
  telefone: '11987654321',
  whatsapp: true,
  senha: undefined,
};

/** A sign-in as the domain makes it: listed among the document's sessions, in a browser of its own. */
async function browserOf(ports: Ports, cpfCnpj = DOCUMENT) {
  const browser = { ...ports, cookies: memoryCookies() };
  const person = await ports.sessions.start(
    browser.cookies,
    {
      token: `token-${Math.random()}`,
      clientId: '1001',
      cpfCnpj,
      nome: 'Maria da Silva',
      signedInWith: 'senha',
    },
    sessionsOf(ports, cpfCnpj),
  );
  return { browser, person };
}

describe('profileOf', () => {
  it("answers the profile on file without its document, and whether it is a company's", async () => {
    const tokens: string[] = [];
    const ports = memoryPorts({
      upstream: {
        profile: async (token: string) => {
          tokens.push(token);
          return ON_FILE;
        },
      } as never,
    });
    const { cpfCnpj: _, ...rest } = ON_FILE;
    expect(await profileOf(ports, await signedIn(ports, { token: 'the-token' }))).toEqual({
      ...rest,
      empresa: false,
    });
    expect(tokens).toEqual(['the-token']);
    const company = memoryPorts({
      upstream: { profile: async () => ({ ...ON_FILE, cpfCnpj: COMPANY }) } as never,
    });
    expect((await profileOf(company, await signedIn(company))).empresa).toBe(true);
  });
});

describe('updateProfile', () => {
  const editing = (env: Record<string, string> = {}) => {
    const saved: unknown[] = [];
    const ports = memoryPorts({
      env,
      upstream: {
        profile: async () => ON_FILE,
        updateProfile: async (_token: string, body: Partial<Profile>) => {
          saved.push(body);
          return { ...ON_FILE, ...body };
        },
        login: async () => ({ id: '1001' }),
      } as never,
    });
    return { ports, saved };
  };

  it('refuses a birth date the shared rule refuses, and saves nothing', async () => {
    const { ports, saved } = editing();
    const error = await refusalOf(
      updateProfile(ports, await signedIn(ports), { ...EDIT, dtNascimento: '01/01/2999' }),
    );
    expect(error).toMatchObject({ kind: 'bad-request', message: BIRTH_DATE_INVALID_MESSAGE });
    expect(saved).toEqual([]);
  });

  it('saves the edit without the password, a WhatsApp flag only with a phone, and renames the session', async () => {
    const { ports, saved } = editing();
    const person = await signedIn(ports);
    const edit = { ...EDIT, nome: 'Maria Souza', telefone: '', email: 'nova@example.com' };
    expect(await updateProfile(ports, person, edit)).toEqual({ nome: 'Maria Souza' });
    expect(saved).toEqual([
      {
        nome: 'Maria Souza',
        dtNascimento: '01/02/1980',
        email: 'nova@example.com',
        telefone: '',
        whatsapp: false,
      },
    ]);
    expect((await ports.sessions.load(ports.cookies))?.data.nome).toBe('Maria Souza');
    // the contacts changed are a line of the account's activity, by what changed, never their values
    const lines = await ports.db.activity([ownerOf(ports, person)], new Date(0), 10);
    expect(lines).toMatchObject([{ kind: 'contato-alterado', campos: 'e-mail e celular' }]);
    expect(JSON.stringify(lines)).not.toContain('nova@example.com');
  });

  it('asks for the password before an old sign-in changes a contact, and saves nothing', async () => {
    const { ports, saved } = editing({ REAUTH_WINDOW_MINUTES: '0' });
    const error = await refusalOf(
      updateProfile(ports, await signedIn(ports), { ...EDIT, email: 'nova@example.com' }),
    );
    expect(error).toMatchObject({ kind: 'precondition', message: REAUTH_MESSAGES.needed });
    expect(saved).toEqual([]);
  });

  it('lets an old sign-in edit what is not a contact without the password', async () => {
    const { ports, saved } = editing({ REAUTH_WINDOW_MINUTES: '0' });
    const person = await signedIn(ports);
    await updateProfile(ports, person, { ...EDIT, dtNascimento: '02/02/1980' });
    expect(saved).toHaveLength(1);
    expect(await ports.db.activity([ownerOf(ports, person)], new Date(0), 10)).toEqual([]);
  });
});

describe('deleteAccount', () => {
  it("deletes the registration, ends every session of the person and forgets this browser's device", async () => {
    const deleted: string[] = [];
    const ports = memoryPorts({
      upstream: { deleteAccount: async (token: string) => void deleted.push(token) } as never,
    });
    const here = await browserOf(ports);
    const elsewhere = await browserOf(ports);
    issueDeviceCookie(here.browser, DOCUMENT);
    expect(await deleteAccount(here.browser, here.person, {})).toEqual({ ok: true });
    expect(deleted).toEqual([here.person.data.token]);
    expect(await ports.sessions.load(here.browser.cookies)).toBeNull();
    expect(await ports.sessions.load(elsewhere.browser.cookies)).toBeNull();
    expect(here.browser.cookies.jar.has('dispositivo')).toBe(false);
  });

  it('deletes nothing when an old sign-in gives no password', async () => {
    const deleted: string[] = [];
    const ports = memoryPorts({
      env: { REAUTH_WINDOW_MINUTES: '0' },
      upstream: { deleteAccount: async (token: string) => void deleted.push(token) } as never,
    });
    const here = await browserOf(ports);
    expect((await refusalOf(deleteAccount(here.browser, here.person, {}))).message).toBe(
      REAUTH_MESSAGES.needed,
    );
    expect(deleted).toEqual([]);
    expect(await ports.sessions.load(here.browser.cookies)).not.toBeNull();
  });

  it("erases the person's activity and agreement records, keeps their declarations, and no one else's records", async () => {
    const ports = memoryPorts({ upstream: { deleteAccount: async () => undefined } as never });
    const here = await browserOf(ports);
    const mine = ownerOf(ports, here.person);
    const someoneElse = ownerOf(ports, { data: { cpfCnpj: '11144477735' } });
    const on = { codcredor: '1001', contrato: '7201938455' };
    for (const owner of [mine, someoneElse]) {
      await ports.db.addActivity(owner, { kind: 'senha-alterada' }, new Date());
      await ports.db.rememberAgreement(owner, on, { tipoAcordo: 'AV', modo: '1' }, new Date());
    }
    const declaration = await ports.db.keepDeclaration({
      codigo: 'QT-0000-0000-00A1',
      owner: ports.keys.sign('quitacao-owner', here.person.data.cpfCnpj),
      titular: here.person.data.nome,
      documento: '***.982.247-**',
      credor: 'Lojas Horizonte',
      contrato: on.contrato,
      codigoAcordo: 'AC-1',
      parcelas: [],
      totalCents: 100,
      quitadaEm: null,
      emitidaEm: '2026-11-20',
      emitidaAs: new Date('2026-11-20T12:00:00Z'),
      pdf: new Uint8Array([1, 2, 3]),
    });
    await deleteAccount(here.browser, here.person, {});
    expect(await ports.db.activity([mine], new Date(0), 10)).toEqual([]);
    expect(await ports.db.agreement([mine], on)).toBeNull();
    expect(await ports.db.activity([someoneElse], new Date(0), 10)).toHaveLength(1);
    expect(await ports.db.agreement([someoneElse], on)).not.toBeNull();
    expect(await ports.db.declaration(declaration.codigo)).toMatchObject({ codigo: declaration.codigo });
  });

  it('deletes nothing upstream while the database cannot erase the records, and says to try again', async () => {
    const deleted: string[] = [];
    const base = memoryPorts({
      upstream: { deleteAccount: async (token: string) => void deleted.push(token) } as never,
    });
    const ports = {
      ...base,
      db: { ...base.db, erase: () => Promise.reject(new DatabaseUnavailableError('database down')) },
    };
    const here = await browserOf(ports);
    await expect(deleteAccount(here.browser, here.person, {})).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    expect(deleted).toEqual([]);
    expect(await ports.sessions.load(here.browser.cookies)).not.toBeNull();
  });
});

describe('changePassword', () => {
  it('changes it upstream, keeps this browser signed in under a new id and ends the other sessions', async () => {
    const sent: unknown[] = [];
    const ports = memoryPorts({
      upstream: {
        changePassword: async (token: string, body: unknown) => {
          sent.push({ token, body });
          return { mensagem: 'Senha alterada' };
        },
      } as never,
    });
    const here = await browserOf(ports);
    const elsewhere = await browserOf(ports);
    const input = { senha: 'Acordo@2026', novaSenha: 'Nova@2027' };
    expect(await changePassword(here.browser, here.person, { ...input })).toEqual({
      message: 'Senha alterada',
    });
    expect(sent).toEqual([{ token: here.person.data.token, body: input }]);
    const renewed = await ports.sessions.load(here.browser.cookies);
    expect(renewed?.id).not.toBe(here.person.id);
    expect(renewed?.data.token).toBe(here.person.data.token);
    expect(await ports.sessions.load(elsewhere.browser.cookies)).toBeNull();
    expect(await ports.db.activity([ownerOf(ports, here.person)], new Date(0), 10)).toMatchObject([
      { kind: 'senha-alterada' },
    ]);
  });

  it('refuses an eleventh change within the window without asking the upstream', async () => {
    let calls = 0;
    const ports = memoryPorts({
      upstream: {
        changePassword: async () => {
          calls++;
          return Promise.reject(new UpstreamError('rejected', 'no', 'Senha atual incorreta'));
        },
      } as never,
    });
    const person = await signedIn(ports);
    for (let i = 0; i < 10; i++)
      await expect(changePassword(ports, person, { senha: 'x', novaSenha: 'Nova@2027' })).rejects.toThrow();
    expect(
      await refusalOf(changePassword(ports, person, { senha: 'x', novaSenha: 'Nova@2027' })),
    ).toMatchObject({
      kind: 'too-many',
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(calls).toBe(10);
  });
});

describe('scoreOf', () => {
  it("answers a person's score, and none for a company without asking", async () => {
    const asked: unknown[] = [];
    const ports = memoryPorts({
      upstream: {
        score: async (token: string, doc: string) => {
          asked.push([token, doc]);
          return { score: 700 };
        },
      } as never,
    });
    expect(await scoreOf(ports, await signedIn(ports, { token: 't', cpfCnpj: DOCUMENT }))).toEqual({
      score: 700,
    });
    expect(await scoreOf(ports, await signedIn(ports, { cpfCnpj: COMPANY }))).toBeNull();
    expect(asked).toEqual([['t', DOCUMENT]]);
  });

  it('shows no score when the lookup fails, and logs the kind of failure', async () => {
    const ports = memoryPorts({
      upstream: { score: async () => Promise.reject(new UpstreamError('timeout', 'slow')) } as never,
    });
    expect(await scoreOf(ports, await signedIn(ports))).toBeNull();
    expect(ports.log.lines).toEqual([
      { level: 'warn', fields: { kind: 'timeout' }, message: 'score: the lookup failed' },
    ]);
  });

  it('lets an expired token through, for the session to end', async () => {
    const expired = new UpstreamError('token-expired', 'expired');
    const ports = memoryPorts({ upstream: { score: async () => Promise.reject(expired) } as never });
    await expect(scoreOf(ports, await signedIn(ports))).rejects.toBe(expired);
  });
});

describe('setNotifications', () => {
  it("sends the consent with the session's token and answers the upstream's reply", async () => {
    const sent: unknown[] = [];
    const ports = memoryPorts({
      upstream: {
        setNotifications: async (token: string, on: boolean) => {
          sent.push([token, on]);
          return { notificacao: on };
        },
      } as never,
    });
    expect(await setNotifications(ports, await signedIn(ports, { token: 't' }), true)).toEqual({
      notificacao: true,
    });
    expect(sent).toEqual([['t', true]]);
  });
});

describe('rate', () => {
  it('sends the score with the trimmed comment, and without a blank one', async () => {
    const sent: unknown[] = [];
    const ports = memoryPorts({
      upstream: { rate: async (token: string, body: unknown) => void sent.push([token, body]) } as never,
    });
    const person = await signedIn(ports, { token: 't' });
    expect(await rate(ports, person, { nota: 9, comentario: '  Ótimo  ' })).toEqual({ ok: true });
    await rate(ports, person, { nota: 3, comentario: '   ' });
    await rate(ports, person, { nota: 0 });
    expect(sent).toEqual([
      ['t', { nota: 9, comentario: 'Ótimo' }],
      ['t', { nota: 3 }],
      ['t', { nota: 0 }],
    ]);
  });
});
