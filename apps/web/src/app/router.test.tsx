import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { deferred, installFakeBff } from '../../test/fake-bff';
import { AppProviders, createQueryClient } from '../lib/api/providers';
import { sessionQueryKey } from '../lib/api/session';
import { paths } from '../lib/navigation/paths';
import { RootLayout } from './root-layout';
import { routes } from './router';

/** A route table as the browser gets it: each page's code fetched when its route is first matched. */
function renderRoutes(table: RouteObject[], path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey(), null);
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('pages loaded on demand', () => {
  it("shows 'Carregando...' until the first page's code is in, then the page and its title", async () => {
    installFakeBff();
    renderRoutes(routes, paths.termosGerais);
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeTruthy();
    // the title follows the page in an effect: on a loaded machine it may come a tick after the heading
    await waitFor(() => expect(document.title).toBe('Termos de Uso | Negocia Varejo'));
  });

  it('moves focus to the heading of a page loaded after following a link', async () => {
    const user = userEvent.setup();
    installFakeBff();
    renderRoutes(routes, paths.home);
    await user.click(await screen.findByRole('link', { name: 'Entrar' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fazer login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("keeps the current page while the next one's code is on its way, with 'Carregando...' once it is slow", async () => {
    installFakeBff();
    const page = deferred<Pick<RouteObject, 'element'>>();
    const router = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/', element: <h1>Início</h1> },
            { path: '/lenta', lazy: () => page.promise },
          ],
        },
      ],
      '/',
    );
    act(() => void router.navigate('/lenta'));
    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Início' })).toBeTruthy();

    act(() => page.resolve({ element: <h1>Página lenta</h1> }));
    expect(await screen.findByRole('heading', { name: 'Página lenta' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
