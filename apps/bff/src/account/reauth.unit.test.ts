import { memoryPorts, refusalOf, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { UpstreamError } from '../upstream/errors';
import { changedContact, confirmIdentity, REAUTH_MESSAGES, signedInRecently } from './reauth';

const MINUTE = 60_000;

describe('changedContact', () => {
  const onFile = { email: 'maria@example.com', telefone: '11987654321' };

  it('sees no change in how the same contacts are written', () => {
    expect(changedContact(onFile, { email: ' Maria@Example.com ', telefone: '(11) 98765-4321' })).toBeNull();
  });

  it('sees another e-mail or another phone', () => {
    expect(changedContact(onFile, { ...onFile, email: 'outra@example.com' })).toBe('e-mail');
    expect(changedContact(onFile, { ...onFile, telefone: '11912345678' })).toBe('celular');
    expect(changedContact(onFile, { email: 'outra@example.com', telefone: '11912345678' })).toBe(
      'e-mail e celular',
    );
  });
});

describe('signedInRecently', () => {
  it('holds inside REAUTH_WINDOW_MINUTES of a password, Google or registration sign-in', async () => {
    const ports = memoryPorts({ env: { REAUTH_WINDOW_MINUTES: '5' } });
    for (const way of ['senha', 'google', 'cadastro'] as const) {
      const person = await signedIn(ports, { signedInWith: way });
      expect(signedInRecently(ports, person)).toBe(true);
      expect(signedInRecently(ports, person, person.data.createdAt + 5 * MINUTE)).toBe(false);
    }
  });

  it('never holds for an identity-question sign-in, or one of unknown way', async () => {
    const ports = memoryPorts();
    expect(signedInRecently(ports, await signedIn(ports, { signedInWith: 'pergunta' }))).toBe(false);
    const person = await signedIn(ports);
    const { signedInWith: _, ...unknown } = person.data;
    expect(signedInRecently(ports, { ...person, data: unknown })).toBe(false);
  });
});

describe('confirmIdentity', () => {
  /** Ports whose sign-ins are all old, with an upstream answering a password sign-in as `login` says. */
  const stale = (login: (body: { cpfCnpj: string; senha: string }) => Promise<{ id: string }>) => {
    const sent: unknown[] = [];
    const ports = memoryPorts({
      env: { REAUTH_WINDOW_MINUTES: '0' },
      upstream: {
        login: (body: { cpfCnpj: string; senha: string }) => {
          sent.push(body);
          return login(body);
        },
      } as never,
    });
    return { ports, sent };
  };

  it('lets a recent sign-in through without asking the upstream', async () => {
    const ports = memoryPorts();
    await expect(confirmIdentity(ports, await signedIn(ports), undefined)).resolves.toBeUndefined();
  });

  it('asks for the password, as a precondition, when the sign-in is old', async () => {
    const { ports, sent } = stale(async () => ({ id: '1001' }));
    expect(await refusalOf(confirmIdentity(ports, await signedIn(ports), undefined))).toMatchObject({
      kind: 'precondition',
      message: REAUTH_MESSAGES.needed,
    });
    expect(sent).toEqual([]);
  });

  it("checks the password with a sign-in upstream for the session's own document", async () => {
    const { ports, sent } = stale(async () => ({ id: '1001' }));
    const person = await signedIn(ports, { clientId: '1001', cpfCnpj: '52998224725' });
    await expect(confirmIdentity(ports, person, 'Acordo@2026')).resolves.toBeUndefined();
    expect(sent).toEqual([{ cpfCnpj: '52998224725', senha: 'Acordo@2026' }]);
  });

  it('refuses a wrong password, or one that signs in someone else, as a precondition', async () => {
    const wrong = stale(() => Promise.reject(new UpstreamError('rejected', 'refused', 'Senha errada')));
    expect(
      await refusalOf(confirmIdentity(wrong.ports, await signedIn(wrong.ports), 'errada')),
    ).toMatchObject({
      kind: 'precondition',
      message: REAUTH_MESSAGES.wrong,
    });
    const other = stale(async () => ({ id: '2002' }));
    const person = await signedIn(other.ports, { clientId: '1001' });
    expect(await refusalOf(confirmIdentity(other.ports, person, 'Acordo@2026'))).toMatchObject({
      kind: 'precondition',
      message: REAUTH_MESSAGES.wrong,
    });
  });

  it('lets an upstream outage through as it is', async () => {
    const outage = new UpstreamError('unavailable', 'down');
    const { ports } = stale(() => Promise.reject(outage));
    await expect(confirmIdentity(ports, await signedIn(ports), 'x')).rejects.toBe(outage);
  });

  it('refuses a sixth check within the window without asking the upstream', async () => {
    const { ports, sent } = stale(() => Promise.reject(new UpstreamError('rejected', 'refused')));
    const person = await signedIn(ports);
    for (let i = 0; i < 5; i++) await refusalOf(confirmIdentity(ports, person, `errada${i}`));
    expect(await refusalOf(confirmIdentity(ports, person, 'Acordo@2026'))).toMatchObject({
      kind: 'too-many',
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(sent).toHaveLength(5);
  });
});
