import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import {
  boleto,
  CARD_PAGE,
  cardAgreement,
  concluded,
  LINHA,
  PIX_CODE,
  pixAgreement,
} from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import type { ConcludedAgreement } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

const SENT = 'Suas informações foram enviadas com sucesso.';

function renderConcluded(data: ConcludedAgreement = concluded()) {
  const fake = installFakeBff({
    'agreements.concluded': () => data,
    'agreements.finish': () => ({ ok: true }),
    'agreements.send': () => ({ ok: true, message: SENT }),
    'debts.creditors': () => [],
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.acordoConcluido, { session: MARIA }) };
}

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Parabéns, acordo concluído com sucesso!' });

/** Opens 'Compartilhar' and returns the delivery modal. */
async function openDelivery(user: ReturnType<typeof userEvent.setup>, name: string) {
  await heading();
  await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
  const dialog = await screen.findByRole('dialog', { name });
  expect(dialog.getAttribute('data-modal')).toBe('modalFormasEnvio');
  return dialog;
}

/** What the wa.me link would send. */
function sharedText(link: HTMLElement): string {
  const url = new URL(link.getAttribute('href') ?? '');
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/');
  return url.searchParams.get('text') ?? '';
}

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the delivery modal ('Selecione a forma de envio do boleto')", () => {
  it('offers download, copy, e-mail, SMS and WhatsApp for a boleto', async () => {
    const { user } = renderConcluded();
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Baixar boleto',
      'Copiar código',
      'Enviar por e-mail',
      'Enviar por SMS',
      'Enviar por WhatsApp (abre em nova aba)',
    ]);

    const whatsapp = within(dialog).getByRole('link', { name: 'Enviar por WhatsApp (abre em nova aba)' });
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
    expect(plain(sharedText(whatsapp))).toBe(
      `Boleto para pagamento\nValor: R$ 541,91\nVencimento: 15/12/2026\nLinha digitável: ${LINHA}`,
    );
  });

  it('shares nothing personal: no name, document, creditor or contract', async () => {
    const { user } = renderConcluded();
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    const text = sharedText(within(dialog).getByRole('link', { name: /WhatsApp/ }));
    for (const personal of ['Maria', '529', 'Ipê', '3051720', '30***720', '000123']) {
      expect(text).not.toContain(personal);
    }
  });

  it('closes on WhatsApp and says the app opened; focus returns to "Compartilhar"', async () => {
    const { user } = renderConcluded();
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    const link = within(dialog).getByRole('link', { name: /WhatsApp/ });
    // jsdom does not navigate; the click is what the page handles.
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'O WhatsApp foi aberto em uma nova aba com o pagamento para enviar.',
      ),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Compartilhar' }));
  });

  it('copies the code from the modal, closes it and marks the page action done', async () => {
    const { user } = renderConcluded();
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    await user.click(within(dialog).getByRole('button', { name: 'Copiar código' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Código copiado.'));
    expect(await navigator.clipboard.readText()).toBe(LINHA);
    expect(screen.queryByRole('dialog')).toBeNull();
    const tile = screen.getByRole('button', { name: 'Copiar código' });
    expect(document.getElementById(tile.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Copiado');
  });

  it("goes from the modal to the e-mail modal and sends, as the page's own action does", async () => {
    const { user, fake } = renderConcluded();
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar por e-mail' }));
    const email = await screen.findByRole('dialog', { name: 'Digite seu e-mail' });
    await user.type(within(email).getByLabelText('E-mail'), 'outra@example.com');
    await user.click(within(email).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SENT));
    expect(fake.callsTo('agreements.send').map((call) => call.input)).toEqual([
      { canal: 'email', destino: 'outra@example.com' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads the boleto from the modal', async () => {
    const { user } = renderConcluded();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    await user.click(within(dialog).getByRole('button', { name: 'Baixar boleto' }));
    expect(saved).toEqual(['/api/boletos/ref-1.pdf 3051720_1.pdf']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('O boleto foi baixado.'));
  });

  it('shares every line of several boletos with their total', async () => {
    const { user } = renderConcluded(
      concluded({
        valorCents: 100_000,
        boletos: [boleto(), boleto({ arquivo: '3051720_2.pdf', linhaDigitavel: '99990.00000 2' })],
      }),
    );
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    expect(within(dialog).queryByRole('button', { name: 'Copiar código' })).toBeNull();
    expect(plain(sharedText(within(dialog).getByRole('link', { name: /WhatsApp/ })))).toBe(
      `Boleto para pagamento\nValor total: R$ 1.000,00\nVencimento: 15/12/2026\nLinha digitável 1: ${LINHA}\nLinha digitável 2: 99990.00000 2`,
    );
  });

  it('shares a PIX Copia e Cola, without SMS', async () => {
    const { user } = renderConcluded(pixAgreement());
    const dialog = await openDelivery(user, 'Selecione a forma de envio do boleto');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Baixar carta do acordo',
      'Copiar PIX Copia e Cola',
      'Enviar por e-mail',
      'Enviar por WhatsApp (abre em nova aba)',
    ]);
    expect(plain(sharedText(within(dialog).getByRole('link', { name: /WhatsApp/ })))).toBe(
      `Pagamento com PIX\nValor: R$ 541,91\nVencimento: 15/12/2026\nPIX Copia e Cola: ${PIX_CODE}`,
    );
  });

  it("shares a card's payment link, titled as the page's card section", async () => {
    const { user } = renderConcluded(cardAgreement());
    const dialog = await openDelivery(user, 'Receba o link de pagamento');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Baixar carta do acordo', 'Enviar por e-mail', 'Enviar por WhatsApp (abre em nova aba)']);
    expect(plain(sharedText(within(dialog).getByRole('link', { name: /WhatsApp/ })))).toBe(
      `Pagamento com cartão de crédito\nValor: R$ 541,91\nVencimento: 15/12/2026\nLink de pagamento: ${CARD_PAGE}`,
    );
  });
});

describe('the agreement letter', () => {
  it.each([
    ['card', cardAgreement],
    ['PIX', pixAgreement],
  ])('is what a %s agreement downloads, under its own name', async (_, agreement) => {
    const { user } = renderConcluded(agreement());
    await heading();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push(`${this.getAttribute('href')} ${this.download}`);
    });
    expect(screen.queryByRole('button', { name: 'Baixar boleto' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Baixar carta do acordo' }));
    expect(saved).toEqual(['/api/cartas/carta-ref-1.pdf 3051720_carta-acordo.pdf']);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('A carta do acordo foi baixada.'),
    );
  });
});
