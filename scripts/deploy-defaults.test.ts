import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// What Compose runs when nobody overrides anything must be safe for production.
const compose = readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8');
const production = readFileSync(new URL('../docker-compose.prod.yml', import.meta.url), 'utf8');
const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
const demo = readFileSync(new URL('../.env.demo.example', import.meta.url), 'utf8');
const service = (name: string) =>
  compose.split(/\n {2}(?=[a-z-]+:\n)/).find((s) => s.startsWith(`${name}:`)) ?? '';

describe('the Compose defaults', () => {
  it("makes cookies Secure unless told otherwise; plain http on localhost is the demo file's exception", () => {
    expect(service('bff')).toMatch(/COOKIE_SECURE: \$\{COOKIE_SECURE:-true\}/);
    expect(example).not.toMatch(/^(COOKIE_SECURE=false|ALLOW_INSECURE_COOKIES_LOCAL_HTTP=)/m);
    expect(demo).toMatch(
      /plain http on localhost[\s\S]*\nCOOKIE_SECURE=false\nALLOW_INSECURE_COOKIES_LOCAL_HTTP=true/i,
    );
  });

  it('runs the simulator only in the demo, and never makes the BFF wait for it', () => {
    expect(service('stub')).toMatch(/\n {4}profiles: \[demo\]/);
    expect(service('bff')).not.toMatch(/depends_on:[\s\S]*stub/);
    expect(demo).toMatch(/^COMPOSE_PROFILES=demo$/m);
    expect(example).not.toMatch(/^COMPOSE_PROFILES=/m);
  });

  it('has production require the real upstream and take KEY_SECRET from a secret file, not the environment', () => {
    expect(production).toMatch(/UPSTREAM_URL: \$\{UPSTREAM_URL:\?[^}]+\}/);
    expect(production).toContain('KEY_SECRET_FILE: /run/secrets/key_secret');
    expect(production).toMatch(/key_secret:\n {4}(#.*\n {4})*file: \$\{KEY_SECRET_FILE:\?[^}]+\}/);
    expect(example).toMatch(/^COMPOSE_FILE=docker-compose.yml:docker-compose.prod.yml$/m);
    expect(example).toMatch(/openssl rand -hex 32/);
    expect(example).not.toMatch(/^KEY_SECRET=/m);
  });

  it.each(['bff', 'stub', 'proxy', 'redis', 'postgres'])(
    'hardens %s: no capability or privilege gain, read-only, init, a memory limit',
    (name) => {
      const hardening = compose.match(/\nx-hardening: &hardening\n((?: {2}.*\n)+)/)?.[1] ?? '';
      for (const line of [
        'read_only: true',
        'cap_drop:\n    - ALL',
        'no-new-privileges:true',
        'init: true',
        '- /tmp',
      ]) {
        expect(hardening).toContain(line);
      }
      expect(service(name)).toContain('<<: *hardening');
      expect(service(name)).toMatch(/\n {4}user: \S+/);
      expect(service(name)).toMatch(/\n {4}mem_limit: \d+m/);
    },
  );

  it("sizes each Node heap at about 75 % of its process's share of the memory limit", () => {
    const heap = (name: string) => Number(/--max-old-space-size=(\d+)/.exec(service(name))?.[1]);
    const limit = (name: string) => Number(/\n {4}mem_limit: (\d+)m/.exec(service(name))?.[1]);
    expect(heap('stub') / limit('stub')).toBeCloseTo(0.75, 2);
    // the BFF's PDF readers (PDF_WORKERS × 320 MiB at most, docs/operations.md) share its container
    expect(heap('bff') / (limit('bff') - 2 * 320)).toBeGreaterThan(0.65);
    expect(heap('bff') / (limit('bff') - 2 * 320)).toBeLessThan(0.8);
  });

  it('names the images by registry and version, and takes third-party ones from variables', () => {
    expect(service('bff')).toContain(`image: \${REGISTRY:-portal}/bff:\${VERSION:-dev}`);
    expect(service('stub')).toContain(`image: \${REGISTRY:-portal}/stub:\${VERSION:-dev}`);
    expect(service('redis')).toContain(`image: \${REDIS_IMAGE:-redis:7-alpine}`);
    expect(service('proxy')).toContain(`image: \${NGINX_IMAGE:-nginx:1.28-alpine}`);
    expect(service('postgres')).toContain(`image: \${POSTGRES_IMAGE:-postgres:17-bookworm}`);
  });

  it("keeps PostgreSQL's data on a volume, and counts it healthy only when it answers over TCP as the BFF connects", () => {
    const postgres = service('postgres');
    expect(postgres).toMatch(/\n {6}- postgres-data:\/var\/lib\/postgresql\/data\n/);
    expect(compose).toMatch(/\nvolumes:\n(?: {2}.*\n)* {2}postgres-data:\n/);
    // its socket and lock: the only other place the server writes under the read-only root
    expect(postgres).toMatch(/\n {4}tmpfs:\n {6}- \/tmp\n {6}- \/var\/run\/postgresql\n/);
    expect(postgres).toMatch(/test: \["CMD-SHELL", 'pg_isready -q -h 127\.0\.0\.1 /);
    expect(service('bff')).toMatch(
      /depends_on:\n {6}redis:\n {8}condition: service_healthy\n {6}postgres:\n {8}condition: service_healthy/,
    );
  });

  it("requires PostgreSQL's password, which the demo's file gives and production's leaves to fill in", () => {
    const required = /\$\{POSTGRES_PASSWORD:\?[^}]+\}/;
    expect(service('postgres')).toMatch(new RegExp(`POSTGRES_PASSWORD: ${required.source}`));
    // the BFF's URL is made of the same three values, so the two never disagree
    expect(service('bff')).toMatch(
      new RegExp(
        `DATABASE_URL: postgres://\\$\\{POSTGRES_USER:-portal\\}:${required.source}@postgres:5432/\\$\\{POSTGRES_DB:-portal\\}`,
      ),
    );
    expect(service('postgres')).toContain(`POSTGRES_USER: \${POSTGRES_USER:-portal}`);
    expect(service('postgres')).toContain(`POSTGRES_DB: \${POSTGRES_DB:-portal}`);
    expect(demo).toMatch(/^POSTGRES_PASSWORD=\S+$/m);
    expect(example).toMatch(/^POSTGRES_PASSWORD=$/m);
    expect(example).toMatch(/openssl rand -hex 32.*\n(?:#.*\n)*POSTGRES_PASSWORD=\n/);
  });

  it("keeps Redis's data across restarts, capped, and never evicts a session or an idempotency record", () => {
    const redis = service('redis');
    expect(redis).toMatch(/--appendonly\s+- "yes"/);
    expect(redis).toMatch(/--maxmemory\s+- \d+mb/);
    expect(redis).toMatch(/--maxmemory-policy\s+- noeviction/);
    expect(redis).toMatch(/redis-data:\/data/);
  });

  it("trusts forwarding headers from the portal's own network only", () => {
    const subnet = /subnet: (\d+\.\d+\.\d+\.\d+\/\d+)/.exec(compose)?.[1];
    expect(subnet).toBeDefined();
    expect(service('bff')).toContain(`TRUST_PROXY: ${subnet}`);
  });
});
