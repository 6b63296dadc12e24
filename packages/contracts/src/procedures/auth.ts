import {
  ANSWER_MAX_LENGTH,
  ANSWER_REQUIRED_MESSAGE,
  ANSWER_TOO_LONG_MESSAGE,
} from '@portal/validation/identity-question';
import { PASSWORD_MAX_LENGTH, PASSWORD_REQUIRED_MESSAGE } from '@portal/validation/password';
import { z } from 'zod';
import { documentField } from './fields';

/** Google's ID tokens are a few kilobytes; anything far larger is not one. */
const GOOGLE_CREDENTIAL_MAX_LENGTH = 10_000;

/** auth.lookupDocument: is this document registered? (the home banner) */
export const documentLookupInput = z.object({ cpfCnpj: documentField });

/** auth.signIn: the document and the password as typed. */
export const signInInput = z.object({
  cpfCnpj: documentField,
  senha: z.string().min(1, PASSWORD_REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
});

/** auth.startChallenge: the document whose identity question is asked. */
export const startChallengeInput = z.object({ cpfCnpj: documentField });

/** auth.answerChallenge: the answer to the identity question, trimmed. */
export const answerChallengeInput = z.object({
  resposta: z.string().trim().min(1, ANSWER_REQUIRED_MESSAGE).max(ANSWER_MAX_LENGTH, ANSWER_TOO_LONG_MESSAGE),
});

/** auth.signInWithGoogle: the one-tap credential, verified by the BFF. */
export const googleSignInInput = z.object({
  credential: z.string().min(1).max(GOOGLE_CREDENTIAL_MAX_LENGTH),
});
