import {
  profileIdentityShape,
  type profileUpdateInput,
  whatsappWithPhone,
} from '@portal/contracts/procedures/account';
import { todayInBrazil } from '@portal/validation/dates';
import { isCompanyDocument } from '@portal/validation/document';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { forgetDevice } from '../auth/device-cookie';
import { sessionsOf } from '../auth/sign-in';
import type { SignedIn } from '../trpc/context';
import { MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';
import { changesContact, confirmIdentity, signedInRecently } from './reauth';

const MINUTE = 60_000;
/** Wrong current passwords a session may try before it waits (the upstream checks each one). */
const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: 15 * MINUTE };

/**
 * Saves 'Meus dados'. The name's rule depends on the session's kind of document and the birth date's on
 * today, so both shared rules are applied here; the header's name follows the new one.
 */
export async function updateProfile(ctx: SignedIn, input: z.output<typeof profileUpdateInput>) {
  const company = isCompanyDocument(ctx.session.data.cpfCnpj);
  const checked = z.object(profileIdentityShape(company, todayInBrazil())).safeParse(input);
  if (!checked.success) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: checked.error.issues[0]?.message ?? MESSAGES.unexpected,
    });
  }
  const { senha, ...profile } = input;
  // A new e-mail or phone is a new way to recover the password: it needs a recent sign-in or the password.
  if (!signedInRecently(ctx)) {
    const onFile = await ctx.services.upstream.profile(ctx.session.data.token);
    if (changesContact(onFile, profile)) await confirmIdentity(ctx, senha);
  }
  const saved = await ctx.services.upstream.updateProfile(ctx.session.data.token, {
    ...profile,
    whatsapp: whatsappWithPhone(input),
  });
  if (saved.nome !== ctx.session.data.nome) await ctx.services.sessions.rename(ctx.session, saved.nome);
  return { nome: saved.nome };
}

/** Deletes the registration upstream (after a recent sign-in or with the password), then ends this session. */
export async function deleteAccount(ctx: SignedIn, input: { senha?: string | undefined }) {
  await confirmIdentity(ctx, input.senha);
  await ctx.services.upstream.deleteAccount(ctx.session.data.token);
  // every session of the person ends, and this browser is no longer trusted for a registration now gone
  await ctx.services.sessions.end(ctx.req, ctx.res);
  await ctx.services.sessions.endAllOf(sessionsOf(ctx, ctx.session.data.cpfCnpj));
  forgetDevice(ctx);
  return { ok: true as const };
}

/**
 * The new password goes upstream, which checks the current one; limited per person. Once it is changed,
 * this browser's session goes on under a new id and every other session of the person ends: whoever
 * signed in with the old password is signed out.
 */
export async function changePassword(ctx: SignedIn, input: { senha: string; novaSenha: string }) {
  const { limiter, upstream, sessions } = ctx.services;
  const allowed = await limiter.hit('password-change', ctx.session.data.clientId, PASSWORD_CHANGE_LIMIT);
  if (!allowed) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });
  const { mensagem } = await upstream.changePassword(ctx.session.data.token, {
    senha: input.senha,
    novaSenha: input.novaSenha,
  });
  await sessions.renew(ctx.res, ctx.session, sessionsOf(ctx, ctx.session.data.cpfCnpj));
  return { message: mensagem };
}

/**
 * The credit score, for people only (11-digit documents). A failed lookup is only logged: the page then
 * shows no score.
 */
export async function scoreOf(ctx: SignedIn) {
  const { cpfCnpj, token } = ctx.session.data;
  if (!/^\d{11}$/.test(cpfCnpj)) return null;
  try {
    return await ctx.services.upstream.score(token, cpfCnpj);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'token-expired') throw error;
    ctx.req.log.warn(
      { kind: error instanceof UpstreamError ? error.kind : 'unknown' },
      'score: the lookup failed',
    );
    return null;
  }
}
