import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MARIA } from '../../../test/render-app';
import { SessionStatusContext } from '../../lib/api/session-status';
import type { SessionView } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { RouterSiteNavigation } from '../router-site-navigation';
import { SiteFooter } from './site-footer';

function renderFooter(path: string, session: SessionView | null = null) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouterSiteNavigation>
        <SessionStatusContext value={session ? 'signed-in' : 'signed-out'}>
          <SiteFooter />
        </SessionStatusContext>
      </RouterSiteNavigation>
    </MemoryRouter>,
  );
  return screen.queryByRole('contentinfo');
}

function navigationLinks(footer: HTMLElement) {
  const nav = within(footer).getByRole('navigation', { name: 'Navegação' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('SiteFooter', () => {
  it.each([paths.politicaCadastro, paths.termosGerais, paths.negociacao, paths.resumo])(
    'is hidden on %s',
    (path) => {
      expect(renderFooter(path, MARIA)).toBeNull();
    },
  );

  it('is hidden on those pages with a trailing slash too', () => {
    expect(renderFooter(`${paths.termosGerais}/`)).toBeNull();
  });

  it.each([paths.home, paths.login, paths.politicaGeral, paths.minhaConta, '/nao-existe'])(
    'is shown on %s',
    (path) => {
      expect(renderFooter(path)).not.toBeNull();
    },
  );

  it('keeps the attendance block: the 0800, the e-mail and the hours', () => {
    const footer = renderFooter(paths.login) as HTMLElement;
    expect(
      within(footer)
        .getByRole('link', { name: 'Central de atendimento: 0800 000 3634' })
        .getAttribute('href'),
    ).toBe('tel:08000003634');
    expect(
      within(footer).getByRole('link', { name: 'atendimento@negociavarejo.example' }).getAttribute('href'),
    ).toBe('mailto:atendimento@negociavarejo.example');
    expect(footer.textContent).toContain(
      'Segunda a sexta, das 9h às 21h, e sábado, das 9h às 13h (horário de Brasília)',
    );
  });

  it('gives the commercial contact', () => {
    const footer = renderFooter(paths.login) as HTMLElement;
    expect(footer.textContent).toContain('Comercial: comercial@negociavarejo.example');
    expect(
      within(footer).getByRole('link', { name: 'comercial@negociavarejo.example' }).getAttribute('href'),
    ).toBe('mailto:comercial@negociavarejo.example');
  });

  it('links the four social networks in a new tab, saying so, without handing over the opener', () => {
    const footer = renderFooter(paths.login) as HTMLElement;
    const social = within(footer).getByRole('region', { name: 'Redes sociais' });
    const expected = [
      ['Instagram (abre em nova aba)', 'https://www.instagram.com/negociavarejo'],
      ['Facebook (abre em nova aba)', 'https://www.facebook.com/negociavarejo'],
      ['LinkedIn (abre em nova aba)', 'https://www.linkedin.com/company/negociavarejo'],
      ['YouTube (abre em nova aba)', 'https://www.youtube.com/@negociavarejo'],
    ] as const;
    const links = within(social).getAllByRole('link');
    expect(links).toHaveLength(expected.length);
    expected.forEach(([name, href], index) => {
      expect(within(social).getByRole('link', { name })).toBe(links[index]);
      expect(links[index]?.getAttribute('href')).toBe(href);
    });
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it("offers the home anchors, 'Verificar boleto ou PIX', the privacy notice and the terms of use while signed out", () => {
    const footer = renderFooter(paths.login) as HTMLElement;
    expect(navigationLinks(footer)).toEqual([
      ['Início', '/#inicio'],
      ['Parceiros', '/#parceiros'],
      ['Benefícios', '/#beneficios'],
      ['Como funciona', '/#como-funciona'],
      ['Depoimentos', '/#depoimentos'],
      ['Verificar boleto ou PIX', paths.verificar],
      ['Aviso de Privacidade', paths.politicaGeral],
      ['Termos de Uso', paths.termosGerais],
    ]);
  });

  it('offers "Minha conta", "Verificar boleto ou PIX", the privacy notice and the terms of use, and no anchors, while signed in', () => {
    const footer = renderFooter(paths.minhaConta, MARIA) as HTMLElement;
    expect(navigationLinks(footer)).toEqual([
      ['Minha conta', paths.minhaConta],
      ['Verificar boleto ou PIX', paths.verificar],
      ['Aviso de Privacidade', paths.politicaGeral],
      ['Termos de Uso', paths.termosGerais],
    ]);
  });
});
