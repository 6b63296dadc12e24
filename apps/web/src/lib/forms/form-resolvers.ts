// First, before any schema is built.
import './zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInput } from '@portal/contracts/procedures/account';
import { deliveryShape, sendEmailDestino, sendSmsDestino } from '@portal/contracts/procedures/agreements';
import { answerChallengeInput, documentLookupInput, signInInput } from '@portal/contracts/procedures/auth';
import { nameField, PASSWORDS_MATCH } from '@portal/contracts/procedures/fields';
import { recoverySendInput, resetPasswordShape } from '@portal/contracts/procedures/recovery';
import { registrationShape } from '@portal/contracts/procedures/registration';
import { verifyCodeInput } from '@portal/contracts/procedures/verification';
import { PHONE_INVALID_MESSAGE } from '@portal/validation/phone';
import { z } from 'zod';
import { profileSchema } from './profile-form';

// Every form's schema, in one chunk loaded on demand (lazy-resolver.ts): pages import only types from here.

/**
 * The registration's fields but the marketing consent (asked with the terms). The name rule depends on
 * the document, so each field shows its own message: a person's full name, or a company's 'Razão Social'.
 */
function registrationSchema(company: boolean) {
  return z
    .object(registrationShape)
    .omit({ notificacao: true })
    .extend({ nome: nameField(company) });
}

/** The address typed in each channel's modal, handed over as `agreements.send` takes it. */
const sendSchemas = {
  email: z.object({ destino: sendEmailDestino }),
  // a mobile only, as every 'Celular'
  sms: z.object({ destino: sendSmsDestino(PHONE_INVALID_MESSAGE) }),
};

/** Each contact is optional (the BFF falls back to the ones on file), but a typed one must be valid. */
const deliverySchema = z.object(deliveryShape);

/** The new password and its confirmation; the link's id and code are added to them on submit. */
const resetSchema = z.object(resetPasswordShape).refine(...PASSWORDS_MATCH);

export type RegistrationSchema = ReturnType<typeof registrationSchema>;
export type DeliverySchema = typeof deliverySchema;
export type ResetSchema = typeof resetSchema;

export const formResolvers = {
  signIn: zodResolver(signInInput),
  documentLookup: zodResolver(documentLookupInput),
  answerChallenge: zodResolver(answerChallengeInput),
  registration: {
    person: zodResolver(registrationSchema(false)),
    company: zodResolver(registrationSchema(true)),
  },
  forgotPassword: zodResolver(recoverySendInput),
  resetPassword: zodResolver(resetSchema),
  changePassword: zodResolver(changePasswordInput),
  profile: { person: zodResolver(profileSchema(false)), company: zodResolver(profileSchema(true)) },
  delivery: zodResolver(deliverySchema),
  send: { email: zodResolver(sendSchemas.email), sms: zodResolver(sendSchemas.sms) },
  verifyCode: zodResolver(verifyCodeInput),
};

export type FormResolvers = typeof formResolvers;
