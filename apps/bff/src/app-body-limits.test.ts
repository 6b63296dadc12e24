import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { VERIFY_PDF_MAX_BYTES, VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import { buildStub, type Stub } from '@portal/stub/app';
import { testConfig } from '@portal/test-kit/test-config';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';

const NGINX = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 * 1024, g: 1024 * 1024 * 1024 };
const bytes = (size: string) => {
  const [, amount = '', unit = ''] = /^(\d+)([kmg]?)$/i.exec(size) ?? [];
  return Number(amount) * (UNITS[unit.toLowerCase()] ?? Number.NaN);
};

interface Scope {
  /** '=' for an exact location, '' for a prefix, null for http and server */
  match: '=' | '' | null;
  path: string;
  limit?: number;
}

/** Every scope of the config that sets client_max_body_size, with what it sets. */
function nginxScopes(conf: string): Scope[] {
  const scopes: Scope[] = [];
  const open: Scope[] = [];
  const text = conf.replace(/#.*$/gm, '');
  for (const [, header, size, close] of text.matchAll(/([^{};]+)\{|client_max_body_size\s+(\S+);|(\})/g)) {
    if (header !== undefined) {
      const location = /^\s*location\s+(=)?\s*(\S+)\s*$/.exec(header);
      const scope: Scope = location
        ? { match: location[1] === '=' ? '=' : '', path: location[2] ?? '' }
        : { match: null, path: '' };
      open.push(scope);
      scopes.push(scope);
    } else if (size !== undefined) {
      const scope = open.at(-1);
      if (scope) scope.limit = bytes(size);
    } else if (close !== undefined) open.pop();
  }
  return scopes.filter((scope) => scope.limit !== undefined);
}

/** The body limit nginx applies to a request for `path`: its exact location's, its longest prefix's, else the default. */
function nginxLimit(scopes: Scope[], path: string) {
  const exact = scopes.find((s) => s.match === '=' && s.path === path);
  const prefix = scopes
    .filter((s) => s.match === '' && path.startsWith(s.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return (exact ?? prefix ?? scopes.find((s) => s.match === null))?.limit;
}

let stub: Stub;
let app: FastifyInstance;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  stub = await buildStub();
  const stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  // every route the BFF declares, with its own options, as Fastify registers it
  const onInstance = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      routes.push(route);
    });
  };
  subscribe('fastify.initialization', onInstance);
  try {
    app = await buildApp(testConfig(stubUrl));
    await app.ready();
  } finally {
    unsubscribe('fastify.initialization', onInstance);
  }
});
afterAll(async () => {
  await app.close();
  await stub.app.close();
});

describe("nginx's body limits", () => {
  const scopes = nginxScopes(NGINX);

  it("equal the BFF's for every route it declares: the default for most, the route's own for the others", () => {
    // the API's every route, the procedures and the PDF among them
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/trpc/:path', VERIFY_PDF_PATH]),
    );
    const differing = routes
      .map((route) => ({
        path: route.url,
        bff: route.bodyLimit ?? app.initialConfig.bodyLimit,
        nginx: nginxLimit(scopes, route.url),
      }))
      .filter(({ bff, nginx }) => bff !== nginx);
    expect(differing).toEqual([]);
  });

  it('give the PDF route exactly its 2 MB, from the contracts, in a location of its own', () => {
    expect(scopes.find((s) => s.match === '=' && s.path === VERIFY_PDF_PATH)?.limit).toBe(
      VERIFY_PDF_MAX_BYTES,
    );
    expect(nginxLimit(scopes, '/trpc/verification.check')).toBe(app.initialConfig.bodyLimit);
  });

  it('set no exact location of a size for a path the BFF does not route', () => {
    const routed = new Set(routes.map((route) => route.url));
    expect(scopes.filter((s) => s.match === '=' && !routed.has(s.path))).toEqual([]);
  });
});
