import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeBff } from '../../test/fake-bff';
import { prerenderAtBuild } from '../../test/prerender-at-build';
import { MARIA } from '../../test/render-app';
import { PARTNERS, setConsentCookie } from '../../test/render-home';
import { clearPrefill } from '../lib/forms/prefill';
import { paths } from '../lib/navigation/paths';
import { startHome } from './home-app';

// Any console.error (React's hydration mismatch warnings among them) fails a test: test/setup.ts.

let container: HTMLElement;
let stop: (() => void) | undefined;

beforeEach(() => {
  setConsentCookie('true');
  window.history.replaceState(null, '', paths.home);
});

afterEach(() => {
  act(() => stop?.());
  container?.remove();
  setConsentCookie(null);
  clearPrefill();
});

/** '/' as the build prerenders it, in a fresh #root, then hydrated by its own entry. */
async function startPrerenderedHome(beforeHydrating: () => void = () => {}) {
  const { html } = await prerenderAtBuild(paths.home);
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  beforeHydrating();
  await act(async () => {
    stop = startHome(container);
  });
}

const consultButton = () => screen.getByRole('button', { name: 'Consultar grátis' }) as HTMLButtonElement;

describe("the home page's own entry", () => {
  it('hydrates the prerendered page without a mismatch, then its form and partners as they load', async () => {
    const fake = installFakeBff({ 'auth.session': () => null, 'partners.list': () => PARTNERS });
    let heading: Element | null = null;
    let form: Element | null = null;
    await startPrerenderedHome(() => {
      heading = container.querySelector('h1');
      form = container.querySelector('form');
      // Before hydration the browser would submit the form itself, the document in the address.
      expect(consultButton().disabled).toBe(true);
    });

    await waitFor(() => expect(consultButton().disabled).toBe(false));
    // The same nodes, now React's: hydrated, not rendered again.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('form')).toBe(form);
    expect(await screen.findByRole('img', { name: PARTNERS[0]?.nome })).toBeTruthy();
    await waitFor(() => expect(fake.callsTo('auth.session')).toHaveLength(1));
    expect(fake.callsTo('partners.list')).toHaveLength(1);
  });

  it("moves between the page's sections without leaving it", async () => {
    installFakeBff({ 'auth.session': () => null, 'partners.list': () => PARTNERS });
    await startPrerenderedHome();
    const heading = container.querySelector('h1');
    const footer = screen.getByRole('contentinfo');

    await userEvent.click(within(footer).getByRole('link', { name: 'Parceiros' }));
    expect(window.location.hash).toBe('#parceiros');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Empresas parceiras' }));
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('hands the document over to the app on a click, which shows the page and announces it', async () => {
    installFakeBff({ 'auth.session': () => null, 'partners.list': () => PARTNERS });
    await startPrerenderedHome();
    const entriesBefore = window.history.length;

    await userEvent.click(screen.getAllByRole('link', { name: 'Entrar' })[0] as HTMLElement);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fazer login' });
    expect(window.location.pathname).toBe(paths.login);
    expect(window.history.length).toBe(entriesBefore + 1);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe('Fazer login | Negocia Varejo');
  });

  it('consults what was typed before the form hydrated and hands the document to the login page', async () => {
    const fake = installFakeBff({
      'auth.session': () => null,
      'partners.list': () => PARTNERS,
      'auth.lookupDocument': () => ({ cadastrado: true }),
    });
    await startPrerenderedHome(() => {
      const input = screen.getByLabelText('CPF/CNPJ') as HTMLInputElement;
      input.value = '529.982.247-25';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() => expect(consultButton().disabled).toBe(false));
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');

    await userEvent.click(consultButton());
    await screen.findByRole('heading', { level: 1, name: 'Fazer login' });
    expect(fake.callsTo('auth.lookupDocument')[0]?.input).toEqual({ cpfCnpj: '52998224725' });
    expect(((await screen.findByLabelText('CPF/CNPJ')) as HTMLInputElement).value).toBe('529.982.247-25');
    // in memory only (decision 0001)
    expect(window.location.href).not.toContain('52998224725');
  });

  it('hands a signed-in visitor over to the app, whose guard takes them to Minha conta', async () => {
    installFakeBff({ 'auth.session': () => MARIA, 'partners.list': () => PARTNERS });
    await startPrerenderedHome();
    await waitFor(() => expect(window.location.pathname).toBe(paths.minhaConta));
  });

  it('hands over when the history goes back to a page of the app', async () => {
    installFakeBff({ 'auth.session': () => null, 'partners.list': () => PARTNERS });
    await startPrerenderedHome();
    window.history.pushState(null, '', paths.esqueceuSenha);
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' });
    expect(window.location.pathname).toBe(paths.esqueceuSenha);
  });
});
