import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { AppLayout } from '../src/app/layouts/app-layout';
import { SiteHeader } from '../src/app/layouts/site-header';
import { RootLayout } from '../src/app/root-layout';
import { HomePage } from '../src/features/home/home-page';
import { AppProviders, createQueryClient } from '../src/lib/api/providers';
import { sessionQueryKey } from '../src/lib/api/session';
import type { SessionView } from '../src/lib/api/trpc';
import { paths } from '../src/lib/navigation/paths';

/** Any other page: its address as its heading, so a test sees where the home page led. */
function OtherPage() {
  const { pathname } = useLocation();
  return (
    <h1 className="page-title" tabIndex={-1}>
      Página {pathname}
    </h1>
  );
}

/**
 * The home page inside the real layouts (focus on navigation, public header, footer) and providers;
 * every other path is a stand-in, so these tests do not depend on the pages of other features.
 */
export function renderHome(path: string = paths.home, session: SessionView | null = null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey(), session);
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            element: (
              <AppLayout header={<SiteHeader />}>
                <Outlet />
              </AppLayout>
            ),
            children: [
              { path: paths.home, element: <HomePage /> },
              { path: '*', element: <OtherPage /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Sets or removes the consent cookie (jsdom keeps cookies across the tests of a file). */
export function setConsentCookie(value: 'true' | 'false' | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up of jsdom's cookie jar
  document.cookie = value === null ? 'aceito=; path=/; max-age=0' : `aceito=${value}; path=/`;
}

export const PARTNERS = Array.from({ length: 12 }, (_, index) => ({
  nome: `Parceiro ${index + 1}`,
  logoUrl: `/api/logos/parceiro-${index + 1}.svg`,
}));
