import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { routes } from '../src/app/router';
import { AppProviders, createQueryClient } from '../src/lib/api/providers';
import { sessionQueryKey } from '../src/lib/api/session';
import type { SessionView } from '../src/lib/api/trpc';

export const MARIA: SessionView = {
  nome: 'Maria Aparecida da Silva',
  primeiroNome: 'Maria',
  nomeCurto: 'Maria Aparecida',
  documento: '529.982.247-25',
  tipoDocumento: 'CPF',
  empresa: false,
};

/** The route table with every page loaded up front: a test's first render already shows its page. */
async function withPagesLoaded(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async ({ lazy, children, ...route }) => ({
      ...route,
      ...(typeof lazy === 'function' ? await lazy() : {}),
      ...(children ? { children: await withPagesLoaded(children) } : {}),
    })) as Promise<RouteObject>[],
  );
}

const loadedRoutes = await withPagesLoaded(routes);

interface RenderAppOptions {
  /** Preset `auth.session` (no request is made); left out, the app asks the (fake) BFF. */
  session?: SessionView | null;
}

/**
 * The whole app (real route table, guards, providers, tRPC client) in a memory router; its pages are
 * loaded before the first render (app/router.test.tsx covers their loading on demand).
 */
export function renderApp(path: string, { session }: RenderAppOptions = {}) {
  const queryClient = createQueryClient();
  if (session !== undefined) queryClient.setQueryData(sessionQueryKey(), session);
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** One component with the app's providers (query client, tRPC client) in a memory router. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, queryClient };
}
