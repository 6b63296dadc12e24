import { initTRPC, TRPCError } from '@trpc/server';
import { Refusal } from '../core/refusal';
import { StoreUnavailableError } from '../store/store';
import { UpstreamError } from '../upstream/errors';
import type { Context } from './context';
import { inputIssues, MESSAGES, portugueseMessage, toTRPCError } from './to-trpc-error';

/** What a procedure declares about itself, read by the BFF's request guards. */
export interface ProcedureMeta {
  /**
   * A query that writes the session or does more upstream than read (an access record, a credit-bureau
   * consultation, a reconciliation): a cross-site GET must not run it, as it must not run a mutation.
   */
  sideEffects?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never send stack traces, schema internals or parser messages to the browser: Portuguese only.
    errorFormatter({ shape, error, type }) {
      const { stack: _stack, ...data } = shape.data;
      const invalid = inputIssues(error);
      if (invalid) return { ...shape, message: invalid.message, data: { ...data, fields: invalid.fields } };
      return { ...shape, message: portugueseMessage(error, type), data };
    },
  });

export const router = t.router;

/** Every refusal of the domain, upstream or store failure leaves a procedure through the one mapping point. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? undefined : result.error.cause;
  if (cause instanceof Refusal || cause instanceof UpstreamError || cause instanceof StoreUnavailableError)
    throw toTRPCError(cause);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/** Needs a live session; an expired upstream token ('Token expirado') ends it. */
export const sessionProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { person } = ctx;
  if (!person) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.signedOut });
  const result = await next({ ctx: { person } });
  const cause = result.ok ? undefined : result.error.cause;
  if (cause instanceof UpstreamError && cause.kind === 'token-expired') {
    await ctx.ports.sessions.end(ctx.ports.cookies);
  }
  return result;
});
