import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorModal } from './error-modal';
import { Modal } from './modal';
import { SpinnerModal } from './spinner-modal';

function Harness({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal
        open={open}
        title="Título"
        description="Descrição"
        onClose={closable ? () => setOpen(false) : undefined}
        actions={
          <>
            <button type="button">Primeiro</button>
            <button type="button" onClick={() => setOpen(false)}>
              Último
            </button>
          </>
        }
      />
    </>
  );
}

async function openHarness(closable = true) {
  const user = userEvent.setup();
  render(<Harness closable={closable} />);
  const opener = screen.getByRole('button', { name: 'Abrir' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Título' }) };
}

describe('Modal', () => {
  it('is a labelled, described modal dialog rendered at the end of <body>', async () => {
    const { dialog } = await openHarness();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { description: 'Descrição' })).toBe(dialog);
    expect(dialog.closest('body > .modal-overlay')).toBeTruthy();
  });

  it('moves focus inside, cycles Tab and Shift+Tab, and gives focus back when closed', async () => {
    const { user, opener } = await openHarness();
    const first = screen.getByRole('button', { name: 'Primeiro' });
    const last = screen.getByRole('button', { name: 'Último' });
    expect(document.activeElement).toBe(first);

    await user.tab();
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    await user.click(last);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Escape and a click on the backdrop when closable', async () => {
    const { user, dialog, opener } = await openHarness();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(opener);
    const overlay = screen.getByRole('dialog').parentElement as HTMLElement;
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialog.isConnected).toBe(false);
  });

  it('ignores Escape and the backdrop when not closable', async () => {
    const { user, dialog } = await openHarness(false);
    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('locks the page scroll and makes the page behind inert while open', async () => {
    const { user, opener } = await openHarness();
    expect(document.body.classList.contains('has-modal')).toBe(true);
    const pageRoot = opener.closest('body > div') as HTMLElement;
    expect(pageRoot.hasAttribute('inert')).toBe(true);

    await user.keyboard('{Escape}');
    expect(document.body.classList.contains('has-modal')).toBe(false);
    expect(pageRoot.hasAttribute('inert')).toBe(false);
  });

  it('renders nothing while closed', () => {
    render(<Modal open={false} title="Fechado" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });
});

describe('SpinnerModal', () => {
  it('is busy, not closable, and says "Carregando..." politely by default', async () => {
    const user = userEvent.setup();
    render(<SpinnerModal open />);
    const dialog = screen.getByRole('dialog', { name: 'Carregando...' });
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Carregando...');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe(dialog);

    await user.keyboard('{Escape}');
    await user.tab();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(document.activeElement).toBe(dialog);
  });
});

describe('ErrorModal', () => {
  it('is an alert dialog with the message, "Tentar novamente" and "Fechar"', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onClose = vi.fn();
    render(<ErrorModal open message="Erro de timeout" onRetry={onRetry} onClose={onClose} />);
    const dialog = screen.getByRole('alertdialog', { description: 'Erro de timeout' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Escape before focus has reached the dialog', () => {
  it('closes the topmost dialog only, as a keyboard user pressing it at once expects', () => {
    const closeUnder = vi.fn();
    const closeTop = vi.fn();
    render(
      <>
        <button type="button">Fora</button>
        <Modal open title="Embaixo" onClose={closeUnder} />
        <Modal open title="Em cima" onClose={closeTop} />
      </>,
    );
    // the key lands outside both dialogs (the page moved focus elsewhere as they opened)
    document.body.focus();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(closeTop).toHaveBeenCalledTimes(1);
    expect(closeUnder).not.toHaveBeenCalled();
  });

  it('leaves a dialog that cannot be closed open', () => {
    render(<Modal open title="Aguarde" />);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(screen.getByRole('dialog', { name: 'Aguarde' })).toBeTruthy();
  });
});
