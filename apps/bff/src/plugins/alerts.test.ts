import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStack } from '@portal/test-kit/harness';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

const RULES = fileURLToPath(new URL('../../../../deploy/prometheus/alerts.yml', import.meta.url));
const RULE_TESTS = fileURLToPath(new URL('../../../../deploy/prometheus/alerts.test.yml', import.meta.url));

/** Metrics the rules may read that the BFF does not export, and who exports them. */
const EXTERNAL: Record<string, string> = {
  redis_memory_used_bytes: 'redis_exporter',
  redis_memory_max_bytes: 'redis_exporter',
  up: 'Prometheus itself',
};

// PromQL words that are not metric names: keywords, and the label names of grouping clauses
const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);

/** The metric names an expression reads: identifiers that are neither functions, keywords, nor labels. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ''); // grouping labels
  const names = [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)].map((m) => m[1] ?? '');
  return [...new Set(names.filter((name) => !PROMQL_WORDS.has(name) && !/^\d/.test(name)))];
}

/** The `expr` of every rule in the file, block scalars included. */
function expressions(yaml: string): string[] {
  return [...yaml.matchAll(/^(\s+)expr: (?:\|\n((?:\1\s+.*\n)+)|(.*)\n)/gm)].map((m) =>
    (m[2] ?? m[3] ?? '').trim(),
  );
}

function promtool(): string | undefined {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return 'promtool';
  } catch {
    return undefined;
  }
}

describe('the example Prometheus alert rules', () => {
  it("pass promtool's check and its unit tests (CI installs it: Debian's prometheus package)", () => {
    const tool = promtool();
    if (!tool) {
      // A developer's machine may lack it; CI must not.
      expect(process.env.CI, 'promtool is missing: apt-get install prometheus').not.toBe('true');
      console.warn('promtool not installed: deploy/prometheus/alerts.yml not checked here');
      return;
    }
    expect(execFileSync(tool, ['check', 'rules', RULES], { encoding: 'utf8' })).toMatch(
      /SUCCESS: \d+ rules found/,
    );
    expect(execFileSync(tool, ['test', 'rules', RULE_TESTS], { encoding: 'utf8' })).toMatch(/SUCCESS/);
  });

  it('read only metrics the BFF exports, or ones named as external with their exporter', async () => {
    const stack = await startStack();
    try {
      // one answer, so that the histogram's series exist
      await request(stack.app.server).get('/healthz');
      const text = (await request(stack.app.server).get('/metrics')).text;
      const exported = new Set([...text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/gm)].map((m) => m[1]));
      const used = expressions(readFileSync(RULES, 'utf8')).flatMap(metricNames);
      expect(used.length).toBeGreaterThan(5);
      const unknown = used.filter((name) => !exported.has(name) && !(name in EXTERNAL));
      expect(unknown).toEqual([]);
      // the BFF's own metrics the rules are about, by name
      for (const name of [
        'portal_http_requests_total',
        'portal_http_request_duration_seconds_bucket',
        'portal_requests_shed_total',
        'portal_dependency_up',
      ])
        expect(used).toContain(name);
    } finally {
      await stack.close();
    }
  });

  it('finds the metric names in an expression, and nothing else', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le) (rate(portal_x_bucket{route!~"a|b"}[5m]))) > 2.5 and on (instance) up == 0',
      ),
    ).toEqual(['portal_x_bucket', 'up']);
  });
});
