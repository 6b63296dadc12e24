import { memoryPorts, refusalOf } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { UpstreamError } from '../upstream/errors';
import { CONTACT_MESSAGES, contactConflicts, REGISTERED_WITHOUT_SESSION, register } from './registration';

const DOCUMENT = '52998224725';
const INPUT = {
  cpfCnpj: DOCUMENT,
  email: 'maria@example.com',
  nome: 'Maria da Silva',
  telefone: '11987654321',
  whatsapp: true,
  notificacao: false,
};

describe('contactConflicts', () => {
  it("names each contact already in use in the upstream's words, and null for a free one", async () => {
    const asked: unknown[] = [];
    const ports = memoryPorts({
      upstream: {
        contactCheck: async (email: string, telefone: string) => {
          asked.push([email, telefone]);
          return { countEmail: 2, countTelefone: 0 };
        },
      } as never,
    });
    expect(await contactConflicts(ports, INPUT)).toEqual({
      email: CONTACT_MESSAGES.emailTaken,
      telefone: null,
    });
    expect(asked).toEqual([[INPUT.email, INPUT.telefone]]);
    const phone = memoryPorts({
      upstream: { contactCheck: async () => ({ countEmail: 0, countTelefone: 1 }) } as never,
    });
    expect(await contactConflicts(phone, INPUT)).toEqual({
      email: null,
      telefone: CONTACT_MESSAGES.phoneTaken,
    });
  });

  it('refuses checks beyond RECOVERY_MAX_PER_IP without asking the upstream', async () => {
    let calls = 0;
    const ports = memoryPorts({
      env: { RECOVERY_MAX_PER_IP: '1' },
      upstream: {
        contactCheck: async () => {
          calls++;
          return { countEmail: 0, countTelefone: 0 };
        },
      } as never,
    });
    await contactConflicts(ports, INPUT);
    expect(await refusalOf(contactConflicts(ports, INPUT))).toMatchObject({
      kind: 'too-many',
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(calls).toBe(1);
  });
});

describe('register', () => {
  const registering = (login: (body: { cpfCnpj: string; senha: string }) => Promise<unknown>, env = {}) => {
    const sent: unknown[] = [];
    const ports = memoryPorts({
      env,
      upstream: {
        register: async (body: unknown) => {
          sent.push({ register: body });
          return { pass: 'Gerada@1' };
        },
        login: (body: { cpfCnpj: string; senha: string }) => {
          sent.push({ login: body });
          return login(body);
        },
      } as never,
    });
    return { ports, sent };
  };

  it('registers, then signs in with the generated password as a registration sign-in', async () => {
    const { ports, sent } = registering(async () => ({
      token: 't',
      id: '1001',
      cpfCnpj: DOCUMENT,
      nome: 'Maria da Silva',
    }));
    expect(await register(ports, INPUT)).toMatchObject({ nome: 'Maria da Silva' });
    expect(sent).toEqual([{ register: INPUT }, { login: { cpfCnpj: DOCUMENT, senha: 'Gerada@1' } }]);
    expect((await ports.sessions.load(ports.cookies))?.data.signedInWith).toBe('cadastro');
  });

  it('answers a registration without session when the sign-in after it fails, and logs only the kind', async () => {
    const { ports } = registering(() => Promise.reject(new UpstreamError('timeout', 'slow')));
    expect(await register(ports, INPUT)).toEqual(REGISTERED_WITHOUT_SESSION);
    expect(await ports.sessions.load(ports.cookies)).toBeNull();
    expect(ports.log.lines).toEqual([
      { level: 'warn', fields: { kind: 'timeout' }, message: 'registered, but the sign-in after it failed' },
    ]);
  });

  it("lets the upstream's refusal of the registration through", async () => {
    const taken = new UpstreamError('rejected', 'refused', 'CPF já cadastrado');
    const ports = memoryPorts({ upstream: { register: async () => Promise.reject(taken) } as never });
    await expect(register(ports, INPUT)).rejects.toBe(taken);
  });

  it('refuses registrations beyond RECOVERY_MAX_PER_IP without asking the upstream', async () => {
    const { ports, sent } = registering(() => Promise.reject(new Error('no')), { RECOVERY_MAX_PER_IP: '1' });
    await register(ports, INPUT);
    expect((await refusalOf(register(ports, INPUT))).kind).toBe('too-many');
    expect(sent.filter((call) => 'register' in (call as object))).toHaveLength(1);
  });
});
