import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The direction of imports that Biome's rules cannot express (docs/architecture.md).
// Paths are repository-relative with forward slashes.

export type Import = { specifier: string; typeOnly: boolean };
export type Violation = { file: string; target: string; rule: string };

const SOURCE =
  /^((apps\/[^/]+\/(src|scripts|test)|packages\/[^/]+\/src|scripts|e2e)\/.*\.(tsx?|mjs|css)|(docs\/.*|README)\.md)$/;
const SCRIPT = /\.(tsx?|mjs)$/;
// A comment states its rule in words and cites docs/ only: a document outside the repository (the product's
// specification, the team's design notes, conventions and gates) is not there for a reader to open.
const OUTSIDE_CITATION =
  /\bspec\b[^\n§]{0,4}§|\b(design|conventions|toolchain|reliability-gates|portal-spec)\.md\b|\bthe spec\b|\bshared\/spec\b/i;
/** Every module a file names: imports, `export … from`, `import()` and `typeof import()`. */
export function importsOf(file: string, source: string): Import[] {
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({ specifier: literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, scriptKind(file)));
  return found;
}

const scriptKind = (file: string) => (file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx'];

/** A workspace's folder and its `exports` (subpath → file), read from its package.json. */
type Workspaces = ReadonlyMap<string, { dir: string; exports: Record<string, string> }>;

function readWorkspaces(): Workspaces {
  const found = new Map<string, { dir: string; exports: Record<string, string> }>();
  for (const parent of ['apps', 'packages']) {
    for (const name of readdirSync(parent)) {
      const file = `${parent}/${name}/package.json`;
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        exports?: Record<string, string>;
      };
      found.set(manifest.name, { dir: `${parent}/${name}`, exports: manifest.exports ?? {} });
    }
  }
  return found;
}

const WORKSPACES = readWorkspaces();

/** A workspace specifier ('@portal/bff/app-router') as the file its package's `exports` names. */
function exported(specifier: string, workspaces: Workspaces): string | undefined {
  const match = /^(@portal\/[^/]+)(\/.*)?$/.exec(specifier);
  const workspace = match && workspaces.get(match[1] ?? '');
  if (!match || !workspace) return undefined;
  const subpath = `.${match[2] ?? ''}`;
  for (const [pattern, target] of Object.entries(workspace.exports)) {
    const star = pattern.indexOf('*');
    if (star < 0 ? pattern === subpath : subpath.startsWith(pattern.slice(0, star))) {
      const file = star < 0 ? target : target.replace('*', subpath.slice(star));
      return path.posix.join(workspace.dir, file).replace(/\.(tsx?|mjs)$/, '');
    }
  }
  return `${workspace.dir}/src${match[2] ?? ''}`;
}

/** A relative or `@portal/*` specifier as a repository path; undefined for outside libraries. */
export function resolve(
  from: string,
  specifier: string,
  files: ReadonlyMap<string, string>,
  workspaces: Workspaces = WORKSPACES,
): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else base = exported(specifier, workspaces);
  if (base === undefined) return undefined;
  const stem = base.replace(/\.(tsx?|mjs)$/, '');
  return [base, ...EXTENSIONS.map((ext) => stem + ext)].find((candidate) => files.has(candidate)) ?? base;
}

const isTest = (file: string) => /\.(test|spec)\.tsx?$|\.setup\.ts$/.test(file);
/** A test, or a file of the test kit or of an app's test folder. */
const isTestCode = (file: string) =>
  isTest(file) || /^(packages\/test-kit|apps\/[^/]+\/test|e2e)\//.test(file);
/** Production code: what an app or a shared package ships (its tests and test kits are not). */
const isProduction = (file: string) =>
  /^(apps\/[^/]+\/src|packages\/(contracts|validation)\/src)\//.test(file) && !isTest(file);

const feature = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
// A BFF router or a stub route module; a test beside one counts as it. The BFF's root router assembles them.
const router = (file: string) =>
  /^apps\/(bff\/src\/routers|stub\/src\/routes)\/([^/]+?)(\.test)?\.tsx?$/.exec(file)?.[2];
const routerFolder = (file: string) => /^apps\/(bff\/src\/routers|stub\/src\/routes)\//.exec(file)?.[0];
const ROOT_ROUTER = 'apps/bff/src/routers/app-router.ts';

/**
 * The BFF's layers, bottom first (docs/architecture.md): a file imports its own folder and the layers below
 * its own, never a layer above; the domain folders, one layer, may use each other as long as no circle forms.
 * The top-level files (app.ts, server.ts, services.ts, logging.ts) assemble everything and sit on top.
 */
const BFF_LAYERS = [
  ['core'],
  ['keys', 'telemetry'],
  ['config'],
  ['store', 'http', 'push'],
  ['session', 'upstream', 'pdf', 'db'],
  ['ports'],
  [
    'account',
    'activity',
    'agreements',
    'auth',
    'negotiation',
    'plan',
    'reminders',
    'tracking',
    'verification',
  ],
  ['trpc'],
  ['routers', 'routes'],
  ['plugins'],
];
const DOMAINS = new Set(BFF_LAYERS[6]);
/** A BFF file's top folder under src ('.' for the files at its top); undefined outside the BFF. */
const bffFolder = (file: string) => {
  const match = /^apps\/bff\/src\/(?:([^/]+)\/)?/.exec(file);
  return match ? (match[1] ?? '.') : undefined;
};
const bffLayer = (folder: string) => {
  const index = BFF_LAYERS.findIndex((layer) => layer.includes(folder));
  return index < 0 ? BFF_LAYERS.length : index;
};
const TEST_CODE =
  /^(vitest|@vitest\/|@portal\/test-kit|fast-check|supertest|@testing-library\/|@playwright\/)/;

/** The rule an import breaks, if any. */
function broken(file: string, target: string, typeOnly: boolean): string | undefined {
  const [fromFeature, toFeature] = [feature(file), feature(target)];
  if (fromFeature && toFeature && fromFeature !== toFeature) return 'a feature never imports another feature';
  if (fromFeature && target.startsWith('apps/web/src/app/')) return 'a feature never imports app/';
  if (/^apps\/web\/src\/(components|lib)\//.test(file) && /^apps\/web\/src\/(features|app)\//.test(target))
    return 'components/ and lib/ never import features/ or app/';
  const fromRouter = router(file);
  if (
    fromRouter &&
    routerFolder(target) === routerFolder(file) &&
    router(target) !== fromRouter &&
    file !== ROOT_ROUTER &&
    target !== ROOT_ROUTER
  )
    return 'a router never imports another router';
  if (file.startsWith('packages/') && !file.startsWith('packages/test-kit/') && target.startsWith('apps/'))
    return 'packages never import apps, but the test kit, which builds them for tests';
  if (file.startsWith('packages/validation/') && target.startsWith('packages/contracts/'))
    return 'validation depends on no other workspace';
  if (file.startsWith('apps/web/') && target.startsWith('apps/bff/') && !typeOnly)
    return 'the web app imports only types from the BFF';
  if (isProduction(file) && (target.startsWith('packages/test-kit/') || /^apps\/[^/]+\/test\//.test(target)))
    return 'production code imports no test code';
  const [from, to] = [bffFolder(file), bffFolder(target)];
  if (
    from !== undefined &&
    to !== undefined &&
    from !== to &&
    !isTest(file) &&
    bffLayer(to) >= bffLayer(from)
  ) {
    if (!(DOMAINS.has(from) && DOMAINS.has(to)))
      return `the BFF's layers go down only: ${from === '.' ? 'src/' : `${from}/`} never imports ${to === '.' ? 'src/' : `${to}/`}`;
  }
  return undefined;
}

/** The rule an import of an outside library breaks, if any. */
function brokenLibrary(file: string, specifier: string): string | undefined {
  if (isProduction(file) && TEST_CODE.test(specifier)) return 'production code imports no test code';
  const folder = bffFolder(file);
  if (folder === undefined || isTest(file)) return undefined;
  if (
    (DOMAINS.has(folder) || ['core', 'ports'].includes(folder)) &&
    /^(@trpc\/|fastify$|@fastify\/)/.test(specifier)
  )
    return 'domain code knows nothing of tRPC or Fastify';
  if (specifier === 'undici' && folder !== 'upstream' && folder !== '.')
    return 'every upstream call goes through upstream/';
  return undefined;
}

/** A folder that holds test code under a production name: test helpers live in packages/test-kit or <app>/test. */
const testCodeInProduction = (file: string) =>
  isProduction(file) &&
  /\/(tests?|testing|__tests__)\/|test-(helpers|fixtures|utils)\.|\/render-[^/]+\.tsx$/.test(file);

/**
 * Folders that import each other in a circle, production code only (a test imports; nothing imports it): each
 * folder is a node, each import between two folders an edge. Tarjan's strongly connected components.
 */
export function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

export function violations(
  files: ReadonlyMap<string, string>,
  workspaces: Workspaces = WORKSPACES,
): Violation[] {
  const found: Violation[] = [];
  const edges = new Map<string, Set<string>>();
  const importers = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    if (OUTSIDE_CITATION.test(source))
      found.push({ file, target: '', rule: 'comments cite docs/, never a document outside the repository' });
    if (testCodeInProduction(file))
      found.push({ file, target: '', rule: 'no production folder holds test code' });
    if (!SCRIPT.test(file)) continue;
    for (const { specifier, typeOnly } of importsOf(file, source)) {
      const target = resolve(file, specifier, files, workspaces);
      const rule = target ? broken(file, target, typeOnly) : brokenLibrary(file, specifier);
      if (rule) found.push({ file, target: target ?? specifier, rule });
      if (target) importers.set(target, (importers.get(target) ?? new Set()).add(file));
      const [from, to] = [path.posix.dirname(file), target && path.posix.dirname(target)];
      if (to && from !== to && !isTest(file) && files.has(target ?? '') && !isTest(target ?? ''))
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // A production file that only tests import is test code under a production name.
  for (const [file, by] of importers)
    if (isProduction(file) && files.has(file) && [...by].every(isTestCode))
      found.push({ file, target: '', rule: 'no production folder holds test code (only tests import it)' });
  for (const cycle of folderCycles(edges))
    found.push({
      file: cycle[0] ?? '',
      target: '',
      rule: `folders import each other in a circle: ${cycle.join(' ↔ ')}`,
    });
  return found;
}

/** Apps publish no test code: no `exports` entry of an app names a test folder or file. */
export function exportViolations(workspaces: Workspaces = WORKSPACES): Violation[] {
  const found: Violation[] = [];
  for (const [name, { dir, exports }] of workspaces) {
    if (!dir.startsWith('apps/')) continue;
    for (const [subpath, file] of Object.entries(exports))
      if (/test/.test(subpath) || /test/.test(file))
        found.push({
          file: `${dir}/package.json`,
          target: `${name}/${subpath.slice(2)}`,
          rule: 'an app exports no test code',
        });
  }
  return found;
}

function sourceFiles(): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  const paths = listed.split('\0').filter((file) => SOURCE.test(file) && existsSync(file));
  return new Map(paths.map((file) => [file, readFileSync(file, 'utf8')]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = [...violations(sourceFiles()), ...exportViolations()];
  for (const { file, target, rule } of found)
    console.error(`${file}: ${target ? `imports ${target} — ` : ''}${rule}`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
