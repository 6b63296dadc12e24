import { normalizeEmail } from '@portal/validation/email';
import { isValidPhone, normalizePhone } from '@portal/validation/phone';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { AGREEMENT_MESSAGES } from './types';

/** The contacts given, normalized; with none given, the ones on file. */
async function contactsOf(
  ports: Pick<Ports, 'upstream'>,
  person: Person,
  email: string | undefined,
  telefone: string | undefined,
) {
  const mail = email ? normalizeEmail(email) : '';
  const phone = telefone ? normalizePhone(telefone) : '';
  if (mail || phone) return { mail, phone };
  const profile = await ports.upstream.profile(person.data.token);
  return { mail: profile.email, phone: profile.telefone };
}

/**
 * Where the upstream sends a new agreement's boletos (`gerarBoleto`): 'email;sms', 'email' or 'sms', and
 * the matching addresses joined by ';'. With no contact given, the ones on file.
 */
export async function deliveryOf(
  ports: Pick<Ports, 'upstream'>,
  person: Person,
  email: string | undefined,
  telefone: string | undefined,
) {
  const { mail, phone } = await contactsOf(ports, person, email, telefone);
  if (mail && phone)
    return { canalrecebimento: 'email;sms' as const, destinorecebimento: `${mail};${phone}` };
  if (mail) return { canalrecebimento: 'email' as const, destinorecebimento: mail };
  if (phone) return { canalrecebimento: 'sms' as const, destinorecebimento: phone };
  throw new Refusal('bad-request', AGREEMENT_MESSAGES.noContact);
}

/**
 * The one channel a re-issue (`emitirBoleto`) goes by, as the upstream takes one a call: the e-mail when
 * there is one (it also carries the payment method), else the mobile by SMS. With no contact given, the
 * ones on file. The concluded page then offers the other channel.
 */
export async function reissueDeliveryOf(
  ports: Pick<Ports, 'upstream'>,
  person: Person,
  email: string | undefined,
  telefone: string | undefined,
): Promise<{ canalrecebimento: 'email' | 'sms'; destinorecebimento: string }> {
  const { mail, phone } = await contactsOf(ports, person, email, telefone);
  if (mail) return { canalrecebimento: 'email', destinorecebimento: mail };
  // an SMS reaches a mobile only
  if (isValidPhone(phone)) return { canalrecebimento: 'sms', destinorecebimento: phone };
  throw new Refusal('bad-request', AGREEMENT_MESSAGES.noContact);
}
