import { PORTAL_ACCESS } from '@portal/contracts/upstream/activation-channel';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';

/** What an access record reaches: the session's claims, the activation channel, the log of a failed send. */
type AccessRecordPorts = Pick<Ports, 'sessions' | 'activation' | 'device' | 'log'>;

/**
 * After a contract query, the access record (acionamento) goes to the upstream once per
 * distinct creditor per session. Fired and forgotten: the user's request never waits for it and
 * never fails because of it. A creditor counts as recorded before the send, so that a dropped or
 * unanswered record is not repeated (tracking is at most once). The creditor is claimed with an atomic
 * counter in the shared store, so two contract queries at once, even on two instances, send one record.
 */
export function recordAccess(ports: AccessRecordPorts, person: Person, codcredor: string): void {
  sendOnce(ports, person, codcredor).catch((error: unknown) =>
    ports.log.warn({ err: error }, 'activation: the access record was not sent'),
  );
}

async function sendOnce(ports: AccessRecordPorts, person: Person, codcredor: string) {
  const { sessions, activation } = ports;
  if (!(await sessions.claimOnce(person, `acionamento:${codcredor}`))) return;
  await activation.send({
    metodo: 'registraAcionamento',
    ...PORTAL_ACCESS,
    dispositivo: ports.device,
    codcredor,
    cpfcnpj: person.data.cpfCnpj,
  });
}
