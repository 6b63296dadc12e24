import { memoryCookies, memoryPorts, refusalOf } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../activity/owner';
import { sessionsOf } from '../auth/sign-in';
import { SHARED_MESSAGES } from '../core/messages';
import type { Ports } from '../ports/ports';
import { resetPassword, sendRecovery } from './recovery';

const DOCUMENT = '52998224725';
const SENT = { id: 'link-1', email: 'm***@example.com', telefone: '(**) *****-4321' };

/** A browser signed in as the document, listed among its sessions as a sign-in lists it. */
async function browserOf(ports: Ports) {
  const cookies = memoryCookies();
  await ports.sessions.start(
    cookies,
    { token: 't', clientId: '1001', cpfCnpj: DOCUMENT, nome: 'Maria da Silva', signedInWith: 'senha' },
    sessionsOf(ports, DOCUMENT),
  );
  return cookies;
}

/** An upstream that sends recoveries and resets; what it was sent, kept. */
function recoveryPorts(env: Record<string, string> = {}) {
  const sent: unknown[] = [];
  const ports = memoryPorts({
    env,
    upstream: {
      sendRecovery: async (cpfCnpj: string) => {
        sent.push({ sendRecovery: cpfCnpj });
        return SENT;
      },
      resetPassword: async (body: unknown) => {
        sent.push({ resetPassword: body });
        return { alterada: true };
      },
    } as never,
  });
  return { ports, sent };
}

describe('sendRecovery', () => {
  it('sends the recovery, answers the masked contacts and ends every session of the person', async () => {
    const { ports, sent } = recoveryPorts();
    const browser = await browserOf(ports);
    expect(await sendRecovery(ports, DOCUMENT)).toEqual(SENT);
    expect(sent).toEqual([{ sendRecovery: DOCUMENT }]);
    expect(await ports.sessions.load(browser)).toBeNull();
  });

  it('remembers whose link it sent under a pseudonym, never the document', async () => {
    const { ports } = recoveryPorts();
    await sendRecovery(ports, DOCUMENT);
    const kept = await ports.store.get<string[]>(`reset-link:${ports.keys.sign('reset-link', SENT.id)}`);
    expect(kept?.[0]).toBe(sessionsOf(ports, DOCUMENT).person);
    expect(JSON.stringify(kept)).not.toContain(DOCUMENT);
  });

  it('refuses sends beyond RECOVERY_MAX_PER_DOCUMENT without asking the upstream', async () => {
    const { ports, sent } = recoveryPorts({ RECOVERY_MAX_PER_DOCUMENT: '1' });
    await sendRecovery(ports, DOCUMENT);
    expect(await refusalOf(sendRecovery(ports, DOCUMENT))).toMatchObject({
      kind: 'too-many',
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(sent).toHaveLength(1);
  });
});

describe('resetPassword', () => {
  const input = { id: SENT.id, codigo: '123456', novaSenha: 'Nova@2027' };

  it("resets the password upstream and ends every session the link's person began since, once", async () => {
    const { ports, sent } = recoveryPorts();
    await sendRecovery(ports, DOCUMENT);
    const since = await browserOf(ports);
    expect(await resetPassword(ports, input)).toEqual({ ok: true });
    expect(sent[1]).toEqual({ resetPassword: input });
    expect(await ports.sessions.load(since)).toBeNull();
    expect(await ports.store.get(`reset-link:${ports.keys.sign('reset-link', SENT.id)}`)).toBeUndefined();
    // a line of the person's activity, once: a second use of the link finds no one to write it to
    const owner = ownerOf(ports, { data: { cpfCnpj: DOCUMENT } });
    expect(await ports.db.activity([owner], new Date(0), 10)).toMatchObject([{ kind: 'senha-redefinida' }]);
    await resetPassword(ports, input);
    expect(await ports.db.activity([owner], new Date(0), 10)).toHaveLength(1);
  });

  it('ends the sessions a link remembered before keyed values carried ids (one bare pseudonym)', async () => {
    const { ports } = recoveryPorts();
    const bare = ports.keys.mac('sessions-of', DOCUMENT);
    await ports.store.set(`reset-link:${ports.keys.mac('reset-link', SENT.id)}`, bare, 60_000);
    const browser = await browserOf(ports);
    await resetPassword(ports, input);
    expect(await ports.sessions.load(browser)).toBeNull();
  });

  it('ends no session for a link it does not remember', async () => {
    const { ports } = recoveryPorts();
    const browser = await browserOf(ports);
    expect(await resetPassword(ports, input)).toEqual({ ok: true });
    expect(await ports.sessions.load(browser)).not.toBeNull();
  });

  it('refuses resets beyond RECOVERY_MAX_PER_IP without asking the upstream', async () => {
    const { ports, sent } = recoveryPorts({ RECOVERY_MAX_PER_IP: '1' });
    await resetPassword(ports, input);
    expect((await refusalOf(resetPassword(ports, input))).kind).toBe('too-many');
    expect(sent).toHaveLength(1);
  });
});
