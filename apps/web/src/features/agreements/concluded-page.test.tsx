import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import {
  boleto,
  CARD_PAGE,
  cardAgreement,
  concluded,
  LINHA,
  PIX_CODE,
  pixAgreement,
  QR,
} from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import type { ConcludedAgreement } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { BOLETO_SENT, COPY_FAILED, HYBRID_LEAD, PIX_LEAD } from './concluded-page';
import { DOWNLOAD_SPACING_MS } from './use-boleto-downloads';

const SENT = 'Suas informações foram enviadas com sucesso.';

function renderConcluded(
  data: ConcludedAgreement | null = concluded(),
  handlers: FakeHandlers = {},
  path: string = paths.acordoConcluido,
) {
  const fake = installFakeBff({
    'agreements.concluded': () => data,
    'agreements.finish': () => ({ ok: true }),
    'agreements.send': () => ({ ok: true, message: SENT }),
    'debts.creditors': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(path, { session: MARIA }) };
}

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Parabéns, acordo concluído com sucesso!' });

/** The text a control is described by (the status shown under a done action). */
function descriptionOf(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const liveRegion = () => {
  const region = screen.getByRole('status');
  expect(region.getAttribute('aria-live')).toBe('polite');
  return region;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('/acordo-concluido', () => {
  it('sends a user without a concluded agreement to Minha conta', async () => {
    const { router } = renderConcluded(null);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
  });

  it('waits for the agreement behind a spinner, then puts focus on its title', async () => {
    const reply = deferred<ConcludedAgreement>();
    renderConcluded(null, { 'agreements.concluded': () => reply.promise });
    expect(await screen.findByRole('dialog', { name: 'Carregando' })).toBeTruthy();
    reply.resolve(concluded());
    const title = await heading();
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(document.title).toBe('Acordo concluído | Negocia Varejo');
  });

  it('shows a boleto agreement: the creditor, the contract, how much and when, where the boleto went and its line', async () => {
    renderConcluded();
    await heading();
    expect(screen.getByRole('img', { name: 'Ipê Eletro' }).getAttribute('src')).toBe('/api/logos/ipe.svg');
    expect(screen.getByText('Contrato 30***720')).toBeTruthy();
    const due = screen.getByText('Valor a pagar').closest('dl') as HTMLElement;
    expect(due.textContent?.replace(/\u00a0/g, ' ')).toBe('Valor a pagarR$ 541,91Vencimento15/12/2026');
    expect(screen.getByText(BOLETO_SENT)).toBeTruthy();
    expect(screen.getByText(LINHA)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR Code do PIX' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Pagar com cartão/ })).toBeNull();

    const actions = within(screen.getByRole('region', { name: 'Selecione a forma de envio do boleto' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Baixar boleto',
      'Copiar código',
      'Enviar por e-mail',
      'Enviar por SMS',
    ]);
    expect(screen.getByRole('button', { name: 'Ir para Minha Conta' })).toBeTruthy();
  });

  it('lists the line of each boleto and offers no single code to copy when there are several', async () => {
    renderConcluded(
      concluded({
        boletos: [boleto(), boleto({ arquivo: '3051720_2.pdf', linhaDigitavel: '34191.00000 2' })],
      }),
    );
    await heading();
    expect(screen.getByText('Linha digitável do boleto 1').nextElementSibling?.textContent).toBe(LINHA);
    expect(screen.getByText('Linha digitável do boleto 2').nextElementSibling?.textContent).toBe(
      '34191.00000 2',
    );
    expect(screen.queryByRole('button', { name: 'Copiar código' })).toBeNull();
  });

  it('shows a PIX with its QR code and PIX Copia e Cola code, and no SMS', async () => {
    renderConcluded(pixAgreement());
    await heading();
    expect(screen.getByText(PIX_LEAD)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR Code do PIX' }).getAttribute('src')).toBe(QR);
    const code = screen.getByLabelText('PIX Copia e Cola') as HTMLTextAreaElement;
    expect(code.value).toBe(PIX_CODE);
    expect(code.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copiar PIX Copia e Cola' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baixar carta do acordo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar por e-mail' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar por SMS' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copiar código' })).toBeNull();
    expect(screen.queryByText(BOLETO_SENT)).toBeNull();
  });

  it('offers a hybrid boleto both ways: its line and, for the same charge, its PIX code with the QR', async () => {
    const { user } = renderConcluded(
      concluded({ boletos: [boleto({ qrCode: QR, pixCopiaECola: PIX_CODE })] }),
    );
    await heading();
    expect(screen.getByText(BOLETO_SENT)).toBeTruthy();
    expect(screen.getByText(LINHA)).toBeTruthy();
    const pix = screen.getByRole('region', { name: 'Pagamento com PIX' });
    expect(within(pix).getByText(HYBRID_LEAD)).toBeTruthy();
    expect(within(pix).getByRole('img', { name: 'QR Code do PIX' }).getAttribute('src')).toBe(QR);
    expect((within(pix).getByLabelText('PIX Copia e Cola') as HTMLTextAreaElement).value).toBe(PIX_CODE);
    // still a boleto: its file, its line to copy and the SMS are offered
    expect(screen.getByRole('button', { name: 'Baixar boleto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar por SMS' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe(LINHA);
    await user.click(within(pix).getByRole('button', { name: 'Copiar PIX Copia e Cola' }));
    expect(await navigator.clipboard.readText()).toBe(PIX_CODE);
  });

  it("shows a card payment as a link to the creditor's page in a new tab, with no download, copy or SMS", async () => {
    renderConcluded(cardAgreement());
    await heading();
    const pay = screen.getByRole('link', { name: 'Pagar com cartão (abre em nova aba)' });
    expect(pay.getAttribute('href')).toBe(CARD_PAGE);
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText(BOLETO_SENT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Baixar boleto' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Copiar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar por SMS' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar por e-mail' })).toBeTruthy();
  });

  it('downloads each boleto under its own file name, 500 ms apart, then marks the action done', async () => {
    renderConcluded(
      concluded({
        boletos: [
          boleto(),
          boleto({ pdfUrl: '/api/boletos/ref-2.pdf', arquivo: '3051720_2.pdf' }),
          boleto({ pdfUrl: '/api/boletos/ref-3.pdf', arquivo: '3051720_3.pdf' }),
        ],
      }),
    );
    await heading();
    const saved: { href: string | null; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href'), download: this.download, inPage: this.isConnected });
    });
    vi.useFakeTimers();
    const button = screen.getByRole('button', { name: 'Baixar boleto' });

    fireEvent.click(button);
    expect(saved).toEqual([{ href: '/api/boletos/ref-1.pdf', download: '3051720_1.pdf', inPage: true }]);
    act(() => vi.advanceTimersByTime(DOWNLOAD_SPACING_MS - 1));
    expect(saved).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(saved.map((file) => file.download)).toEqual(['3051720_1.pdf', '3051720_2.pdf']);
    expect(descriptionOf(button)).toBeNull();

    // A second click while files are going out does not start them again.
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(DOWNLOAD_SPACING_MS));
    expect(saved.map((file) => file.href)).toEqual([
      '/api/boletos/ref-1.pdf',
      '/api/boletos/ref-2.pdf',
      '/api/boletos/ref-3.pdf',
    ]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(descriptionOf(button)).toBe('Baixado');
    expect(liveRegion().textContent).toBe('Os boletos foram baixados.');
    expect(DOWNLOAD_SPACING_MS).toBe(500);
  });

  it('copies the line of a single boleto and says so', async () => {
    const { user } = renderConcluded();
    await heading();
    const button = screen.getByRole('button', { name: 'Copiar código' });
    expect(descriptionOf(button)).toBeNull();
    await user.click(button);

    await waitFor(() => expect(liveRegion().textContent).toBe('Código copiado.'));
    expect(await navigator.clipboard.readText()).toBe(LINHA);
    expect(descriptionOf(button)).toBe('Copiado');
  });

  it('copies the PIX Copia e Cola code', async () => {
    const { user } = renderConcluded(pixAgreement());
    await heading();
    const button = screen.getByRole('button', { name: 'Copiar PIX Copia e Cola' });
    await user.click(button);

    await waitFor(() => expect(liveRegion().textContent).toBe('PIX Copia e Cola copiado.'));
    expect(await navigator.clipboard.readText()).toBe(PIX_CODE);
    expect(descriptionOf(button)).toBe('Copiado');
  });

  it('says so when the browser refuses to copy, and leaves the action undone', async () => {
    const { user } = renderConcluded();
    await heading();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    const button = screen.getByRole('button', { name: 'Copiar código' });
    await user.click(button);

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(COPY_FAILED);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(descriptionOf(button)).toBeNull();
    expect(liveRegion().textContent).toBe('');
  });

  it('sends the boleto to a typed e-mail, closes the modal and announces it', async () => {
    const { user, fake } = renderConcluded();
    await heading();
    const button = screen.getByRole('button', { name: 'Enviar por e-mail' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Digite seu e-mail' });
    expect(dialog.getAttribute('data-modal')).toBe('modalEnvioEmail');
    const field = within(dialog).getByLabelText('E-mail');
    expect(document.activeElement).toBe(field);
    await user.type(field, ' Maria.Silva@Example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(liveRegion().textContent).toBe(SENT));
    expect(screen.queryByRole('dialog', { name: 'Digite seu e-mail' })).toBeNull();
    expect(fake.callsTo('agreements.send').map((call) => call.input)).toEqual([
      { canal: 'email', destino: 'maria.silva@example.com' },
    ]);
    expect(descriptionOf(button)).toBe('Enviado');
    expect(document.activeElement).toBe(button);
  });

  it('refuses an invalid e-mail and sends nothing', async () => {
    const { user, fake } = renderConcluded();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Digite seu e-mail' });
    const field = within(dialog).getByLabelText('E-mail');
    await user.type(field, 'maria@example');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await within(dialog).findByText('E-mail inválido')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('agreements.send')).toHaveLength(0);
    expect(descriptionOf(screen.getByRole('button', { name: 'Enviar por e-mail', hidden: true }))).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Digite seu e-mail' })).toBeNull();
    expect(fake.callsTo('agreements.send')).toHaveLength(0);
  });

  it("keeps the modal open with the server's message when the send fails", async () => {
    const refused = 'Ocorreu um erro ao solicitar sua requisição.';
    const { user } = renderConcluded(concluded(), {
      'agreements.send': () => {
        throw new FakeTrpcError('BAD_REQUEST', refused);
      },
    });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Digite seu e-mail' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'maria.silva@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(refused);
    expect(screen.getByRole('dialog', { name: 'Digite seu e-mail' })).toBe(dialog);
    expect(descriptionOf(screen.getByRole('button', { name: 'Enviar por e-mail', hidden: true }))).toBeNull();
  });

  it('sends by SMS to the mobile number typed in the mask', async () => {
    const { user, fake } = renderConcluded();
    await heading();
    const button = screen.getByRole('button', { name: 'Enviar por SMS' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Digite seu número' });
    expect(dialog.getAttribute('data-modal')).toBe('modalEnvioSms');
    const field = within(dialog).getByLabelText('Número de celular') as HTMLInputElement;
    await user.type(field, '11912345678');
    expect(field.value).toBe('(11) 91234-5678');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    await waitFor(() => expect(liveRegion().textContent).toBe(SENT));
    expect(fake.callsTo('agreements.send').map((call) => call.input)).toEqual([
      { canal: 'sms', destino: '11912345678' },
    ]);
    expect(descriptionOf(button)).toBe('Enviado');
    expect(descriptionOf(screen.getByRole('button', { name: 'Enviar por e-mail' }))).toBeNull();
  });

  it('masks the number as a mobile and sends no SMS to a landline, nor to an unknown area code', async () => {
    const { user, fake } = renderConcluded();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Enviar por SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Digite seu número' });
    const field = within(dialog).getByLabelText('Número de celular') as HTMLInputElement;
    await user.type(field, '1133334444');
    expect(field.value).toBe('(11) 33334-444');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Número de celular inválido')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '20912345678');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Número de celular inválido')).toBeTruthy();
    expect(fake.callsTo('agreements.send')).toHaveLength(0);
  });

  it('forgets the agreement and goes to Minha conta', async () => {
    const { user, fake, router } = renderConcluded();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Ir para Minha Conta' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(fake.callsTo('agreements.finish')).toHaveLength(1);
  });
});

describe('/reemissao-concluida', () => {
  it('is the same screen, titled by the re-issue', async () => {
    renderConcluded(
      concluded({ tipo: 'reemissao', titulo: 'Pagamento gerado com sucesso!' }),
      {},
      paths.reemissaoConcluida,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento gerado com sucesso!' }),
    ).toBeTruthy();
    expect(screen.getByText('Contrato 30***720')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Baixar boleto' })).toBeTruthy();
    expect(document.title).toBe('Pagamento gerado | Negocia Varejo');
  });

  it('sends a user without an agreement to Minha conta', async () => {
    const { router } = renderConcluded(null, {}, paths.reemissaoConcluida);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });

  it('invites to rate the portal after a new agreement, and says thanks once rated', async () => {
    const { user, fake } = renderConcluded(concluded(), { 'account.rate': () => ({ ok: true }) });
    await heading();
    const invitation = screen.getByRole('region', { name: 'Como foi negociar pelo portal?' });
    await user.click(within(invitation).getByRole('button', { name: 'Avaliar o portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avalie o portal' });
    await user.click(within(dialog).getByRole('radio', { name: '8' }));
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    expect(invitation.textContent).toContain('Obrigado pela sua avaliação!');
    expect(fake.callsTo('account.rate')).toHaveLength(1);
  });

  it('does not invite to rate after a re-issue', async () => {
    renderConcluded(concluded(), {}, paths.reemissaoConcluida);
    await heading();
    expect(screen.queryByRole('region', { name: 'Como foi negociar pelo portal?' })).toBeNull();
  });
});
