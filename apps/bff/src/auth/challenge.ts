import { TRPCError } from '@trpc/server';
import type { SessionView } from '../session/session-view';
import type { Context } from '../trpc/context';
import { MESSAGES } from '../trpc/to-trpc-error';
import { noteFailure, startSession, takeAttempt, tooMany } from './sign-in';

const MAX_ANSWERS_PER_QUESTION = 3;
const MINUTE = 60_000;

/** Identity-question sign-in, step 1 (solicitarLogin): the question, bound to this browser. */
export async function startChallenge(ctx: Context, cpfCnpj: string): Promise<{ pergunta: string }> {
  const { config, limiter, upstream, sessions } = ctx.services;
  const allowed = await limiter.hitAll([
    ['challenge-ip', ctx.req.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs: 15 * MINUTE }],
    ['challenge-doc', cpfCnpj, { max: config.CHALLENGE_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
  ]);
  if (!allowed) throw tooMany();
  const reply = await upstream.solicitarLogin(cpfCnpj);
  if (reply.erro || !reply.verificacao) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: reply.message || MESSAGES.unexpected });
  }
  await sessions.startChallenge(ctx.req, ctx.res, { cpfCnpj, pergunta: reply.verificacao });
  return { pergunta: reply.verificacao };
}

const expired = () => new TRPCError({ code: 'PRECONDITION_FAILED', message: MESSAGES.challengeExpired });

/**
 * Step 2 (verificarLogin): a few answers per question, single use. Each answer takes its number from an
 * atomic counter before anything else, so answers sent at once cannot exceed the few; only those go on to
 * count against the document's daily cap of identity answers (or a trusted browser's own attempts).
 */
export async function answerChallenge(ctx: Context, resposta: string): Promise<SessionView> {
  const { sessions, upstream } = ctx.services;
  const challenge = await sessions.readChallenge(ctx.req);
  if (!challenge) throw expired();
  const { id, record } = challenge;
  const answer = await sessions.countAnswer(id);
  if (answer > MAX_ANSWERS_PER_QUESTION) {
    await sessions.endChallenge(ctx.req, ctx.res);
    throw expired();
  }
  const counted = await takeAttempt(ctx, record.cpfCnpj, 'question');
  if (!counted) {
    await sessions.endChallenge(ctx.req, ctx.res);
    throw tooMany();
  }
  const reply = await upstream.verificarLogin({
    cpfCnpj: record.cpfCnpj,
    pergunta: record.pergunta,
    resposta,
  });
  if (reply.erro) {
    await noteFailure(ctx, counted);
    if (answer >= MAX_ANSWERS_PER_QUESTION) {
      await sessions.endChallenge(ctx.req, ctx.res);
      throw expired();
    }
    throw new TRPCError({ code: 'BAD_REQUEST', message: reply.message || MESSAGES.unexpected });
  }
  // Two right answers at once: the first signs in, the question is spent for the other.
  if (!(await sessions.claimRightAnswer(id))) throw expired();
  return startSession(ctx, reply, 'pergunta', counted);
}
