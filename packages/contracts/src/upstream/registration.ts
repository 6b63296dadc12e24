import { z } from 'zod';
import { contactCheckResult, registration } from './entities';
import { documentDigits, envelope } from './wire';

/** GET /cadastro/situacao?cpfCnpj= (ours): whether a document is registered (home banner). */
export const documentStatusReply = envelope(z.object({ cadastrado: z.boolean() }));

/** POST /cadastro: the upstream generates the first password and sends it by e-mail and SMS. */
export const registrationRequest = registration;
export const registrationReply = envelope(z.object({ pass: z.string().min(1) }));

/** GET /consulta/email?email=&telefone=: how many registrations already use them. */
export const contactCheckReply = envelope(contactCheckResult);

/**
 * POST /recuperar-senha-publico: sends a temporary password (and a reset link) to the contacts on
 * file and answers where it went, masked. The same call resends.
 */
export const recoverySendRequest = z.object({ cpfCnpj: documentDigits });
export const recoverySendReply = envelope(
  z.object({ id: z.string().min(1), email: z.string(), telefone: z.string() }),
);

/** POST /recuperar-senha-publico/nova (ours): a new password, identified by the reset link's id and code. */
export const recoveryResetRequest = z.object({
  id: z.string().min(1).max(100),
  codigo: z.string().min(1).max(200),
  novaSenha: z.string().min(8).max(200),
});
export const recoveryResetReply = envelope(z.object({ alterada: z.literal(true) }));

/** A message the upstream sent (the simulator keeps them in an outbox tests read). */
export const outboxMessage = z.object({
  canal: z.enum(['email', 'sms']),
  destino: z.string(),
  cpfCnpj: documentDigits,
  assunto: z.string(),
  texto: z.string(),
  enviadoEm: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** GET /parceiros (ours): the partner creditors shown on the home page, public. */
export const partnersReply = envelope(z.array(z.object({ nome: z.string(), logomarca: z.string() })));

/** The upstream's refusals of registration, recovery and profile changes. */
export const REGISTRATION_MESSAGES = {
  documentTaken: 'CPF/CNPJ já cadastrado.',
  emailTaken: 'E-mail já cadastrado. Por favor, utilize outro e-mail',
  phoneTaken: 'Telefone já cadastrado. Por favor, utilize outro telefone',
  notRegistered: 'CPF/CNPJ não cadastrado.',
  invalid: 'Dados de cadastro inválidos.',
  recoveryLinkInvalid: 'Link de recuperação inválido ou expirado.',
} as const;
