import { randomInt } from 'node:crypto';
import type { ContactReason } from '@portal/contracts/upstream/proxy-channel';
import { todayInBrazil } from '@portal/validation/dates';
import type { StubUser } from './users';

/** A request to be contacted by a creditor (solicitarContato); tests read them at /__stub/contact-requests. */
interface ContactRequest {
  receivedAt: string;
  cpfCnpj: string;
  codcredor: string;
  contrato: string;
  /** why: kept here for the creditor alone, never logged nor recorded anywhere else */
  motivo: ContactReason;
  protocolo: string;
}

// The oldest go first beyond this: the simulator may run for days in a demo.
const MAX_CONTACT_REQUESTS = 10_000;

/** The contact requests people sent, oldest first, each with the protocol it was answered. */
export function createContactRequests(now: () => number) {
  const contactRequests: ContactRequest[] = [];

  return {
    contactRequests,

    /** Records a request; answers its protocol: the day (yyyymmdd, Brasília) and six random digits. */
    recordContactRequest(user: StubUser, codcredor: string, contrato: string, motivo: ContactReason): string {
      const at = new Date(now());
      const protocolo = `${todayInBrazil(at).replaceAll('-', '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      contactRequests.push({
        receivedAt: at.toISOString(),
        cpfCnpj: user.cpfCnpj,
        codcredor,
        contrato,
        motivo,
        protocolo,
      });
      if (contactRequests.length > MAX_CONTACT_REQUESTS) contactRequests.shift();
      return protocolo;
    },
  };
}
