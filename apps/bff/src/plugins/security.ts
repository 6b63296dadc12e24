import { VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { REFUSED, readProcedureCall } from '../http/procedure-call';
import { hasSideEffects, UNBATCHABLE } from '../routers/app-router';

/** CSP without inline scripts; Google Identity Services' origin only when one-tap is configured. */
export function contentSecurityPolicy(config: Config): string {
  const gsi = config.GOOGLE_CLIENT_ID ? ` ${new URL(config.GOOGLE_SCRIPT_URL).origin}/gsi/` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${gsi && ` ${config.GOOGLE_SCRIPT_URL}`}`,
    `style-src 'self'${gsi && `${gsi}style`}`,
    "img-src 'self' data:",
    `connect-src 'self'${gsi}`,
    `frame-src${gsi || " 'none'"}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The headers every response gets unless its route set its own (a logo's sandboxing CSP, a file's cache
 * policy): a route's header is the stricter or the more specific one, and is kept.
 */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(config.NODE_ENV === 'production'
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    // API answers are personal: never stored. Static files, logos and PDFs set their own policy.
    'cache-control': 'no-store',
  };
}

/**
 * Security headers on every response, and on every request: one reading of the procedures it names (a path
 * that is not plain names is refused), credentials never batched, and the same-origin check on every
 * mutation and every query that declares side effects.
 */
export function security(app: FastifyInstance, config: Config) {
  const headers = Object.entries(securityHeaders(config));
  // Callback hooks, not async ones: they run on every request, and a promise each is not free.
  app.addHook('onRequest', (req, reply, done) => {
    const call = readProcedureCall(req);
    if (call === REFUSED) {
      req.log.info('request refused: procedure path is not plain names');
      sendError(reply, 400, HTTP_MESSAGES.badRequest);
      return;
    }
    // A credential must be its own request: a batch would let one request try many passwords.
    if (call && call.paths.length > 1 && call.paths.some((p) => UNBATCHABLE.has(p))) {
      sendError(reply, 400, HTTP_MESSAGES.badRequest);
      return;
    }
    const safe = SAFE_METHODS.has(req.method);
    if (safe && !call?.paths.some(hasSideEffects)) return done();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const ownOrigin = `${req.protocol}://${req.host}`;
    const siteOk = site === undefined || site === 'same-origin' || site === 'none';
    const originOk = origin === undefined || origin === ownOrigin || config.ALLOWED_ORIGINS.includes(origin);
    if (!siteOk || !originOk) {
      req.log.warn('mutation refused: foreign origin');
      sendError(reply, 403, HTTP_MESSAGES.foreignOrigin);
      return;
    }
    if (safe) return done();
    // JSON, or a boleto's PDF to its one route: neither can be sent cross-site without a preflight.
    const type = req.headers['content-type'] ?? '';
    const pdf = type.startsWith('application/pdf') && req.url.split('?')[0] === VERIFY_PDF_PATH;
    if (!type.startsWith('application/json') && !pdf) {
      sendError(reply, 415, HTTP_MESSAGES.unsupportedContentType);
      return;
    }
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
