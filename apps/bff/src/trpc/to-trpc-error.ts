import { TRPCError } from '@trpc/server';
import { StoreUnavailableError } from '../session/session-store';
import { UpstreamError } from '../upstream/errors';

/** The portal's error texts the BFF sends to the browser. */
export const MESSAGES = {
  loginFailed: 'Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.',
  tokenExpired: 'Token expirado',
  noResponse: 'Ocorreu um erro, tente novamente.',
  unexpected: 'Ocorreu um erro inesperado. Por gentileza, tente novamente mais tarde.',
  timeout: 'Erro de timeout',
  signedOut: 'Sua sessão terminou. Entre novamente.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  challengeExpired: 'A verificação expirou. Informe seu CPF/CNPJ para receber uma nova pergunta.',
  googleFailed: 'Ocorreu um erro, tente novamente mais tarde.',
  googleNotRegistered: 'E-mail não cadastrado.',
  unavailable: 'O portal está com instabilidade no momento. Tente novamente em alguns instantes.',
} as const;

/** The one mapping point from upstream failures to tRPC codes and Portuguese messages. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof StoreUnavailableError) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.unavailable, cause: error });
  }
  if (!(error instanceof UpstreamError)) {
    return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: MESSAGES.unexpected, cause: error });
  }
  switch (error.kind) {
    case 'rejected':
      return new TRPCError({
        code: 'BAD_REQUEST',
        message: error.upstreamMessage ?? MESSAGES.unexpected,
        cause: error,
      });
    case 'token-expired':
      return new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.tokenExpired, cause: error });
    case 'timeout':
      return new TRPCError({ code: 'GATEWAY_TIMEOUT', message: MESSAGES.timeout, cause: error });
    case 'unavailable':
      return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.noResponse, cause: error });
    case 'bad-reply':
      return new TRPCError({ code: 'BAD_GATEWAY', message: MESSAGES.unexpected, cause: error });
  }
}
