import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA } from '../../../test/render-app';
import { PARTNERS, renderHome, setConsentCookie } from '../../../test/render-home';
import { clearPrefill, peekPrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';

const scrollIntoView = vi.fn();

beforeAll(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterAll(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

beforeEach(() => {
  setConsentCookie('true');
  scrollIntoView.mockClear();
});

afterEach(() => {
  setConsentCookie(null);
  clearPrefill();
});

function bff(handlers: Parameters<typeof installFakeBff>[0] = {}) {
  return installFakeBff({ 'partners.list': () => PARTNERS, ...handlers });
}

async function consult(document: string) {
  const user = userEvent.setup();
  const input = (await screen.findByLabelText('CPF/CNPJ')) as HTMLInputElement;
  await user.type(input, document);
  await user.click(screen.getByRole('button', { name: 'Consultar grátis' }));
  return { user, input };
}

describe('the home banner', () => {
  it('shows the error under the field, focuses it and asks nothing when the document is invalid', async () => {
    const fake = bff();
    const { router } = renderHome();
    const { input } = await consult('52998224724');

    const error = await screen.findByText('CPF/CNPJ inválido');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(input);
    expect(fake.callsTo('auth.lookupDocument')).toHaveLength(0);
    expect(router.state.location.pathname).toBe(paths.home);
  });

  it('refuses an empty document', async () => {
    bff();
    renderHome();
    await userEvent.click(await screen.findByRole('button', { name: 'Consultar grátis' }));
    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
  });

  it('sends a registered document to /login, handing it over in memory only', async () => {
    const fake = bff({ 'auth.lookupDocument': () => ({ cadastrado: true }) });
    const { router } = renderHome();
    await consult('529.982.247-25');

    expect(await screen.findByRole('heading', { level: 1, name: 'Página /login' })).toBeTruthy();
    expect(fake.callsTo('auth.lookupDocument').map((call) => call.input)).toEqual([
      { cpfCnpj: '52998224725' },
    ]);
    expect(peekPrefill()).toBe('52998224725');
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
  });

  it('sends an unregistered document to /cadastro with the document in the prefill', async () => {
    bff({ 'auth.lookupDocument': () => ({ cadastrado: false }) });
    const { router } = renderHome();
    await consult('71460238001');

    expect(await screen.findByRole('heading', { level: 1, name: 'Página /cadastro' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.cadastro);
    expect(peekPrefill()).toBe('71460238001');
  });

  it('keeps an alphanumeric CNPJ upper-cased in the prefill', async () => {
    bff({ 'auth.lookupDocument': () => ({ cadastrado: true }) });
    renderHome();
    await consult('12abc34501de35');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página /login' })).toBeTruthy();
    expect(peekPrefill()).toBe('12ABC34501DE35');
  });

  it('shows "Carregando..." while the lookup is on its way', async () => {
    const answer = deferred<{ cadastrado: boolean }>();
    bff({ 'auth.lookupDocument': () => answer.promise });
    renderHome();
    await consult('52998224725');

    const spinner = await screen.findByRole('dialog', { name: 'Carregando...' });
    expect(spinner.getAttribute('data-modal')).toBe('modalSpinner');
    answer.resolve({ cadastrado: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página /login' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed lookup in the error modal, stays, and gives the focus back to the field', async () => {
    bff({
      'auth.lookupDocument': () => {
        throw new FakeTrpcError(
          'BAD_GATEWAY',
          'Ocorreu um erro inesperado. Por gentileza, tente novamente mais tarde.',
        );
      },
    });
    const { router } = renderHome();
    const { user, input } = await consult('52998224725');

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('data-modal')).toBe('modalError');
    expect(dialog.textContent).toContain(
      'Ocorreu um erro inesperado. Por gentileza, tente novamente mais tarde.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(router.state.location.pathname).toBe(paths.home);
    expect(peekPrefill()).toBeNull();
  });

  it('leads a visitor who received a boleto or PIX to /verificar-boleto-ou-pix, below the form', async () => {
    bff();
    const { router } = renderHome();
    const form = (await screen.findByRole('button', { name: 'Consultar grátis' })).closest(
      'form',
    ) as HTMLElement;
    await userEvent.click(
      within(form).getByRole('link', { name: 'Recebeu um boleto ou PIX? Verifique antes de pagar' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: `Página ${paths.verificar}` })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.verificar);
  });
});

describe('the home page', () => {
  it('sets the page title', async () => {
    bff();
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('Negocie suas dívidas | Negocia Varejo');
  });

  it('has its sections in order, each with an anchor id and a heading', async () => {
    bff();
    renderHome();
    const main = await screen.findByRole('main');
    const sections = Array.from(main.querySelectorAll(':scope > section'));
    expect(sections.map((section) => section.id)).toEqual([
      'inicio',
      'parceiros',
      'beneficios',
      'como-funciona',
      'depoimentos',
    ]);
    for (const section of sections) {
      const heading = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
      expect(heading && section.contains(heading) && /^H[12]$/.test(heading.tagName)).toBe(true);
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('lists four benefits, each with a title and a sentence', async () => {
    bff();
    renderHome();
    const section = await screen.findByRole('region', { name: 'Benefícios' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Rapidez e comodidade', 'Segurança', 'Seus acordos em um só lugar', 'Ofertas exclusivas']);
    expect(within(section).getByText(/segunda via do boleto/)).toBeTruthy();
  });

  it('shows five testimonials with a name, a city and a quote', async () => {
    bff();
    renderHome();
    const section = await screen.findByRole('region', { name: 'Depoimentos' });
    const quotes = within(section).getAllByRole('figure');
    expect(quotes).toHaveLength(5);
    for (const quote of quotes) {
      expect(quote.querySelector('blockquote')?.textContent?.length).toBeGreaterThan(20);
      expect(quote.querySelector('figcaption')?.textContent).toMatch(/^\p{Lu}\p{Ll}+.+\([A-Z]{2}\)$/u);
    }
  });
});

describe('the section anchors', () => {
  it('offers the five anchors behind a menu button on phones, and closes it with Escape', async () => {
    const user = userEvent.setup();
    bff();
    renderHome();
    const header = await screen.findByRole('banner');
    const menu = within(header).getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Início', '/#inicio'],
      ['Parceiros', '/#parceiros'],
      ['Benefícios', '/#beneficios'],
      ['Como funciona', '/#como-funciona'],
      ['Depoimentos', '/#depoimentos'],
    ]);

    await user.tab();
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
    expect(within(header).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(paths.login);
  });

  it('scrolls to a section from the menu, closes it and moves the focus to the section heading', async () => {
    const user = userEvent.setup();
    bff();
    const { router } = renderHome();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Benefícios' }));

    expect(router.state.location.hash).toBe('#beneficios');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Benefícios' }));
    await waitFor(() =>
      expect(scrollIntoView.mock.contexts).toContain(document.getElementById('beneficios')),
    );
  });

  it('shows the anchors in a row on wide screens', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(min-width: 1024px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    bff();
    renderHome();
    const nav = await screen.findByRole('navigation', { name: 'Seções da página' });
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('scrolls to the section of a direct /#depoimentos load without taking the focus', async () => {
    bff();
    renderHome('/#depoimentos');
    const section = await screen.findByRole('region', { name: 'Depoimentos' });
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(section));
    expect(document.activeElement).toBe(document.body);
  });

  it("lands on a section from the footer of another page, focusing the section's heading", async () => {
    const user = userEvent.setup();
    bff();
    const { router } = renderHome(paths.login);
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Parceiros' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Empresas parceiras' });
    expect(router.state.location.pathname).toBe(paths.home);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(document.getElementById('parceiros')));
  });

  it('shows no anchors on another page that uses the public header (404)', async () => {
    bff();
    renderHome('/nao-existe');
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('navigation', { name: 'Seções da página' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(within(header).getByRole('link', { name: 'Entrar' })).toBeTruthy();
  });

  it('shows neither anchors nor "Entrar" to a signed-in user on the 404 page', async () => {
    bff();
    renderHome('/nao-existe', MARIA);
    const header = await screen.findByRole('banner');
    expect(within(header).getAllByRole('link')).toHaveLength(1);
    expect(within(header).getByRole('link', { name: 'Negocia Varejo, página inicial' })).toBeTruthy();
  });
});
