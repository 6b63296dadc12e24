import { randomBytes } from 'node:crypto';
import {
  formatTrailMoney,
  type GravarTrilhaBoletoRequest,
  isPrivateTrailPage,
  TRAIL_PAGES,
  type TrailPage,
} from '@portal/contracts/upstream/trail-channel';
import { formatBrDate } from '@portal/validation/dates';
import { type Config, cookieSecure } from '../config/config';
import type { ConcludedAgreement, Summary } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import type { TrailVisit } from '../upstream/trail-channel';

/** What a signed-in person's trail record reaches: the trail channel, who asks from where, the log. */
export type SignedInTrailPorts = Pick<Ports, 'trail' | 'config' | 'ip' | 'device' | 'log'>;
/** What a screen view reaches besides: a visitor's cookie and its key, the per-address limit. */
type TrailPorts = SignedInTrailPorts & Pick<Ports, 'keys' | 'cookies' | 'limiter'>;

const VISIT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const VISITOR_ID = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's cookie choice, as the web app's banner writes it (`aceito=true` once accepted). */
const CONSENT_COOKIE = 'aceito';

const visitCookieName = (config: Config) => (cookieSecure(config) ? '__Host-visita' : 'visita');

/**
 * A signed-out visitor's own random id, in an HttpOnly cookie made on the first tracked view and kept
 * 30 days, only for a visitor whose request carries the cookie consent (checked here, not left to the
 * SPA). Named like the session cookie: `__Host-` pins it to this origin when cookies are Secure. Its last
 * 8 characters name the key its trail id is made with, the newest when it was made: the trail id stays the
 * one its `gravarSessao` went under across a rotation. One naming no configured key (dropped, or made before
 * ids) is replaced by a new visitor, whose `gravarSessao` goes first.
 */
function visitorId(ports: TrailPorts): { id: string; keyId: string; minted: boolean } {
  const { config, keys, cookies } = ports;
  const secure = cookieSecure(config);
  const name = visitCookieName(config);
  const current = cookies.get(name);
  const named = current?.slice(-8) ?? '';
  if (current && VISITOR_ID.test(current) && keys.has(named))
    return { id: current, keyId: named, minted: false };
  // 26 random bytes are 35 characters, and the key's id 8 more
  const id = `${randomBytes(26).toString('base64url')}${keys.newest}`;
  cookies.set(name, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: VISIT_MAX_AGE_MS / 1000,
  });
  return { id, keyId: keys.newest, minted: true };
}

/** The trail's session of a signed-in person: their session's, only as an HMAC. */
function personVisit(ports: SignedInTrailPorts, person: Person): TrailVisit {
  const { trail, config } = ports;
  const endsAt = person.data.createdAt + config.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000;
  return {
    ip: ports.ip,
    device: ports.device,
    sessionId: trail.sessionIdOf(person.id),
    formerIds: trail.formerSessionIdsOf(person.id),
    opened: { claimForMs: Math.max(1, endsAt - Date.now()) },
  };
}

/** The trail's session of a signed-out visitor: its cookie's id, only as an HMAC. */
function visitorVisit(ports: TrailPorts): TrailVisit {
  // A visitor keeps nothing in the store: its new cookie says its gravarSessao goes with this view.
  const { id, keyId, minted } = visitorId(ports);
  return {
    ip: ports.ip,
    device: ports.device,
    sessionId: ports.trail.sessionIdOf(id, keyId),
    opened: minted ? 'now' : 'before',
  };
}

/**
 * Fire and forget: the user's request neither waits for the trail nor fails because of it. The log
 * line names the kind of failure only, never what the record held.
 */
function fire(ports: Pick<Ports, 'log'>, work: () => Promise<void>): void {
  work().catch((error: unknown) =>
    ports.log.warn(
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
export function trackView(
  ports: TrailPorts,
  person: Person | null,
  page: TrailPage,
  codcredor: string | undefined,
): void {
  if (isPrivateTrailPage(page) && !person) return;
  const { config, cookies } = ports;
  // A visitor without the consent is not tracked, and a visit cookie left from a consent since withdrawn goes.
  if (!person && cookies.get(CONSENT_COOKIE) !== 'true') {
    const name = visitCookieName(config);
    if (cookies.get(name) !== undefined) cookies.clear(name, { path: '/', secure: cookieSecure(config) });
    return;
  }
  // before answering: the visitor cookie travels with this response
  const visit = person ? personVisit(ports, person) : visitorVisit(ports);
  fire(ports, async () => {
    // Views beyond the per-IP limit are silently not tracked.
    const limit = { max: config.TRACK_VIEWS_MAX_PER_IP, windowMs: 60_000 };
    if (!(await ports.limiter.hit('track-ip', ports.ip, limit))) return;
    await ports.trail.record(visit, {
      metodo: 'gravarTrilha',
      ...TRAIL_PAGES[page],
      trail: page,
      clienteId: person?.data.clientId ?? '',
      ...(codcredor ? { extras: { codcredor } } : {}),
    });
  });
}

/** The agreement a create concluded (`gravarTrilhaAcordo`); not for an idempotent repeat. */
export function trackAgreement(ports: SignedInTrailPorts, person: Person, summary: Summary): void {
  const visit = personVisit(ports, person);
  fire(ports, async () => {
    const { detalhes } = summary;
    await ports.trail.record(visit, {
      metodo: 'gravarTrilhaAcordo',
      clienteId: person.data.clientId,
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
  ports: SignedInTrailPorts,
  person: Person,
  acordo: Pick<ConcludedAgreement, 'credor' | 'contrato' | 'nossonumero' | 'formaPagamento'>,
  canal: GravarTrilhaBoletoRequest['canal'],
): void {
  const visit = personVisit(ports, person);
  fire(ports, () =>
    ports.trail.record(visit, {
      metodo: 'gravarTrilhaBoleto',
      clienteId: person.data.clientId,
      codCredor: acordo.credor.codcredor,
      contrato: acordo.contrato,
      ...(acordo.nossonumero ? { nossonumero: acordo.nossonumero } : {}),
      canal,
      tipoPagamento: acordo.formaPagamento,
    }),
  );
}
