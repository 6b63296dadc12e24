import { normalizeEmail } from '@portal/validation/email';
import { normalizePhone } from '@portal/validation/phone';
import { TRPCError } from '@trpc/server';
import type { SignedIn } from '../trpc/context';
import { AGREEMENT_MESSAGES } from './types';

/**
 * Where the upstream sends the boletos: 'email;sms', 'email' or 'sms', and the matching addresses
 * joined by ';'. With no contact given, the ones on file.
 */
export async function deliveryOf(ctx: SignedIn, email: string | undefined, telefone: string | undefined) {
  let mail = email ? normalizeEmail(email) : '';
  let phone = telefone ? normalizePhone(telefone) : '';
  if (!mail && !phone) {
    const profile = await ctx.services.upstream.profile(ctx.session.data.token);
    mail = profile.email;
    phone = profile.telefone;
  }
  if (mail && phone)
    return { canalrecebimento: 'email;sms' as const, destinorecebimento: `${mail};${phone}` };
  if (mail) return { canalrecebimento: 'email' as const, destinorecebimento: mail };
  if (phone) return { canalrecebimento: 'sms' as const, destinorecebimento: phone };
  throw new TRPCError({ code: 'BAD_REQUEST', message: AGREEMENT_MESSAGES.noContact });
}
