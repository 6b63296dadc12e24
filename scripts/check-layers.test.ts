import { describe, expect, it } from 'vitest';
import { importsOf, violations } from './check-layers';

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
      'packages/contracts/src/a.ts': "import type { AppRouter } from '@portal/bff/trpc/app-router';",
      'packages/validation/src/b.ts': "import { c } from '@portal/contracts/upstream/entities';",
      'packages/validation/src/c.ts': "import { d } from '../../../apps/stub/src/d';",
    });
    expect(violations(files).map((v) => [v.target, v.rule])).toEqual([
      ['apps/bff/src/trpc/app-router', 'packages never import apps'],
      ['packages/contracts/src/upstream/entities', 'validation depends on no other workspace'],
      ['apps/stub/src/d', 'packages never import apps'],
    ]);
  });

  it('refuses the web app importing values from the BFF', () => {
    const files = tree({
      [`${WEB}/lib/trpc.ts`]: "import { appRouter, type AppRouter } from '@portal/bff/trpc/app-router';",
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
        [`${WEB}/lib/trpc.ts`]: "import type { AppRouter } from '@portal/bff/trpc/app-router';",
        [`${WEB}/lib/journey-links.ts`]: "import { Modal } from '../components/ui/modal';",
        [`${WEB}/app/router.tsx`]: "import { HomePage } from '../features/home/home-page';",
        [`${ROUTERS}/auth.test.ts`]: "import { authRouter } from './auth';",
        [`${ROUTERS}/auth.ts`]: "import { signIn } from '../auth/sign-in';",
        'packages/contracts/src/a.ts': "import { cpf } from '@portal/validation/document';",
        'scripts/start.ts': "import { buildApp } from '@portal/bff/app';",
      },
      [`${WEB}/lib/paths.ts`, `${WEB}/features/home/use-section-scroll.ts`, `${ROUTERS}/auth.ts`],
    );
    expect(violations(files)).toEqual([]);
  });

  it('refuses a comment that cites a section of an outside document instead of stating the rule', () => {
    const files = tree({
      [`${WEB}/lib/a.ts`]: '/** Spec \u00a72: five logos at first. */',
      [`${WEB}/lib/b.css`]: '/* spec \u00a74: a left border */',
      [`${WEB}/lib/c.ts`]: '/** LGPD art. 8 §5: revoking consent is free. Five logos at first. */',
    });
    expect(violations(files).map((v) => v.file)).toEqual([`${WEB}/lib/a.ts`, `${WEB}/lib/b.css`]);
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
