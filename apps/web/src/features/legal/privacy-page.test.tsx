import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

async function openPrivacyNotice(session: typeof MARIA | null) {
  installFakeBff();
  const view = renderApp(paths.politicaGeral, { session });
  const heading = await screen.findByRole('heading', { level: 1, name: 'Aviso de Privacidade' });
  return { ...view, heading };
}

describe('PrivacyPage (/politica-geral)', () => {
  it('shows the notice under its h1, with the page title', async () => {
    const { heading } = await openPrivacyNotice(null);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Quem somos' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Aviso de Privacidade | Negocia Varejo'));
  });

  it('states the key facts: 5-year retention, last update, LGPD rights and the DPO e-mail', async () => {
    await openPrivacyNotice(null);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('por 5 anos');
    expect(main.textContent).toContain('Última atualização: 1º de fevereiro de 2022.');
    expect(main.textContent).toContain('A LGPD (art. 18) garante a você, gratuitamente');
    expect(main.textContent).toContain('portabilidade dos dados');
    expect(main.textContent).toContain('revogação do consentimento');
    expect(within(main).getAllByRole('link', { name: 'privacidade@negociavarejo.example' }).length).toBe(2);
  });

  it('opens with a table of contents whose links lead to the sections', async () => {
    await openPrivacyNotice(null);
    const contents = screen.getByRole('navigation', { name: 'Nesta página' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Quem somos',
      'Dados que coletamos',
      'Para que usamos os seus dados',
      'Compartilhamento',
      'Por quanto tempo guardamos',
      'Cookies',
      'Segurança',
      'Seus direitos',
      'Contato e Encarregado',
    ]);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').replace(/^#/, ''));
      expect(target?.tagName).toBe('H2');
      expect(target?.textContent).toBe(link.textContent);
    }
  });

  it('sends the back button to /minha-conta when signed in', async () => {
    await openPrivacyNotice(MARIA);
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe(paths.minhaConta);
  });

  it('sends the back button to the start page when signed out', async () => {
    const { router } = await openPrivacyNotice(null);
    const back = screen.getByRole('link', { name: 'Voltar' });
    expect(back.getAttribute('href')).toBe(paths.home);
    await userEvent.click(back);
    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
  });
});
