import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}
