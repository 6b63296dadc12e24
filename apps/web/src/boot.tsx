import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { peekPrefill } from './lib/prefill';
import { sessionQueryKey } from './lib/session';
import { rememberTypedEarly } from './lib/typed-early';

/**
 * Starts the SPA in `container`. A prerendered page (prerender.tsx) is hydrated: its lazy page modules
 * are loaded first and the session starts as the prerender saw it (signed out), then is asked for, so
 * the first render matches the HTML. A page with a document handed over from the URL renders afresh,
 * since its form starts filled in.
 */
export async function boot(container: HTMLElement, queryClient: QueryClient = createQueryClient()) {
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
    return createRoot(container).render(app);
  }
  rememberTypedEarly(container);
  hydrateRoot(container, app);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
}

/** How long a page must have been open for a missing chunk to mean a newer release replaced it. */
const STALE_AFTER_MS = 10_000;

/**
 * The service worker (sw.js, built by vite-plugin-pwa): an installable app with an offline page. A page
 * left open across a release may ask for a chunk the new release no longer has: it then reloads into
 * the new release, once it has been open a while (a chunk missing right after a load is an error).
 */
export function installApp({
  reload = () => window.location.reload(),
  openForMs = () => performance.now(),
} = {}): () => void {
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  }
  const onChunkMissing = (event: Event) => {
    if (openForMs() < STALE_AFTER_MS) return;
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onChunkMissing);
  return () => window.removeEventListener('vite:preloadError', onChunkMissing);
}
