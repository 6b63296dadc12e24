import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import { agreementsHref } from '../../lib/navigation/journey-links';

const LINK = agreementsHref({ codcredor: '1', contrato: '5521009', logoUrl: '/api/logos/ipe.svg' });

/** The modal's lines as 'term: value'. */
const lines = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`.replace(/\u00a0/g, ' '));

describe('/acordos: the details of an instalment', () => {
  it('opens from each row with Contrato, Parcela, Vencimento and Valor a pagar, and closes back to its button', async () => {
    installFakeBff({ 'agreements.inProgress': () => inProgress(), 'debts.creditors': () => [] });
    const user = userEvent.setup();
    renderApp(LINK, { session: MARIA });
    await screen.findByRole('list', { name: 'Parcelas do acordo' });
    expect(screen.getAllByRole('button', { name: /^Ver detalhes da parcela/ })).toHaveLength(3);

    const open = screen.getByRole('button', { name: 'Ver detalhes da parcela 5' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da parcela' });
    expect(dialog.getAttribute('data-modal')).toBe('modalDetalhesParcela');
    expect(lines(dialog)).toEqual([
      'Contrato: 55***009',
      'Parcela: 5',
      'Vencimento: 10/07/2026',
      'Valor a pagar: R$ 1.234,56',
    ]);
    // Keyboard: focus moves inside (the modal's effect, once it has mounted), Escape closes and focus goes
    // back to the row's button.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);

    // A paid instalment has its details too; 'Fechar' closes.
    await user.click(screen.getByRole('button', { name: 'Ver detalhes da parcela 3' }));
    const paid = await screen.findByRole('dialog', { name: 'Detalhes da parcela' });
    expect(lines(paid)).toContain('Parcela: 3');
    await user.click(within(paid).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
