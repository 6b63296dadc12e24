import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { HomeApp } from './app/home-app';
import { routes } from './app/router';
import { AppProviders, createQueryClient } from './lib/api/providers';
import { sessionQueryKey } from './lib/api/session';
import { lastRenderedTitle } from './lib/navigation/page-title';
import { paths } from './lib/navigation/paths';

/**
 * The public pages rendered to HTML at build time (scripts/prerender.ts), as a signed-out visitor sees
 * them: their content paints before any script runs; main.tsx hydrates them, and home-main.tsx hydrates `/`.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.login,
  paths.cadastro,
  paths.esqueceuSenha,
  paths.politicaGeral,
  paths.termosGerais,
  // reached from links in messages, often on a phone: its form paints before any JavaScript runs
  paths.verificar,
] as const;

/** One page's markup (the inside of #root) and its <title>. */
export async function prerender(path: string): Promise<{ html: string; title: string }> {
  // '/' has an entry of its own (app/home-app.tsx), which hydrates this tree; it goes nowhere at build time.
  const html = await renderToHtml(
    path === paths.home ? (
      <HomeApp handOver={() => {}} clients={{}} />
    ) : (
      <StrictMode>{await appPage(path)}</StrictMode>
    ),
  );
  return { html, title: lastRenderedTitle() };
}

/** Any other page in the app's router, signed out. */
async function appPage(path: string): Promise<ReactNode> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey(), null);
  return (
    <AppProviders queryClient={queryClient}>
      {/* hydrate={false}: no inline script with router state (the CSP allows none; there is no data) */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
}

/**
 * The markup once every part loaded on demand (an island's code) is in, each in its place: none is sent
 * after the rest to be moved by an inline script (the CSP allows none), whatever its size.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
