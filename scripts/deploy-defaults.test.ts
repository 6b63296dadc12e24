import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// What Compose runs when nobody overrides anything must be safe for production.
const compose = readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8');
const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
const service = (name: string) =>
  compose.split(/\n {2}(?=[a-z-]+:\n)/).find((s) => s.startsWith(`${name}:`)) ?? '';

describe('the Compose defaults', () => {
  it('makes cookies Secure unless told otherwise; plain http on localhost is the documented exception', () => {
    expect(service('bff')).toMatch(/COOKIE_SECURE: \$\{COOKIE_SECURE:-true\}/);
    expect(example).toMatch(/plain http on localhost[\s\S]*\nCOOKIE_SECURE=false/i);
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
