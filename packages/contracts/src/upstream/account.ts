import { RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '@portal/validation/rating';
import { z } from 'zod';
import { SCORE_MAX } from '../score';
import { address, profile } from './entities';
import { envelope } from './wire';

/**
 * The signed-in user's own account at the upstream (every call carries the Bearer token, which names
 * the user): profile edit, password change, deletion, credit score, rating, marketing consent and scheduled
 * reminders.
 */

/** PUT /edicao: the profile as 'Meus dados' saves it; the address goes only with a CEP. */
export const profileUpdateRequest = z.object({
  nome: z.string().min(1).max(120),
  /** dd/mm/yyyy */
  dtNascimento: z.string().max(10),
  /** '' when the user keeps only a phone */
  email: z.string().max(254),
  /** digits; '' when the user keeps only an e-mail */
  telefone: z.string().max(11),
  whatsapp: z.boolean(),
  endereco: address.optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;
export const profileUpdateReply = envelope(profile);

/** POST /recuperar-senha-privado: the current password and the new one. */
export const passwordChangeRequest = z.object({
  senha: z.string().min(1).max(200),
  novaSenha: z.string().min(8).max(200),
});
export const passwordChangeReply = envelope(z.object({ mensagem: z.string() }));

/** DELETE /excluir/cadastro: the registration and every token it had are gone. */
export const accountDeletionReply = envelope(z.object({ excluido: z.literal(true) }));

/** Bands of the credit score (ours, not the upstream's), lowest first; `ate` is inclusive. */
const SCORE_BANDS = [
  { ate: 300, faixa: 'Baixo' },
  { ate: 500, faixa: 'Regular' },
  { ate: 700, faixa: 'Bom' },
  { ate: SCORE_MAX, faixa: 'Excelente' },
] as const;
type ScoreBand = (typeof SCORE_BANDS)[number]['faixa'];

export const scoreBand = (score: number): ScoreBand =>
  SCORE_BANDS.find((band) => score <= band.ate)?.faixa ?? 'Excelente';

/** GET /score?cpfCnpj=: a person's score, 0–1000, with its band. */
export const scoreReply = envelope(
  z.object({
    score: z.number().int().min(0).max(SCORE_MAX),
    faixa: z.enum(SCORE_BANDS.map((band) => band.faixa) as [ScoreBand, ...ScoreBand[]]),
  }),
);

/** POST /avaliacao: the portal's rating: nota 0–10, comentario up to 500 characters. */
export const ratingRequest = z.object({
  nota: z.number().int().min(RATING_MIN).max(RATING_MAX),
  comentario: z.string().max(RATING_COMMENT_MAX).optional(),
});
export const ratingReply = envelope(z.object({ registrada: z.literal(true) }));

/** PUT /notificacoes (ours): the marketing-notification consent, free to revoke (LGPD). */
export const notificationsRequest = z.object({ notificacao: z.boolean() });
export const notificationsReply = envelope(notificationsRequest);

/**
 * _Ours_: a reminder the upstream sends at `enviarEm` (an ISO instant with its offset) by e-mail or SMS to the
 * address on file, about one instalment of an agreement; it is not sent when that instalment is paid by then
 * or the agreement was cancelled. An `id` is sent at most once.
 */
export const scheduledNotice = z.object({
  id: z.string().min(1).max(80),
  canal: z.enum(['email', 'sms']),
  enviarEm: z.iso.datetime({ offset: true }),
  codcredor: z.string().min(1).max(20),
  contrato: z.string().min(1).max(40),
  codigoAcordo: z.string().min(1).max(40),
  numero: z.number().int().positive(),
  texto: z.string().min(1).max(160),
});
export type ScheduledNotice = z.infer<typeof scheduledNotice>;

/**
 * _Ours_: Brasília hours no notice may be sent in, from `from`:00 to `to`:00 (400 `Dados inválidos.` for one
 * scheduled then).
 */
export const NOTICE_QUIET_HOURS = { from: 21, to: 8 } as const;

/** PUT /avisos (ours): replaces the user's whole schedule (an empty list: none); answers how many are kept. */
export const noticesRequest = z.object({ avisos: z.array(scheduledNotice).max(500) });
export const noticesReply = envelope(z.object({ agendados: z.number().int().nonnegative() }));
/** GET /avisos (ours): the user's schedule. */
export const noticesListReply = envelope(noticesRequest);
