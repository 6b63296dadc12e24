import { initTRPC, TRPCError } from '@trpc/server';
import { StoreUnavailableError } from '../session/session-store';
import { UpstreamError } from '../upstream/errors';
import type { Context } from './context';
import { MESSAGES, toTRPCError } from './to-trpc-error';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape }) {
    // Never send stack traces or internals to the browser.
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, data };
  },
});

export const router = t.router;

/** Every upstream or store failure leaves a procedure through the one mapping point. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  const cause = result.ok ? undefined : result.error.cause;
  if (cause instanceof UpstreamError || cause instanceof StoreUnavailableError) throw toTRPCError(cause);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/** Needs a live session; an expired upstream token ('Token expirado') ends it. */
export const sessionProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { session } = ctx;
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.signedOut });
  const result = await next({ ctx: { session } });
  const cause = result.ok ? undefined : result.error.cause;
  if (cause instanceof UpstreamError && cause.kind === 'token-expired') {
    await ctx.services.sessions.end(ctx.req, ctx.res);
  }
  return result;
});
