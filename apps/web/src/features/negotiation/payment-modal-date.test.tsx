import { addDays, formatBrDate, isBusinessDay } from '@portal/validation/dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import {
  DATES,
  NEGOTIATION_URL,
  offers,
  PAY_ON,
  proposal,
  summary,
  TODAY,
} from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { Offers } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
});

/** The first day from tomorrow no payment can be made on (a weekend or a holiday): never an option. */
const OFF_DAY = (() => {
  let d = addDays(TODAY, 1);
  while (isBusinessDay(d)) d = addDays(d, 1);
  return d;
})();

const money = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the payment modal, for a proposal dated on a day no payment can be made', () => {
  it.each([
    ['a weekend or holiday', OFF_DAY],
    ['today', TODAY],
  ])('shows the first day offered and values the proposal for it (proposal dated %s)', async (_, own) => {
    expect(DATES).not.toContain(own);
    const again = deferred<Offers>();
    const fake = installFakeBff({
      'negotiation.offers': (input) =>
        (input as { vencimento?: string }).vencimento
          ? again.promise
          : offers({ proposals: [proposal({ id: 'P-AV-OFF', vencimento: own })] }),
      'negotiation.saveSummary': () => summary(),
      'negotiation.summary': () => summary(),
    });
    const user = userEvent.setup();
    const { router } = renderApp(NEGOTIATION_URL, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });

    // At once: the date shown is the first offered, and the proposal is being valued for it.
    const date = within(modal).getByLabelText('Data de pagamento') as HTMLSelectElement;
    expect(date.value).toBe(PAY_ON);
    expect(date.selectedOptions[0]?.textContent).toBe(formatBrDate(PAY_ON));
    expect(
      await within(modal).findByText('Muito bem! Aguarde enquanto buscamos a sua proposta.'),
    ).toBeTruthy();
    expect((within(modal).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // the request leaves with the client's next batch, which a loaded machine may start a little later
    await waitFor(() =>
      expect(fake.callsTo('negotiation.offers').at(-1)?.input).toEqual({
        codcredor: '1002',
        contrato: '4587120093',
        vencimento: PAY_ON,
        propostas: true,
        dividas: false,
      }),
    );

    again.resolve(
      offers({ proposals: [proposal({ id: 'P-AV-1', valorPagoCents: 120_000, vencimento: PAY_ON })] }),
    );
    await waitFor(() =>
      expect(money(within(modal).getByText(/Valor:/).textContent ?? '')).toBe('Valor: R$ 1.200,00'),
    );
    expect(date.value).toBe(PAY_ON);
    const boleto = within(modal).getByRole('radio', { name: 'Boleto' }) as HTMLInputElement;
    await waitFor(() => expect(boleto.disabled).toBe(false));
    await user.click(boleto);
    const go = within(modal).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    expect(go.disabled).toBe(false);
    await user.click(go);

    // The agreement uses the proposal valued for the day shown.
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.resumo));
    expect(fake.callsTo('negotiation.saveSummary')[0]?.input).toMatchObject({
      selecao: { modo: '1', idProposta: 'P-AV-1' },
    });
    expect(
      fake.callsTo('negotiation.offers').filter((c) => (c.input as { vencimento?: string }).vencimento),
    ).toHaveLength(1);
  });

  it('closes with the reason when the proposal cannot be valued for that day', async () => {
    installFakeBff({
      'negotiation.offers': (input) => {
        if ((input as { vencimento?: string }).vencimento) {
          throw new FakeTrpcError('BAD_REQUEST', 'Data de vencimento inválida.');
        }
        return offers({ proposals: [proposal({ vencimento: OFF_DAY })] });
      },
    });
    const user = userEvent.setup();
    renderApp(NEGOTIATION_URL, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Data de vencimento inválida.');
    expect(screen.queryByRole('dialog', { name: 'Como você quer pagar?' })).toBeNull();
  });

  it('asks nothing again when the proposal is dated on a day offered', async () => {
    const fake = installFakeBff({ 'negotiation.offers': () => offers() });
    const user = userEvent.setup();
    renderApp(NEGOTIATION_URL, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });
    expect((within(modal).getByLabelText('Data de pagamento') as HTMLSelectElement).value).toBe(PAY_ON);
    expect(within(modal).queryByText('Muito bem! Aguarde enquanto buscamos a sua proposta.')).toBeNull();
    expect(fake.callsTo('negotiation.offers')).toHaveLength(1);
  });
});
