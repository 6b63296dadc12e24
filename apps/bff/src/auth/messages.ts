import { UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';

/** What the sign-in paths refuse with, in the person's words; shared ones are in core/messages.ts. */
export const AUTH_MESSAGES = {
  /** an unknown document, a wrong password and a lock alike: nothing to enumerate */
  loginFailed: UPSTREAM_MESSAGES.loginFailed,
  challengeExpired: 'A verificação expirou. Informe seu CPF/CNPJ para receber uma nova pergunta.',
  googleFailed: 'Ocorreu um erro, tente novamente mais tarde.',
  googleNotRegistered: UPSTREAM_MESSAGES.googleNotRegistered,
} as const;
