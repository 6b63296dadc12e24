import { randomBytes } from 'node:crypto';
import {
  formatTrailMoney,
  type GravarTrilhaBoletoRequest,
  isPrivateTrailPage,
  TRAIL_PAGES,
  type TrailPage,
} from '@portal/contracts/upstream/trail-channel';
import { formatBrDate } from '@portal/validation/dates';
import type { ConcludedAgreement } from '../agreements/types';
import { cookieSecure } from '../config';
import type { Summary } from '../negotiation/summary';
import type { Context, SignedIn } from '../trpc/context';
import type { TrailVisit } from '../upstream/trail-channel';

const VISIT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const VISITOR_ID = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's cookie choice, as the web app's banner writes it (`aceito=true` once accepted). */
const CONSENT_COOKIE = 'aceito';

const visitCookieName = (ctx: Context) => (cookieSecure(ctx.services.config) ? '__Host-visita' : 'visita');

/**
 * A signed-out visitor's own random id, in an HttpOnly cookie made on the first tracked view and kept
 * 30 days, only for a visitor whose request carries the cookie consent (checked here, not left to the
 * SPA). Named like the session cookie: `__Host-` pins it to this origin when cookies are Secure. Its last
 * 8 characters name the key its trail id is made with, the newest when it was made: the trail id stays the
 * one its `gravarSessao` went under across a rotation. One naming no configured key (dropped, or made before
 * ids) is replaced by a new visitor, whose `gravarSessao` goes first.
 */
function visitorId(ctx: Context): { id: string; keyId: string; minted: boolean } {
  const { config, keys } = ctx.services;
  const secure = cookieSecure(config);
  const name = visitCookieName(ctx);
  const current = ctx.req.cookies[name];
  const named = current?.slice(-8) ?? '';
  if (current && VISITOR_ID.test(current) && keys.has(named))
    return { id: current, keyId: named, minted: false };
  // 26 random bytes are 35 characters, and the key's id 8 more
  const id = `${randomBytes(26).toString('base64url')}${keys.newest}`;
  ctx.res.setCookie(name, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: VISIT_MAX_AGE_MS / 1000,
  });
  return { id, keyId: keys.newest, minted: true };
}

/** The trail's session: the signed-in session's, else the visitor's, both only as an HMAC. */
function visitOf(ctx: Context): TrailVisit {
  const { trail, config } = ctx.services;
  const base = { ip: ctx.req.ip, device: ctx.device };
  if (!ctx.session) {
    // A visitor keeps nothing in the store: its new cookie says its gravarSessao goes with this view.
    const { id, keyId, minted } = visitorId(ctx);
    return { ...base, sessionId: trail.sessionIdOf(id, keyId), opened: minted ? 'now' : 'before' };
  }
  const endsAt = ctx.session.data.createdAt + config.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000;
  return {
    ...base,
    sessionId: trail.sessionIdOf(ctx.session.id),
    formerIds: trail.formerSessionIdsOf(ctx.session.id),
    opened: { claimForMs: Math.max(1, endsAt - Date.now()) },
  };
}

/**
 * Fire and forget: the user's request neither waits for the trail nor fails because of it. The log
 * line names the kind of failure only, never what the record held.
 */
function fire(ctx: Context, work: () => Promise<void>): void {
  work().catch((error: unknown) =>
    ctx.req.log.warn(
      { kind: error instanceof Error ? error.name : typeof error },
      'trail: a record was not sent',
    ),
  );
}

/**
 * A screen view (`gravarTrilha`). A private page (from the negotiation on) is tracked only with a
 * session, a public one signed out only with the cookie consent; views beyond the per-IP limit are not
 * tracked.
 */
export function trackView(ctx: Context, page: TrailPage, codcredor: string | undefined): void {
  if (isPrivateTrailPage(page) && !ctx.session) return;
  // A visitor without the consent is not tracked, and a visit cookie left from a consent since withdrawn goes.
  if (!ctx.session && ctx.req.cookies[CONSENT_COOKIE] !== 'true') {
    const name = visitCookieName(ctx);
    if (ctx.req.cookies[name] !== undefined)
      ctx.res.clearCookie(name, { path: '/', secure: cookieSecure(ctx.services.config) });
    return;
  }
  // before answering: the visitor cookie travels with this response
  const visit = visitOf(ctx);
  fire(ctx, async () => {
    // Views beyond the per-IP limit are silently not tracked.
    const limit = { max: ctx.services.config.TRACK_VIEWS_MAX_PER_IP, windowMs: 60_000 };
    if (!(await ctx.services.limiter.hit('track-ip', ctx.req.ip, limit))) return;
    await ctx.services.trail.record(visit, {
      metodo: 'gravarTrilha',
      ...TRAIL_PAGES[page],
      trail: page,
      clienteId: ctx.session?.data.clientId ?? '',
      ...(codcredor ? { extras: { codcredor } } : {}),
    });
  });
}

/** The agreement a create concluded (`gravarTrilhaAcordo`); not for an idempotent repeat. */
export function trackAgreement(ctx: SignedIn, summary: Summary): void {
  const visit = visitOf(ctx);
  fire(ctx, async () => {
    const { detalhes } = summary;
    await ctx.services.trail.record(visit, {
      metodo: 'gravarTrilhaAcordo',
      clienteId: ctx.session.data.clientId,
      codCredor: summary.credor.codcredor,
      contrato: summary.contrato,
      tipoAcordo: summary.tipoAcordo,
      // an upfront payment has no entry nor instalments, as its proposal says
      valorEntrada: formatTrailMoney(detalhes.entradaCents ?? 0),
      valorParcela: formatTrailMoney(detalhes.demaisParcelas?.valorCents ?? 0),
      quantidadeParcela: detalhes.demaisParcelas?.quantidade ?? 0,
      dataVencimento: formatBrDate(detalhes.vencimento),
      tipoPagamento: summary.formaPagamento,
      valorTotal: formatTrailMoney(detalhes.totalCents),
    });
  });
}

/** A boleto issued again or sent to an address after the agreement (`gravarTrilhaBoleto`). */
export function trackBoleto(
  ctx: SignedIn,
  acordo: Pick<ConcludedAgreement, 'credor' | 'contrato' | 'nossonumero' | 'formaPagamento'>,
  canal: GravarTrilhaBoletoRequest['canal'],
): void {
  const visit = visitOf(ctx);
  fire(ctx, () =>
    ctx.services.trail.record(visit, {
      metodo: 'gravarTrilhaBoleto',
      clienteId: ctx.session.data.clientId,
      codCredor: acordo.credor.codcredor,
      contrato: acordo.contrato,
      ...(acordo.nossonumero ? { nossonumero: acordo.nossonumero } : {}),
      canal,
      tipoPagamento: acordo.formaPagamento,
    }),
  );
}
