import { VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HTTP_MESSAGES, procedurePaths, sendError } from '../http/error-envelope';
import { SIDE_EFFECT_QUERIES, UNBATCHABLE } from '../trpc/app-router';

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

/** Security headers on every response, and the same-origin check on every mutation and side-effect query. */
export function security(app: FastifyInstance, config: Config) {
  const csp = contentSecurityPolicy(config);
  // Callback hooks, not async ones: they run on every request, and a promise each is not free.
  app.addHook('onRequest', (req, reply, done) => {
    const safe = SAFE_METHODS.has(req.method);
    if (safe && !procedurePaths(req.url).some((p) => SIDE_EFFECT_QUERIES.has(p))) return done();
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
    // A credential must be its own request: a batch would let one request try many passwords.
    const paths = procedurePaths(req.url);
    if (paths.length > 1 && paths.some((p) => UNBATCHABLE.has(p))) {
      sendError(reply, 400, HTTP_MESSAGES.badRequest);
      return;
    }
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (config.NODE_ENV === 'production') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // API answers are personal: never stored. Static files and logos set their own policy.
    if (req.url.startsWith('/trpc') || !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
