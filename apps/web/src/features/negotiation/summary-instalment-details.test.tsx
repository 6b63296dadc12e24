import { formatBrDate } from '@portal/validation/iso-date';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { day, summary } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

const lines = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`.replace(/\u00a0/g, ' '));

describe('/resumo: the details of an instalment', () => {
  it('opens from a row of the operations table with the value to pay on the chosen date', async () => {
    const base = summary();
    const [operation] = base.contratos;
    if (!operation) throw new Error('no operation');
    const data = summary({
      contratos: [
        {
          ...operation,
          parcelas: [
            ...operation.parcelas,
            {
              ...(operation.parcelas[0] as (typeof operation.parcelas)[number]),
              numero: null,
              vencimento: day(-95),
            },
          ],
        },
      ],
    });
    installFakeBff({ 'negotiation.summary': () => data, 'debts.creditors': () => [] });
    const user = userEvent.setup();
    renderApp(paths.resumo, { session: MARIA });
    const list = await screen.findByRole('region', { name: 'Parcelas do contrato 30***720' });
    // The table keeps one row per instalment (and its header), each with its own details button.
    expect(within(list).getAllByRole('row')).toHaveLength(4);
    expect(within(list).getByRole('columnheader', { name: 'Detalhes' })).toBeTruthy();

    const open = within(list).getByRole('button', { name: 'Detalhes da parcela 3' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes da parcela' });
    expect(dialog.getAttribute('data-modal')).toBe('modalDetalhesParcela');
    expect(lines(dialog)).toEqual([
      'Contrato: 30***720',
      'Parcela: 3',
      `Vencimento: ${formatBrDate(day(-35))}`,
      'Valor a pagar: R$ 144,01',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);

    // Without a number from the upstream, the row is named by its date and the modal says so.
    await user.click(
      within(list).getByRole('button', { name: `Detalhes da parcela de ${formatBrDate(day(-95))}` }),
    );
    const unnumbered = await screen.findByRole('dialog', { name: 'Detalhes da parcela' });
    expect(lines(unnumbered)).toContain('Parcela: Não informada');
  });
});
