import { DUE_DAY_MAX } from '@portal/validation/dates';
import { EMAIL_INVALID_MESSAGE, EMAIL_INVALID_SUMMARY_MESSAGE } from '@portal/validation/email';
import { PHONE_INVALID_SUMMARY_MESSAGE } from '@portal/validation/phone';
import { z } from 'zod';
import {
  codcredor,
  contrato,
  emailField,
  emailOrBlankField,
  mobileField,
  mobileOrBlankField,
} from './fields';

/**
 * Where an agreement's boleto goes, as the summary page asks: each contact optional (the BFF falls back
 * to the ones on file) but a typed one valid, the phone a mobile.
 */
export const deliveryShape = {
  email: emailOrBlankField(EMAIL_INVALID_SUMMARY_MESSAGE),
  telefone: mobileOrBlankField(PHONE_INVALID_SUMMARY_MESSAGE),
};

const optionalDelivery = {
  email: deliveryShape.email.optional(),
  telefone: deliveryShape.telefone.optional(),
};

/** agreements.create: the summary's intent key and where to send the boleto. */
export const createAgreementInput = z.object({ chave: z.uuid(), ...optionalDelivery });

/** agreements.intent: the state of the creation the summary's key started. */
export const intentInput = z.object({ chave: z.uuid() });

/** agreements.inProgress: the agreement on a contract. */
export const inProgressInput = z.object({ codcredor, contrato });

/** agreements.reissue: an open instalment of the agreement, issued again. */
export const reissueInput = z.object({
  codcredor,
  contrato,
  parcela: z.string().min(1).max(60),
  ...optionalDelivery,
});

/** The address a concluded agreement's boleto is sent to by e-mail (handed over normalized). */
export const sendEmailDestino = emailField(EMAIL_INVALID_MESSAGE);

/**
 * The number it is sent to by SMS: a mobile only, handed over in digits. The BFF answers with the
 * summary's wording; the send modal names the field as the phone fields do.
 */
export const sendSmsDestino = (message: string = PHONE_INVALID_SUMMARY_MESSAGE) => mobileField(message);

/** agreements.send */
export const sendAgreementInput = z.discriminatedUnion('canal', [
  z.object({ canal: z.literal('email'), destino: sendEmailDestino }),
  z.object({ canal: z.literal('sms'), destino: sendSmsDestino() }),
]);

/** A change of an agreement's schedule: an instalment moved to the end, or a new day of the month. */
export const scheduleChange = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('mover'), numero: z.number().int().min(1).max(360) }),
  z.object({ tipo: z.literal('dia'), dia: z.number().int().min(1).max(DUE_DAY_MAX) }),
]);

/** agreements.schedulePreview: every date the change would give, before the person confirms it. */
export const schedulePreviewInput = z.object({ codcredor, contrato, mudanca: scheduleChange });

/** agreements.changeSchedule: the change confirmed, sent at most once per key. */
export const changeScheduleInput = z.object({
  codcredor,
  contrato,
  mudanca: scheduleChange,
  chave: z.uuid(),
});

/** agreements.scheduleChange: what became of a change still processing. */
export const scheduleChangeStatusInput = z.object({ chave: z.uuid() });

/** Why a person cannot pay, as 'Estou com dificuldade para pagar' asks it (one choice, no proof). */
export const HARDSHIP_REASONS = {
  desemprego: 'Desemprego',
  doenca: 'Doença',
  'reducao-renda': 'Redução de renda',
  luto: 'Luto',
  outro: 'Outro motivo',
} as const;

/** agreements.hardship: a request for the creditor to contact the person, with the reason they gave. */
export const hardshipInput = z.object({
  codcredor,
  contrato,
  motivo: z.enum(
    Object.keys(HARDSHIP_REASONS) as [keyof typeof HARDSHIP_REASONS, ...(keyof typeof HARDSHIP_REASONS)[]],
  ),
});
