import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { lastRenderedTitle } from './lib/page-title';
import { paths } from './lib/paths';
import { sessionQueryKey } from './lib/session';

/**
 * The public pages rendered to HTML at build time (scripts/prerender.ts), as a signed-out visitor sees
 * them: their content paints before any script runs, and main.tsx hydrates them.
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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects: it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey(), null);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* hydrate={false}: no inline script with router state (the CSP allows none; there is no data) */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: lastRenderedTitle() };
}
