import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';
import { QUESTIONS } from './faq-page';

describe('the pages of Mais opções', () => {
  it('FAQ: every question is a closed native disclosure (keyboard and screen readers for free) that opens', async () => {
    installFakeBff();
    const user = userEvent.setup();
    renderApp(paths.faq, { session: MARIA });
    expect(await screen.findByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeTruthy();
    const summaries = QUESTIONS.map(({ pergunta }) => screen.getByText(pergunta));
    expect(summaries.every((summary) => summary.tagName === 'SUMMARY')).toBe(true);
    const scams = screen.getByText('Como reconhecer um golpe que usa o nome do portal?');
    const details = scams.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(scams);
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('Nunca pedimos a sua senha');
    expect(
      screen.getByText('Quando o meu nome sai dos cadastros de inadimplentes?').closest('details')
        ?.textContent,
    ).toContain('Súmula 548');
  });

  it('FAQ: where the rules are, linking the terms of use and the privacy notice', async () => {
    installFakeBff();
    renderApp(paths.faq, { session: MARIA });
    const rules = (await screen.findByText('Onde estão as regras de uso do portal?')).closest(
      'details',
    ) as HTMLElement;
    expect(within(rules).getByRole('link', { name: 'Termos de Uso' }).getAttribute('href')).toBe(
      paths.termosGerais,
    );
    expect(within(rules).getByRole('link', { name: 'Aviso de Privacidade' }).getAttribute('href')).toBe(
      paths.politica,
    );
  });

  it('Sobre: what the association and the platform are, with the back arrow to Mais opções', async () => {
    installFakeBff();
    renderApp(paths.sobre, { session: MARIA });
    const article = await screen.findByRole('article', { name: 'Sobre' });
    expect(article.textContent).toContain('fortalecer o comércio varejista');
    expect(article.textContent).toContain('birôs de crédito');
    expect(article.textContent).toContain('prática e segura');
    expect(screen.getByRole('link', { name: 'Mais opções' }).getAttribute('href')).toBe(paths.maisOpcoes);
  });

  it('Aviso de Privacidade under Mais opções goes back to Mais opções', async () => {
    installFakeBff();
    renderApp(paths.politica, { session: MARIA });
    const article = await screen.findByRole('article', { name: 'Aviso de Privacidade' });
    expect(within(article).getByText(/5 \(cinco\) anos|cinco anos|5 anos/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mais opções' }).getAttribute('href')).toBe(paths.maisOpcoes);
  });
});
