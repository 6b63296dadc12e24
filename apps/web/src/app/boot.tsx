import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from '../lib/api/providers';
import { sessionQueryKey } from '../lib/api/session';
import { peekPrefill } from '../lib/forms/prefill';
import { rememberTypedEarly } from '../lib/forms/typed-early';
import { routes } from './router';

/**
 * Starts the SPA in `container`. A prerendered page (prerender.tsx) is hydrated: its lazy page modules
 * are loaded first and the session starts as the prerender saw it (signed out), then is asked for, so
 * the first render matches the HTML. A page with a document handed over from the URL renders afresh,
 * since its form starts filled in.
 */
export async function boot(
  container: HTMLElement,
  queryClient: QueryClient = createQueryClient(),
): Promise<Root> {
  const hydrate = container.hasChildNodes() && peekPrefill() === null;
  if (hydrate) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
    queryClient.setQueryData(sessionQueryKey(), null);
  }
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  if (!hydrate) {
    container.replaceChildren();
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  rememberTypedEarly(container);
  const root = hydrateRoot(container, app);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
  return root;
}
