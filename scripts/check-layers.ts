import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The direction of imports that Biome's rules cannot express (docs/architecture.md).
// Paths are repository-relative with forward slashes.

export type Import = { specifier: string; typeOnly: boolean };
export type Violation = { file: string; target: string; rule: string };

const SOURCE = /^(apps\/[^/]+\/src|packages\/[^/]+\/src|scripts|e2e)\/.*\.(tsx?|css)$/;
const SCRIPT = /\.tsx?$/;
// A comment states its rule in words; a section number of a document outside the repository says nothing.
const SPEC_CITATION = /\bspec\b[^\n§]{0,4}§/i;
const PACKAGES = new Set(['contracts', 'validation']);
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

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

/** A relative or `@portal/*` specifier as a repository path; undefined for outside libraries. */
export function resolve(
  from: string,
  specifier: string,
  files: ReadonlyMap<string, string>,
): string | undefined {
  const workspace = /^@portal\/([^/]+)(\/.*)?$/.exec(specifier);
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (workspace) {
    const name = workspace[1] ?? '';
    base = `${PACKAGES.has(name) ? 'packages' : 'apps'}/${name}/src${workspace[2] ?? ''}`;
  } else return undefined;
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => files.has(candidate)) ?? base;
}

const feature = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
// A BFF router or a stub route module; a test beside one counts as it.
const router = (file: string) =>
  /^apps\/(bff\/src\/routers|stub\/src\/routes)\/([^/]+?)(\.test)?\.tsx?$/.exec(file)?.[2];
const routerFolder = (file: string) => /^apps\/(bff\/src\/routers|stub\/src\/routes)\//.exec(file)?.[0];

/** The rule an import breaks, if any. */
function broken(file: string, target: string, typeOnly: boolean): string | undefined {
  const [fromFeature, toFeature] = [feature(file), feature(target)];
  if (fromFeature && toFeature && fromFeature !== toFeature) return 'a feature never imports another feature';
  if (/^apps\/web\/src\/(components|lib)\//.test(file) && /^apps\/web\/src\/(features|app)\//.test(target))
    return 'components/ and lib/ never import features/ or app/';
  const fromRouter = router(file);
  if (fromRouter && routerFolder(target) === routerFolder(file) && router(target) !== fromRouter)
    return 'a router never imports another router';
  if (file.startsWith('packages/') && target.startsWith('apps/')) return 'packages never import apps';
  if (file.startsWith('packages/validation/') && target.startsWith('packages/contracts/'))
    return 'validation depends on no other workspace';
  if (file.startsWith('apps/web/') && target.startsWith('apps/bff/') && !typeOnly)
    return 'the web app imports only types from the BFF';
  return undefined;
}

export function violations(files: ReadonlyMap<string, string>): Violation[] {
  const found: Violation[] = [];
  for (const [file, source] of files) {
    if (SPEC_CITATION.test(source))
      found.push({ file, target: '', rule: 'comments state the rule in words, not a section number' });
    if (!SCRIPT.test(file)) continue;
    for (const { specifier, typeOnly } of importsOf(file, source)) {
      const target = resolve(file, specifier, files);
      const rule = target && broken(file, target, typeOnly);
      if (target && rule) found.push({ file, target, rule });
    }
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
  const found = violations(sourceFiles());
  for (const { file, target, rule } of found)
    console.error(`${file}: ${target ? `imports ${target} — ` : ''}${rule}`);
  process.exitCode = found.length > 0 ? 1 : 0;
}
