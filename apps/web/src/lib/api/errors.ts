import { TRY_AGAIN_MESSAGE } from '@portal/contracts/messages';
import { TRPCClientError } from '@trpc/client';

export const FALLBACK_ERROR_MESSAGE = TRY_AGAIN_MESSAGE;

interface ErrorData {
  code?: unknown;
}

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as ErrorData).code;
  return typeof code === 'string' ? code : undefined;
}

/** The session ended (signed out, idle expiry, 'Token expirado'). */
export function isUnauthorized(error: unknown): boolean {
  return errorCode(error) === 'UNAUTHORIZED';
}

/** The same request is still being processed (an agreement creation already running): ask later. */
export function isConflict(error: unknown): boolean {
  return errorCode(error) === 'CONFLICT';
}

/** The BFF refused the input (a rule the user can fix: a taken e-mail, a wrong current password). */
export function isBadRequest(error: unknown): boolean {
  return errorCode(error) === 'BAD_REQUEST';
}

/**
 * A change of e-mail or phone, or the account's deletion, needs the current password typed again (or the one
 * typed was wrong): the BFF answers PRECONDITION_FAILED on those procedures.
 */
export function isPasswordNeeded(error: unknown): boolean {
  return errorCode(error) === 'PRECONDITION_FAILED';
}

/** Too many attempts in a while (passwords checked, sign-ins): the message says to wait. */
export function isTooManyRequests(error: unknown): boolean {
  return errorCode(error) === 'TOO_MANY_REQUESTS';
}

/** The BFF answered with a tRPC error (as opposed to a network failure or a non-tRPC reply). */
export function isServerError(error: unknown): boolean {
  return errorCode(error) !== undefined;
}

/**
 * The Portuguese message the BFF sent with a tRPC error; anything else (a network failure, a proxy's
 * HTML page, a bug) gets the generic message rather than an English or technical text.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof TRPCClientError) || !isServerError(error)) return FALLBACK_ERROR_MESSAGE;
  const message = error.message.trim();
  if (message === '') return FALLBACK_ERROR_MESSAGE;
  return message;
}
