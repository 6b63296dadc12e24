import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Expiring, liveRecord } from './expiring';
import type { Outbox } from './outbox';
import { generatePassword } from './passwords';
import type { StubUser, Users } from './users';

interface RecoveryOptions {
  users: Users;
  outbox: Outbox;
  now: () => number;
}

type Recovery = Expiring & { codigo: string };

const RECOVERY_TTL_MS = 30 * 60 * 1000;

/** Password recovery: a temporary password sent at once, and a reset link that works once for 30 minutes. */
export function createRecovery({ users, outbox, now }: RecoveryOptions) {
  const recoveries = new Map<string, Recovery>();

  return {
    /** Sends a temporary password and a reset link; returns the recovery id. */
    startRecovery(user: StubUser): string {
      const id = randomBytes(12).toString('base64url');
      const codigo = randomBytes(24).toString('base64url');
      recoveries.set(id, { cpfCnpj: user.cpfCnpj, codigo, expiresAt: now() + RECOVERY_TTL_MS });
      const password = generatePassword();
      users.setPassword(user, password);
      const link = `/nova-senha-pb?id=${id}&codigo=${codigo}`;
      outbox.send(
        user,
        'email',
        'Recuperação de senha',
        `Sua senha provisória é ${password}. Para criar uma nova senha, acesse ${link}`,
      );
      outbox.send(user, 'sms', 'Recuperação de senha', `Sua senha provisória é ${password}.`);
      return id;
    },

    /** A new password through the reset link; single use. */
    finishRecovery(id: string, codigo: string, novaSenha: string): boolean {
      const record = liveRecord(recoveries, id, now());
      const user = record ? users.findUser(record.cpfCnpj) : undefined;
      if (!record || !user || record.codigo.length !== codigo.length) return false;
      if (!timingSafeEqual(Buffer.from(record.codigo), Buffer.from(codigo))) return false;
      recoveries.delete(id);
      users.setPassword(user, novaSenha);
      return true;
    },

    /** Ends every reset link of a document. */
    forgetRecoveries(cpfCnpj: string) {
      for (const [id, record] of recoveries) if (record.cpfCnpj === cpfCnpj) recoveries.delete(id);
    },
  };
}
