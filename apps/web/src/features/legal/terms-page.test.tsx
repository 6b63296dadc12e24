import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

async function openTerms(session: typeof MARIA | null) {
  installFakeBff();
  const view = renderApp(paths.termosGerais, { session });
  const heading = await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' });
  return { ...view, heading };
}

describe('TermsPage (/termos-gerais)', () => {
  it('shows the terms under their h1, with the page title', async () => {
    const { heading } = await openTerms(null);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'O que é o Negocia Varejo' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Termos de Uso | Negocia Varejo'));
  });

  it('states the key facts: last update, one boleto per instalment, no fees, scam warnings, contacts', async () => {
    await openTerms(null);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Última atualização: 20/03/2021.');
    expect(main.textContent).toContain('cada parcela tem o seu próprio boleto');
    expect(main.textContent).toContain('não cobra nenhuma taxa do consumidor');
    expect(main.textContent).toContain('nunca pede pagamentos em contas de pessoas físicas');
    expect(main.textContent).toContain('foro do domicílio do consumidor');
    expect(within(main).getByRole('link', { name: 'atendimento@negociavarejo.example' })).toBeTruthy();
  });

  it('opens with a table of contents whose links lead to the sections', async () => {
    await openTerms(null);
    const contents = screen.getByRole('navigation', { name: 'Nesta página' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'O que é o Negocia Varejo',
      'Cadastro e senha',
      'Dados corretos',
      'Acordos e boletos',
      'Sem custo para você',
      'Cuidado com golpes',
      'Disponibilidade',
      'Alterações destes termos',
      'Lei aplicável e foro',
    ]);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').replace(/^#/, ''));
      expect(target?.tagName).toBe('H2');
      expect(target?.textContent).toBe(link.textContent);
    }
  });

  it('sends the back button to /minha-conta when signed in', async () => {
    await openTerms(MARIA);
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe(paths.minhaConta);
  });

  it('sends the back button to the start page when signed out', async () => {
    const { router } = await openTerms(null);
    const back = screen.getByRole('link', { name: 'Voltar' });
    expect(back.getAttribute('href')).toBe(paths.home);
    await userEvent.click(back);
    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
  });
});
