import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  FALLBACK_ERROR_MESSAGE,
  isPasswordNeeded,
  isTooManyRequests,
  isUnauthorized,
} from './errors';

function serverError(code: string, message: string) {
  return TRPCClientError.from({ error: { message, code: -32000, data: { code, httpStatus: 500 } } });
}

describe('errorMessage', () => {
  it('keeps the message the BFF sent', () => {
    expect(errorMessage(serverError('GATEWAY_TIMEOUT', 'Erro de timeout'))).toBe('Erro de timeout');
  });

  it("keeps an input error's message as the BFF words it (a field rule's message, never the schema's issues)", () => {
    expect(errorMessage(serverError('BAD_REQUEST', 'CPF/CNPJ inválido'))).toBe('CPF/CNPJ inválido');
  });

  it('falls back to the generic message for network failures and anything unknown', () => {
    expect(errorMessage(new TRPCClientError('Failed to fetch'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(new Error('boom'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage(undefined)).toBe('Ocorreu um erro, tente novamente.');
  });
});

describe('isUnauthorized', () => {
  it('recognises an ended session only', () => {
    expect(isUnauthorized(serverError('UNAUTHORIZED', 'Token expirado'))).toBe(true);
    expect(isUnauthorized(serverError('BAD_REQUEST', 'x'))).toBe(false);
    expect(isUnauthorized(new Error('UNAUTHORIZED'))).toBe(false);
  });
});

describe('isPasswordNeeded and isTooManyRequests', () => {
  it('recognise a request for the password again and a wait for too many attempts, nothing else', () => {
    expect(isPasswordNeeded(serverError('PRECONDITION_FAILED', 'Senha incorreta.'))).toBe(true);
    expect(isPasswordNeeded(serverError('UNAUTHORIZED', 'Token expirado'))).toBe(false);
    expect(isTooManyRequests(serverError('TOO_MANY_REQUESTS', 'Muitas tentativas.'))).toBe(true);
    expect(isTooManyRequests(serverError('PRECONDITION_FAILED', 'x'))).toBe(false);
    expect(isPasswordNeeded(new Error('PRECONDITION_FAILED'))).toBe(false);
  });
});
