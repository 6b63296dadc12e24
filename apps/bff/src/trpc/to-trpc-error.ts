import { TRY_AGAIN_MESSAGE } from '@portal/contracts/messages';
import * as verification from '@portal/contracts/procedures/verification';
import { UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';
import * as address from '@portal/validation/address';
import * as birthDate from '@portal/validation/birth-date';
import * as cep from '@portal/validation/cep';
import * as contact from '@portal/validation/contact';
import * as contract from '@portal/validation/contract';
import * as document from '@portal/validation/document';
import * as email from '@portal/validation/email';
import * as identityQuestion from '@portal/validation/identity-question';
import * as isoDate from '@portal/validation/iso-date';
import * as names from '@portal/validation/names';
import * as password from '@portal/validation/password';
import * as phone from '@portal/validation/phone';
import * as rating from '@portal/validation/rating';
import * as returnPath from '@portal/validation/return-path';
import { TRPCError } from '@trpc/server';
import { SHARED_MESSAGES } from '../core/messages';
import { Refusal, type RefusalKind } from '../core/refusal';
import { DatabaseUnavailableError } from '../db/records';
import { HTTP_MESSAGES } from '../http/error-envelope';
import { StoreUnavailableError } from '../store/store';
import { UpstreamError } from '../upstream/errors';

/** The transport's own error texts; each domain's are in its folder (auth/messages.ts, core/messages.ts…). */
export const MESSAGES = {
  tokenExpired: UPSTREAM_MESSAGES.tokenExpired,
  noResponse: TRY_AGAIN_MESSAGE,
  unexpected: SHARED_MESSAGES.unexpected,
  timeout: 'Erro de timeout',
  signedOut: 'Sua sessão terminou. Entre novamente.',
  unavailable: 'O portal está com instabilidade no momento. Tente novamente em alguns instantes.',
  /** the database that keeps declarations and agreement records does not answer: nothing was written */
  databaseDown: 'Não foi possível concluir agora. Tente novamente em alguns minutos.',
} as const;

/** The tRPC code of each refusal of the domain. */
const REFUSAL_CODE = {
  'bad-request': 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  precondition: 'PRECONDITION_FAILED',
  unprocessable: 'UNPROCESSABLE_CONTENT',
  'too-many': 'TOO_MANY_REQUESTS',
} as const satisfies Record<RefusalKind, TRPCError['code']>;

/** The one mapping point from the domain's refusals and upstream failures to tRPC codes and Portuguese messages. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof Refusal)
    return new TRPCError({ code: REFUSAL_CODE[error.kind], message: error.message, cause: error });
  if (error instanceof StoreUnavailableError) {
    const message = error instanceof DatabaseUnavailableError ? MESSAGES.databaseDown : MESSAGES.unavailable;
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message, cause: error });
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

/** An input no field rule names a message for: a wrong type, a missing or unknown field, a broken shape. */
export const INPUT_INVALID_MESSAGE = 'Dados inválidos';

// Where the field rules' messages are defined: every `*_MESSAGE` string they export.
const RULE_MODULES: Record<string, unknown>[] = [
  address,
  birthDate,
  cep,
  contact,
  contract,
  document,
  email,
  identityQuestion,
  isoDate,
  names,
  password,
  phone,
  rating,
  returnPath,
  verification,
];

/** The Portuguese messages for an input a field rule refuses, as the contracts' schemas give them. */
export const INPUT_MESSAGES: ReadonlySet<string> = new Set([
  INPUT_INVALID_MESSAGE,
  ...RULE_MODULES.flatMap((module) =>
    Object.entries(module)
      .filter(([name, value]) => name.endsWith('_MESSAGE') && typeof value === 'string')
      .map(([, value]) => value as string),
  ),
]);

interface Issue {
  message?: unknown;
  path?: readonly unknown[];
}

// A field is named by the schema's own keys; anything else on a path (an index, a key the request made up)
// is left out.
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * An input the procedure's schema refused: the first message a field rule gives (zod's own English texts
 * are never sent), else 'Dados inválidos', and the names of the fields at fault.
 */
export function inputIssues(error: TRPCError): { message: string; fields: string[] } | undefined {
  const issues: unknown = (error.cause as { issues?: unknown } | undefined)?.issues;
  if (error.code !== 'BAD_REQUEST' || !Array.isArray(issues)) return undefined;
  const spec = (issues as Issue[]).find(
    (issue) => typeof issue.message === 'string' && INPUT_MESSAGES.has(issue.message),
  );
  const fields = new Set<string>();
  for (const issue of issues as Issue[]) {
    const named = (issue.path ?? []).filter(
      (key): key is string => typeof key === 'string' && FIELD_NAME.test(key),
    );
    if (named.length > 0) fields.add(named.join('.'));
  }
  return { message: (spec?.message as string | undefined) ?? INPUT_INVALID_MESSAGE, fields: [...fields] };
}

/**
 * The Portuguese message of any other error: the procedures' own messages as they are; what tRPC itself
 * refuses (an unknown procedure, a malformed request, a parser's message) and any unexpected failure in
 * the portal's words.
 */
export function portugueseMessage(error: TRPCError, type: string): string {
  // a body or `input` that is not JSON: the parser's own text stays in the logs
  if (error.cause instanceof SyntaxError) return HTTP_MESSAGES.badRequest;
  switch (error.code) {
    case 'INTERNAL_SERVER_ERROR':
      return MESSAGES.unexpected;
    case 'PARSE_ERROR':
    case 'METHOD_NOT_SUPPORTED':
      return HTTP_MESSAGES.badRequest;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return HTTP_MESSAGES.unsupportedContentType;
    case 'PAYLOAD_TOO_LARGE':
      return HTTP_MESSAGES.tooLarge;
  }
  // 'unknown': refused by tRPC before any procedure ran (no such procedure, a batch too big, mixed types).
  if (type === 'unknown')
    return error.code === 'NOT_FOUND' ? HTTP_MESSAGES.notFound : HTTP_MESSAGES.badRequest;
  return error.message;
}
