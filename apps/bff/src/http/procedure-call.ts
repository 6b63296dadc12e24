import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route answers tRPC procedure calls named by its `:path` parameter */
    procedureCall?: boolean;
  }
}

/** The procedures a tRPC request names, and whether it is a batch, as every part of the BFF reads them. */
export interface ProcedureCall {
  paths: string[];
  batch: boolean;
}

/** A request whose procedure path is not a plain list of names: answered 400, nothing runs. */
export const REFUSED = 'refused';

// After its one decoding a path names procedures in plain words: nothing left that a second decoding
// (Fastify's, tRPC's, anyone's) could turn into another name or another separator.
const PLAIN_NAME = '[A-Za-z0-9.]+';
const ONE_NAME = new RegExp(`^${PLAIN_NAME}$`);
const NAME_LIST = new RegExp(`^${PLAIN_NAME}(?:,${PLAIN_NAME})*$`);

const readings = new WeakMap<FastifyRequest, ProcedureCall | typeof REFUSED | null>();

/**
 * The one reading of a tRPC request: the route Fastify chose says it is one, and the raw URL (never the
 * router's decoded parameter) says what it names, decoded exactly once, then split at its commas when it
 * is a batch. Batching, origin checks, shedding's answer and dispatch all read this result; a request that
 * spells its prefix in escapes, carries a fragment, or names anything but plain procedure names is refused.
 * Null for a request that is not a procedure call.
 */
export function readProcedureCall(req: FastifyRequest): ProcedureCall | typeof REFUSED | null {
  const known = readings.get(req);
  if (known !== undefined) return known;
  const reading = read(req);
  readings.set(req, reading);
  return reading;
}

function read(req: FastifyRequest): ProcedureCall | typeof REFUSED | null {
  const route = req.routeOptions;
  if (!route.config?.procedureCall || !route.url?.endsWith('/:path')) return null;
  const prefix = route.url.slice(0, -':path'.length);
  const url = req.url;
  if (url.includes('#')) return REFUSED;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.startsWith(prefix)) return REFUSED;
  let names: string;
  try {
    names = decodeURIComponent(path.slice(prefix.length));
  } catch {
    return REFUSED;
  }
  const batch = new URLSearchParams(query < 0 ? '' : url.slice(query + 1)).get('batch') === '1';
  if (!(batch ? NAME_LIST : ONE_NAME).test(names)) return REFUSED;
  return { paths: batch ? names.split(',') : [names], batch };
}
