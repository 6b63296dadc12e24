import { vi } from 'vitest';
import type { RouterInputs, RouterOutputs } from '../src/lib/api/trpc';

/** The tRPC error codes the BFF sends, with their HTTP statuses. */
const HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
} as const;

type FakeErrorCode = keyof typeof HTTP_STATUS;

const JSON_RPC_CODE: Record<FakeErrorCode, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  PRECONDITION_FAILED: -32012,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
  BAD_GATEWAY: -32603,
  SERVICE_UNAVAILABLE: -32603,
  GATEWAY_TIMEOUT: -32603,
};

/** Thrown by a handler: the fake BFF answers with a tRPC error of that code and message. */
export class FakeTrpcError extends Error {
  constructor(
    readonly code: FakeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type RouterName = keyof RouterOutputs & keyof RouterInputs & string;

/** Every procedure of the BFF by its path, e.g. 'auth.session'. */
export type ProcedurePath = {
  [R in RouterName]: `${R}.${keyof RouterOutputs[R] & keyof RouterInputs[R] & string}`;
}[RouterName];

type RouterOf<P extends ProcedurePath> = P extends `${infer R extends RouterName}.${string}` ? R : never;
type NameOf<P extends ProcedurePath> = P extends `${RouterOf<P>}.${infer N}` ? N : never;
type InputOf<P extends ProcedurePath> = RouterInputs[RouterOf<P>][NameOf<P> &
  keyof RouterInputs[RouterOf<P>]];
type OutputOf<P extends ProcedurePath> = RouterOutputs[RouterOf<P>][NameOf<P> &
  keyof RouterOutputs[RouterOf<P>]];

/** A procedure's stand-in: what the BFF takes and answers (a promise holds the request open). */
export type Handler<P extends ProcedurePath> = (input: InputOf<P>) => OutputOf<P> | Promise<OutputOf<P>>;

/** The stand-ins of a test, by procedure path; a path without one answers NOT_FOUND. */
export type FakeHandlers = { [P in ProcedurePath]?: Handler<P> };

/** Any stand-in, as the fake BFF calls it with the input it received. */
type AnyHandler = (input: never) => unknown;

interface FakeCall {
  path: string;
  input: unknown;
  batched: boolean;
}

interface Reply {
  status: number;
  body: unknown;
}

async function answer(handler: AnyHandler | undefined, path: string, input: unknown): Promise<Reply> {
  if (!handler) {
    return {
      status: 404,
      body: { error: { message: `No handler for ${path}`, code: -32004, data: { code: 'NOT_FOUND' } } },
    };
  }
  try {
    return { status: 200, body: { result: { data: await handler(input as never) } } };
  } catch (error) {
    if (!(error instanceof FakeTrpcError)) throw error;
    const httpStatus = HTTP_STATUS[error.code];
    return {
      status: httpStatus,
      body: {
        error: {
          message: error.message,
          code: JSON_RPC_CODE[error.code],
          data: { code: error.code, httpStatus, path },
        },
      },
    };
  }
}

/**
 * Replaces `fetch` with a BFF speaking tRPC's HTTP protocol (batched GET queries, POST mutations), so
 * the real tRPC client, links and react-query run in tests. Handlers may return promises to hold a
 * request open.
 */
export function installFakeBff(initial: FakeHandlers = {}) {
  // The screen views of the trail (lib/tracking/tracking.ts) are answered unless a test handles them itself.
  const handlers: Partial<Record<string, AnyHandler>> = { 'tracking.view': () => ({ ok: true }), ...initial };
  const calls: FakeCall[] = [];

  const fetchMock = vi.fn(async (resource: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof resource === 'string' ? resource : resource.toString(), 'http://localhost');
    const paths = url.pathname.replace(/^\/trpc\//, '').split(',');
    const batched = url.searchParams.get('batch') === '1';
    const rawInput: unknown =
      init?.method === 'POST'
        ? JSON.parse(typeof init.body === 'string' && init.body !== '' ? init.body : 'null')
        : JSON.parse(url.searchParams.get('input') ?? 'null');
    const replies = await Promise.all(
      paths.map((path, index) => {
        const input =
          batched && rawInput && typeof rawInput === 'object'
            ? (rawInput as Record<string, unknown>)[String(index)]
            : rawInput;
        calls.push({ path, input, batched });
        return answer(handlers[path], path, input);
      }),
    );
    const first = replies[0] ?? { status: 500, body: null };
    const status = batched
      ? replies.every((reply) => reply.status === first.status)
        ? first.status
        : 207
      : first.status;
    const body = batched ? replies.map((reply) => reply.body) : first.body;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    fetchMock,
    /** Adds or replaces a procedure's handler. */
    on<P extends ProcedurePath>(path: P, handler: Handler<P>) {
      handlers[path] = handler as AnyHandler;
    },
    callsTo(path: ProcedurePath) {
      return calls.filter((call) => call.path === path);
    },
  };
}

/** A promise with its resolve, to hold a fake request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
