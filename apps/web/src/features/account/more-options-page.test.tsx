import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

describe('/mais-opcoes', () => {
  it('lists the seven tiles in order, each a link to its page, and the back arrow to Minha conta', async () => {
    installFakeBff();
    renderApp(paths.maisOpcoes, { session: MARIA });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mais opções' })).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Opções da conta' }))
      .getAllByRole('link')
      .map((link) => [link.querySelector('.option-tile-title')?.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Editar perfil', paths.editarPerfil],
      ['Alterar senha', paths.novaSenha],
      ['FAQ', paths.faq],
      ['Sobre', paths.sobre],
      ['Notificações', paths.notificacoes],
      ['Aviso de Privacidade', paths.politica],
      ['Atividade da conta', paths.atividade],
    ]);
    const back = screen
      .getAllByRole('link', { name: 'Minha conta' })
      .find((link) => link.matches('.page-back'));
    expect(back?.getAttribute('href')).toBe(paths.minhaConta);
  });

  it('opens the rating from its tile and thanks the user after sending it', async () => {
    const fake = installFakeBff({ 'account.rate': () => ({ ok: true }) });
    const user = userEvent.setup();
    renderApp(paths.maisOpcoes, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: /Avaliar o portal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Avalie o portal' });
    await user.click(within(dialog).getByRole('radio', { name: '9' }));
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(await screen.findByRole('dialog', { name: 'Obrigado pela sua avaliação!' })).toBeTruthy();
    expect(fake.callsTo('account.rate').map((call) => call.input)).toEqual([{ nota: 9, comentario: '' }]);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.getByRole('button', { name: /Avaliar o portal/ }).textContent).toContain('Obrigado!');
  });
});
