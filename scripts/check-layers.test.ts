import { describe, expect, it } from 'vitest';
import { exportViolations, folderCycles, importsOf, violations } from './check-layers';

const WEB = 'apps/web/src';
const ROUTERS = 'apps/bff/src/routers';

// Each file imports the specifiers given; the importing file is the only one with source.
function tree(imports: Record<string, string>, others: string[] = []): Map<string, string> {
  const files = new Map(others.map((file) => [file, '']));
  for (const [file, statement] of Object.entries(imports)) files.set(file, statement);
  return files;
}

const rulesOf = (files: Map<string, string>) =>
  violations(files).map((v) => `${v.file} -> ${v.target}: ${v.rule}`);

describe('importsOf', () => {
  it('finds imports, export-from, dynamic imports and import types, and tells type-only ones', () => {
    const source = [
      "import a from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "export { d } from './d';",
      "export type { E } from './e';",
      "const f = await import('./f');",
      "type G = typeof import('./g');",
      'const text = "import h from \'./h\'";',
    ].join('\n');
    expect(importsOf('x.ts', source)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './e', typeOnly: true },
      { specifier: './f', typeOnly: false },
      { specifier: './g', typeOnly: true },
    ]);
  });
});

describe('violations', () => {
  it('refuses a feature importing another feature', () => {
    const files = tree({ [`${WEB}/features/home/home-page.tsx`]: "import { X } from '../account/x';" }, [
      `${WEB}/features/account/x.tsx`,
    ]);
    expect(rulesOf(files)).toEqual([
      `${WEB}/features/home/home-page.tsx -> ${WEB}/features/account/x.tsx: a feature never imports another feature`,
    ]);
  });

  it('refuses components and lib importing features or app', () => {
    const files = tree(
      {
        [`${WEB}/components/ui/a.tsx`]: "import { F } from '../../features/home/f';",
        [`${WEB}/lib/b.ts`]: "import type { P } from '../app/providers';",
      },
      [`${WEB}/features/home/f.tsx`, `${WEB}/app/providers.tsx`],
    );
    expect(violations(files).map((v) => v.rule)).toEqual([
      'components/ and lib/ never import features/ or app/',
      'components/ and lib/ never import features/ or app/',
    ]);
  });

  it('refuses a router, or a test beside it, importing another router', () => {
    const files = tree(
      {
        [`${ROUTERS}/auth.ts`]: "import { x } from './session-view';",
        [`${ROUTERS}/auth.test.ts`]: "import { authRouter } from './auth';\nimport { y } from './debts';",
        [`${ROUTERS}/app-router.ts`]:
          "import { authRouter } from './auth';\nimport { debtsRouter } from './debts';",
      },
      [`${ROUTERS}/session-view.ts`, `${ROUTERS}/debts.ts`],
    );
    expect(rulesOf(files)).toEqual([
      `${ROUTERS}/auth.ts -> ${ROUTERS}/session-view.ts: a router never imports another router`,
      `${ROUTERS}/auth.test.ts -> ${ROUTERS}/debts.ts: a router never imports another router`,
    ]);
  });

  it('refuses packages importing apps, and validation importing contracts', () => {
    const files = tree({
      'packages/contracts/src/a.ts': "import type { AppRouter } from '@portal/bff/app-router';",
      'packages/validation/src/b.ts': "import { c } from '@portal/contracts/upstream/entities';",
      'packages/validation/src/c.ts': "import { d } from '../../../apps/stub/src/d';",
    });
    expect(violations(files).map((v) => [v.target, v.rule])).toEqual([
      [
        'apps/bff/src/routers/app-router',
        'packages never import apps, but the test kit, which builds them for tests',
      ],
      ['packages/contracts/src/upstream/entities', 'validation depends on no other workspace'],
      ['apps/stub/src/d', 'packages never import apps, but the test kit, which builds them for tests'],
    ]);
  });

  it('refuses the web app importing values from the BFF', () => {
    const files = tree({
      [`${WEB}/lib/trpc.ts`]: "import { appRouter, type AppRouter } from '@portal/bff/app-router';",
    });
    expect(violations(files).map((v) => v.rule)).toEqual(['the web app imports only types from the BFF']);
  });

  it('lets every allowed direction pass', () => {
    const files = tree(
      {
        [`${WEB}/features/home/home-page.tsx`]: [
          "import { paths } from '../../lib/paths';",
          "import { Icon } from '../../components/icons/icons';",
          "import { useSections } from './use-section-scroll';",
          "import { money } from '@portal/validation/money';",
          "import { useQuery } from '@tanstack/react-query';",
        ].join('\n'),
        [`${WEB}/lib/trpc.ts`]: "import type { AppRouter } from '@portal/bff/app-router';",
        [`${WEB}/lib/journey-links.ts`]: "import { Modal } from '../components/ui/modal';",
        [`${WEB}/app/router.tsx`]: "import { HomePage } from '../features/home/home-page';",
        [`${ROUTERS}/auth.test.ts`]: "import { authRouter } from './auth';",
        [`${ROUTERS}/auth.ts`]: "import { signIn } from '../auth/sign-in';",
        [`${ROUTERS}/app-router.ts`]: "import { authRouter } from './auth';",
        'packages/contracts/src/a.ts': "import { cpf } from '@portal/validation/document';",
        'scripts/start.ts': "import { buildApp } from '@portal/bff/app';",
      },
      [`${WEB}/lib/paths.ts`, `${WEB}/features/home/use-section-scroll.ts`, `${ROUTERS}/auth.ts`],
    );
    expect(violations(files)).toEqual([]);
  });

  it('refuses a comment or a doc that cites a document outside the repository', () => {
    const files = tree({
      [`${WEB}/lib/a.ts`]: '/** Spec \u00a72: five logos at first. */',
      [`${WEB}/lib/b.css`]: '/* spec \u00a74: a left border */',
      [`${WEB}/lib/c.ts`]: '/** LGPD art. 8 §5: revoking consent is free. Five logos at first. */',
      // (built from pieces, so that this file does not cite them itself)
      'apps/bff/src/d.ts': `// as ${'design'}.md decides, the token stays here`,
      'docs/e.md': `The ${'spec'} says five logos.`,
      'docs/f.md': 'Playwright runs every `*.spec.ts`; see docs/operations.md.',
    });
    expect(violations(files).map((v) => v.file)).toEqual([
      `${WEB}/lib/a.ts`,
      `${WEB}/lib/b.css`,
      'apps/bff/src/d.ts',
      'docs/e.md',
    ]);
  });

  it('refuses a feature importing app/', () => {
    const files = tree(
      { [`${WEB}/features/home/banner.tsx`]: "import { P } from '../../app/island-providers';" },
      [`${WEB}/app/island-providers.tsx`],
    );
    expect(violations(files).map((v) => v.rule)).toEqual(['a feature never imports app/']);
  });

  it('refuses a BFF import that goes up its layers: router → domain → ports → upstream/session/store → core', () => {
    const BFF = 'apps/bff/src';
    const files = tree(
      {
        [`${BFF}/store/store.ts`]: "import type { SessionData } from '../session/session-manager';",
        [`${BFF}/upstream/trail-channel.ts`]: "import type { Summary } from '../negotiation/summary';",
        [`${BFF}/negotiation/offers.ts`]: "import type { SignedIn } from '../trpc/context';",
        [`${BFF}/core/records.ts`]: "import type { Ports } from '../ports/ports';",
        [`${BFF}/trpc/init.ts`]: "import { appRouter } from '../routers/app-router';",
        [`${BFF}/routes/logos.ts`]: "import type { Services } from '../services';",
      },
      [
        `${BFF}/session/session-manager.ts`,
        `${BFF}/negotiation/summary.ts`,
        `${BFF}/trpc/context.ts`,
        `${BFF}/ports/ports.ts`,
        `${BFF}/routers/app-router.ts`,
        `${BFF}/services.ts`,
      ],
    );
    expect(violations(files).map((v) => `${v.file} -> ${v.rule}`)).toEqual([
      `${BFF}/store/store.ts -> the BFF's layers go down only: store/ never imports session/`,
      `${BFF}/upstream/trail-channel.ts -> the BFF's layers go down only: upstream/ never imports negotiation/`,
      `${BFF}/negotiation/offers.ts -> the BFF's layers go down only: negotiation/ never imports trpc/`,
      `${BFF}/core/records.ts -> the BFF's layers go down only: core/ never imports ports/`,
      `${BFF}/trpc/init.ts -> the BFF's layers go down only: trpc/ never imports routers/`,
      `${BFF}/routes/logos.ts -> the BFF's layers go down only: routes/ never imports src/`,
    ]);
  });

  it('lets the BFF import down its layers, and one domain use another', () => {
    const BFF = 'apps/bff/src';
    const files = tree(
      {
        [`${BFF}/routers/negotiation.ts`]: "import { offersFor } from '../negotiation/offers';",
        [`${BFF}/negotiation/offers.ts`]: "import type { Ports } from '../ports/ports';",
        [`${BFF}/agreements/create.ts`]: "import { creditorOf } from '../negotiation/creditors';",
        [`${BFF}/ports/ports.ts`]: "import type { ProxyChannel } from '../upstream/proxy-channel';",
        [`${BFF}/upstream/trail-channel.ts`]: "import type { SessionStore } from '../store/store';",
        [`${BFF}/app.ts`]: "import { security } from './plugins/security';",
        [`${BFF}/core/records.test.ts`]: "import { memoryPorts } from '@portal/test-kit/memory-ports';",
      },
      [
        `${BFF}/negotiation/offers.ts`,
        `${BFF}/ports/ports.ts`,
        `${BFF}/negotiation/creditors.ts`,
        `${BFF}/upstream/proxy-channel.ts`,
        `${BFF}/store/store.ts`,
        `${BFF}/plugins/security.ts`,
        'packages/test-kit/src/memory-ports.ts',
      ],
    );
    expect(violations(files)).toEqual([]);
  });

  it('refuses tRPC or Fastify in domain code, and undici outside upstream/', () => {
    const files = tree({
      'apps/bff/src/auth/sign-in.ts': "import { TRPCError } from '@trpc/server';",
      'apps/bff/src/core/cookies.ts': "import type { FastifyReply } from 'fastify';",
      'apps/bff/src/routes/boletos.ts': "import { request } from 'undici';",
      'apps/bff/src/upstream/files.ts': "import { request } from 'undici';",
      'apps/bff/src/routes/logos.ts': "import type { FastifyInstance } from 'fastify';",
    });
    expect(violations(files).map((v) => `${v.file} -> ${v.rule}`)).toEqual([
      'apps/bff/src/auth/sign-in.ts -> domain code knows nothing of tRPC or Fastify',
      'apps/bff/src/core/cookies.ts -> domain code knows nothing of tRPC or Fastify',
      'apps/bff/src/routes/boletos.ts -> every upstream call goes through upstream/',
    ]);
  });

  it('refuses test code in production folders, and production code importing test code', () => {
    const files = tree(
      {
        'apps/bff/src/testing/harness.ts': '',
        [`${WEB}/features/home/render-home.tsx`]: '',
        [`${WEB}/features/account/test-fixtures.ts`]: '',
        'packages/validation/src/test-helpers.ts': '',
        'apps/stub/src/state/users.ts': "import { expect } from 'vitest';",
        'apps/bff/src/app.ts': "import { startStack } from '@portal/test-kit/harness';",
        [`${WEB}/lib/a.ts`]: "import { fakeBff } from '../../test/fake-bff';",
        'apps/bff/src/app.test.ts':
          "import { startStack } from '@portal/test-kit/harness';\nimport { it } from 'vitest';",
      },
      ['packages/test-kit/src/harness.ts', 'apps/web/test/fake-bff.ts'],
    );
    expect(violations(files).map((v) => `${v.file} -> ${v.rule}`)).toEqual([
      'apps/bff/src/testing/harness.ts -> no production folder holds test code',
      `${WEB}/features/home/render-home.tsx -> no production folder holds test code`,
      `${WEB}/features/account/test-fixtures.ts -> no production folder holds test code`,
      'packages/validation/src/test-helpers.ts -> no production folder holds test code',
      'apps/stub/src/state/users.ts -> production code imports no test code',
      'apps/bff/src/app.ts -> production code imports no test code',
      `${WEB}/lib/a.ts -> production code imports no test code`,
    ]);
  });

  it('refuses a production file that only tests import: test code under a production name', () => {
    const files = tree(
      {
        'apps/bff/src/agreements/create.unit.test.ts':
          "import { CREDITOR } from './unit-fixtures';\nimport { createAgreement } from './create';",
        'apps/bff/src/agreements/create.ts': "import { a } from './shared';",
        'packages/test-kit/src/harness.ts': "import { buildApp } from '@portal/bff/app';",
        'apps/bff/src/routers/agreements.ts': "import { createAgreement } from '../agreements/create';",
        'apps/bff/src/server.ts': "import { buildApp } from './app';",
      },
      [
        'apps/bff/src/agreements/unit-fixtures.ts',
        'apps/bff/src/agreements/shared.ts',
        'apps/bff/src/app.ts',
      ],
    );
    expect(violations(files).map((v) => `${v.file} -> ${v.rule}`)).toEqual([
      'apps/bff/src/agreements/unit-fixtures.ts -> no production folder holds test code (only tests import it)',
    ]);
  });

  it('refuses an app that exports test code', () => {
    const workspaces = new Map<string, { dir: string; exports: Record<string, string> }>([
      [
        '@portal/bff',
        { dir: 'apps/bff', exports: { './app': './src/app.ts', './testing/*': './src/testing/*.ts' } },
      ],
      ['@portal/test-kit', { dir: 'packages/test-kit', exports: { './*': './src/*.ts' } }],
    ]);
    expect(exportViolations(workspaces).map((v) => v.target)).toEqual(['@portal/bff/testing/*']);
  });

  it('refuses folders that import each other in a circle, tests aside', () => {
    const files = tree(
      {
        'apps/bff/src/agreements/create.ts': "import { trackAgreement } from '../tracking/trail';",
        'apps/bff/src/tracking/trail.ts': "import type { X } from '../agreements/types';",
        'apps/bff/src/negotiation/offers.ts': "import { a } from '../agreements/create';",
        [`${WEB}/app/router.tsx`]: "import { Home } from '../features/home/home';",
        [`${WEB}/features/home/home.tsx`]: "import { h } from '../../lib/h';",
        [`${WEB}/lib/h.test.ts`]: "import { Home } from '../features/home/home';",
      },
      ['apps/bff/src/agreements/types.ts', `${WEB}/lib/h.ts`],
    );
    expect(
      violations(files)
        .filter((v) => v.rule.startsWith('folders'))
        .map((v) => v.rule),
    ).toEqual(['folders import each other in a circle: apps/bff/src/agreements ↔ apps/bff/src/tracking']);
  });

  it('finds every circle of folders once, and none in a tree', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set(['d'])],
      ['f', new Set(['a'])],
    ]);
    expect(folderCycles(edges)).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
    expect(
      folderCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a stub route module importing another, as for BFF routers', () => {
    const files = tree(
      {
        'apps/stub/src/routes/account.ts': "import { bearerToken } from './auth';",
        'apps/stub/src/routes/auth.ts': "import { bearerToken } from '../http/requests';",
      },
      ['apps/stub/src/http/requests.ts'],
    );
    expect(rulesOf(files)).toEqual([
      'apps/stub/src/routes/account.ts -> apps/stub/src/routes/auth.ts: a router never imports another router',
    ]);
  });
});
