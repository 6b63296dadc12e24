import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBff } from '../../test/fake-bff';
import { prerenderAtBuild } from '../../test/prerender-at-build';
import { MARIA } from '../../test/render-app';
import { PARTNERS } from '../../test/render-home';
import { createQueryClient } from '../lib/api/providers';
import { installApp } from '../lib/browser/install-app';
import { clearPrefill, setPrefill } from '../lib/forms/prefill';
import { paths } from '../lib/navigation/paths';
import { PRERENDERED_PATHS } from '../prerender';
import { boot } from './boot';

// Any console.error (React's hydration mismatch warnings among them) fails a test: test/setup.ts.

let container: HTMLElement;
let app: Root | undefined;
// Each test's app is taken down with it: one left running (Minha conta, still loading its page) would render
// beside the next test's prerender, which then finds that app's router and refuses to render inside it.
afterEach(() => {
  act(() => app?.unmount());
  app = undefined;
  container?.remove();
  clearPrefill();
});

/** Boots the app in the test's #root, to be unmounted after the test. */
async function started() {
  app = await boot(container, createQueryClient());
}

/** The prerendered markup of `path` in a fresh #root, with the browser at that address. */
async function prerendered(path: string) {
  const { html } = await prerenderAtBuild(path);
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', path);
  return html;
}

describe('the prerendered public pages', () => {
  // '/' hydrates with an entry of its own: app/home-app.test.tsx
  it.each(PRERENDERED_PATHS.filter((path) => path !== paths.home))(
    '%s renders its content to HTML and hydrates it without a mismatch',
    async (path) => {
      const fake = installFakeBff({ 'auth.session': () => null, 'partners.list': () => PARTNERS });
      const html = await prerendered(path);
      expect(html).toContain('<h1');
      const heading = container.querySelector('h1');
      const mainText = container.querySelector('main')?.textContent;

      await act(started);
      // The same nodes, now React's: hydrated, not rendered again.
      expect(container.querySelector('h1')).toBe(heading);
      await waitFor(() => expect(fake.callsTo('auth.session')).toHaveLength(1));
      expect(container.querySelector('main')?.textContent).toContain(mainText?.slice(0, 40));
    },
  );

  it('asks for the session after hydrating and takes a signed-in visitor to Minha conta', async () => {
    installFakeBff({ 'auth.session': () => MARIA, 'partners.list': () => PARTNERS });
    await prerendered(paths.login);
    await act(started);
    await waitFor(() => expect(window.location.pathname).toBe(paths.minhaConta));
  });

  it('keeps the sign-in disabled until hydrated, then signs in with what was typed before', async () => {
    const fake = installFakeBff({
      'auth.session': () => null,
      'auth.signIn': () => ({ ...MARIA, primeiraTela: null }),
    });
    await prerendered(paths.login);
    const button = () => screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement;
    const challenge = () =>
      screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }) as HTMLButtonElement;
    // Before hydration the browser would submit the form itself, password in the address; and a tap on
    // the identity question would be lost.
    expect(button().disabled).toBe(true);
    expect(challenge().disabled).toBe(true);
    const type = (label: string, value: string) => {
      const input = screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('CPF/CNPJ', '529.982.247-25');
    type('Senha', 'Acordo@2026');

    await act(started);
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(challenge().disabled).toBe(false);
    await act(async () => button().click());
    await waitFor(() => expect(fake.callsTo('auth.signIn')).toHaveLength(1));
    expect(fake.callsTo('auth.signIn')[0]?.input).toMatchObject({
      cpfCnpj: '52998224725',
      senha: 'Acordo@2026',
    });
  });

  it('renders afresh, not over the HTML, a page whose form starts with a handed-over document', async () => {
    installFakeBff({ 'auth.session': () => null });
    await prerendered(paths.login);
    setPrefill('52998224725');
    await act(started);
    expect(await screen.findByDisplayValue('529.982.247-25')).toBeTruthy();
  });
});

describe('a page left open across a release', () => {
  it('reloads into the new release when a chunk is gone, but not right after loading', () => {
    const reload = vi.fn();
    let openForMs = 2_000;
    const uninstall = installApp({ reload, openForMs: () => openForMs });
    const missing = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));

    expect(missing()).toBe(true); // just loaded: the error is the page's to show
    expect(reload).not.toHaveBeenCalled();
    openForMs = 60_000;
    expect(missing()).toBe(false); // handled: no error page
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });
});
