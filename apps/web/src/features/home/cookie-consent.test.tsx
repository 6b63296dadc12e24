import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { PARTNERS, renderHome, setConsentCookie } from '../../../test/render-home';
import { paths } from '../../lib/navigation/paths';
import { readConsent } from '../../lib/tracking/consent-cookie';

beforeEach(() => {
  setConsentCookie(null);
  installFakeBff({ 'partners.list': () => PARTNERS });
});

afterEach(() => setConsentCookie(null));

async function consentDialog() {
  return screen.findByRole('dialog', { name: 'Este portal usa cookies' });
}

describe('the cookie consent', () => {
  it('asks on load when the browser holds no choice, and cannot be dismissed without one', async () => {
    const user = userEvent.setup();
    renderHome();
    const dialog = await consentDialog();
    expect(dialog.getAttribute('data-modal')).toBe('modalCookies');
    expect(dialog.textContent).toContain('cookies necessários para manter a sua sessão');

    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Aceitar', 'Recusar', 'Saiba mais']);
    expect(new Set(buttons.map((button) => button.className)).size).toBe(1);
    // No choice pre-selected: the dialog opens on its text.
    expect(document.activeElement?.tagName).toBe('P');

    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('remembers an acceptance, closes and gives the focus to the page heading', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHome();
    await user.click(within(await consentDialog()).getByRole('button', { name: 'Aceitar' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readConsent()).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));

    unmount();
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('remembers a refusal just the same, and does not ask again', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHome();
    await user.click(within(await consentDialog()).getByRole('button', { name: 'Recusar' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readConsent()).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));

    unmount();
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Saiba mais" closes without deciding and opens the privacy notice', async () => {
    const user = userEvent.setup();
    const { router } = renderHome();
    await user.click(within(await consentDialog()).getByRole('button', { name: 'Saiba mais' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.politicaGeral));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readConsent()).toBeNull();
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });

  it('gives the focus to the section of a /#depoimentos address after the choice, not to the top', async () => {
    const user = userEvent.setup();
    renderHome('/#depoimentos');
    await user.click(within(await consentDialog()).getByRole('button', { name: 'Aceitar' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Depoimentos' }));
  });

  it('does not show when a choice was made before', async () => {
    setConsentCookie('false');
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
