import path from 'node:path';
import ts from 'typescript';
import { routeTable } from '../src/lib/navigation/paths';

// The router's pages and the chunks each one loads, read from Vite's build manifest. The prerender
// (scripts/prerender.ts) and the root budget check (scripts/check-budgets.ts) both use it; it lives
// in the web app so that the web build needs nothing outside apps/web.

/** The app's entry, and the home page's own (apps/web/src/app/home-app.tsx), as the manifest names them. */
export const APP_ENTRY = 'index.html';
export const HOME_ENTRY = 'home.html';

const ROUTER = 'src/app/router.tsx';

/** The fields of Vite's `.vite/manifest.json` read here, keyed by source path relative to apps/web. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Chunks loaded with this one (its dynamic imports load on demand and are not counted). */
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Page {
  /** The route's path ('/', '/login'), or the page's name in the router when it has none. */
  route: string;
  /** The page module, relative to apps/web without extension ('src/features/home/home-page'). */
  module: string;
}

/**
 * The pages of the router's `pages` table: each property names a route of `routeTable` (or a page
 * without one, e.g. 'notFound') and imports its page module on demand.
 */
export function pagesOf(routerSource: string, routerFile = ROUTER): Page[] {
  const source = ts.createSourceFile(
    routerFile,
    routerSource,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const pages: Page[] = [];
  const importsIn = (node: ts.Node): string[] =>
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] &&
    ts.isStringLiteralLike(node.arguments[0])
      ? [node.arguments[0].text]
      : node.getChildren(source).flatMap(importsIn);
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'pages' &&
      node.initializer &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!property.name || !ts.isIdentifier(property.name)) continue;
        const name = property.name.text;
        const route = name in routeTable ? routeTable[name as keyof typeof routeTable].path : name;
        for (const specifier of importsIn(property))
          pages.push({ route, module: path.posix.join(path.posix.dirname(routerFile), specifier) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return pages;
}

/** The given chunks and every chunk they import statically, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const add = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) add(imported);
  };
  for (const key of keys) add(key);
  return seen;
}
