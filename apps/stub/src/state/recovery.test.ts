import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import { registerSeededPersonas } from './personas';
import { createRecovery } from './recovery';
import { createUsers } from './users';

const MARIA = '52998224725';

function setup() {
  let clock = 0;
  const now = () => clock;
  const users = createUsers();
  registerSeededPersonas(users);
  const outbox = createOutbox(now);
  const recovery = createRecovery({ users, outbox, now });
  const maria = users.findUser(MARIA);
  if (!maria) throw new Error('Maria is seeded');
  /** the reset code from the link in the last recovery e-mail */
  const codigo = () =>
    outbox.messages.findLast((m) => m.canal === 'email')?.texto.match(/codigo=(\S+)/)?.[1] ?? '';
  return { users, outbox, recovery, maria, codigo, advance: (ms: number) => (clock += ms) };
}

describe('password recovery', () => {
  it('sends a temporary password by e-mail and SMS that signs in at once', () => {
    const { users, outbox, recovery, maria } = setup();
    recovery.startRecovery(maria);
    expect(outbox.messages.map((m) => [m.canal, m.destino])).toEqual([
      ['email', maria.profile.email],
      ['sms', maria.profile.telefone],
    ]);
    const temporary = outbox.messages[1]?.texto.match(/é (\S+)\.$/)?.[1] ?? '';
    expect(users.checkPassword(MARIA, temporary)).toBe(maria);
    expect(users.checkPassword(MARIA, 'Acordo@2026')).toBeUndefined();
  });

  it('sets a new password through the link once, and refuses the link a second time', () => {
    const { users, recovery, maria, codigo } = setup();
    const id = recovery.startRecovery(maria);
    expect(recovery.finishRecovery(id, codigo(), 'Nova@Senha1')).toBe(true);
    expect(users.checkPassword(MARIA, 'Nova@Senha1')).toBe(maria);
    expect(recovery.finishRecovery(id, codigo(), 'Outra@Senha2')).toBe(false);
  });

  it('refuses a wrong code and a link older than 30 minutes', () => {
    const { recovery, maria, codigo, advance } = setup();
    const id = recovery.startRecovery(maria);
    expect(recovery.finishRecovery(id, `${codigo().slice(1)}x`, 'Nova@Senha1')).toBe(false);
    advance(30 * 60 * 1000);
    expect(recovery.finishRecovery(id, codigo(), 'Nova@Senha1')).toBe(false);
  });

  it("forgets a document's links", () => {
    const { recovery, maria, codigo } = setup();
    const id = recovery.startRecovery(maria);
    recovery.forgetRecoveries(MARIA);
    expect(recovery.finishRecovery(id, codigo(), 'Nova@Senha1')).toBe(false);
  });
});
