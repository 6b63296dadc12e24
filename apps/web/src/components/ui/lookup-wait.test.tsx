import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { NEGOTIATION_URL, offers } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { Offers } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { formatWait, SLOW_LOOKUP_MS, SLOW_LOOKUP_TEXT } from './lookup-wait';

const PROPOSALS_URL = NEGOTIATION_URL.replace(paths.negociacao, paths.propostas);

beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
  // The wait's clock: the page's requests and the user's events keep real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The offers' requests the page made, with the signal each was sent with. */
function offersRequests(fetchMock: ReturnType<typeof installFakeBff>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([resource]) => String(resource).includes('negotiation.offers'))
    .map(([, init]) => init?.signal ?? null);
}

/** Moves the wait's clock on (its one-second ticks included). */
const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

describe('a lookup the upstream takes minutes to answer', () => {
  it.each([
    ['/negociacao', NEGOTIATION_URL],
    ['/propostas', PROPOSALS_URL],
  ])(
    'on %s says once it is still going, shows the time waited, and leaves for Minha conta',
    async (_, url) => {
      const fake = installFakeBff({ 'negotiation.offers': () => new Promise<Offers>(() => {}) });
      const { router } = renderApp(url, { session: MARIA });
      const dialog = await screen.findByRole('dialog', { name: 'Buscando dados...' });
      const regions = within(dialog).getAllByRole('status');
      const still = regions[1] as HTMLElement;
      // A quick answer would show the spinner alone: nothing more for the first seconds.
      await wait(SLOW_LOOKUP_MS - 1000);
      expect(still.textContent).toBe('');
      expect(still.getAttribute('aria-live')).toBe('polite');
      expect(within(dialog).queryByRole('button')).toBeNull();

      await wait(1000);
      expect(still.textContent).toBe(SLOW_LOOKUP_TEXT);
      expect(within(dialog).getByText('Tempo de espera: 5 s')).toBeTruthy();
      await wait(61_000);
      expect(within(dialog).getByText('Tempo de espera: 1 min 6 s')).toBeTruthy();
      // The time moves on outside the live regions, which keep their one sentence each.
      expect(within(dialog).getAllByRole('status')).toEqual(regions);
      expect(regions.map((r) => r.textContent)).toEqual(['Buscando dados...', SLOW_LOOKUP_TEXT]);

      const [signal] = offersRequests(fake.fetchMock);
      expect(signal?.aborted).toBe(false);
      await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Voltar para minha conta' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
      // The browser stopped waiting for the answer.
      await waitFor(() => expect(signal?.aborted).toBe(true));
    },
  );

  it("still ends with the BFF's timeout message when nobody leaves", async () => {
    const answer = deferred<Offers>();
    installFakeBff({
      'negotiation.offers': async () => {
        await answer.promise;
        throw new FakeTrpcError('GATEWAY_TIMEOUT', 'Erro de timeout');
      },
    });
    renderApp(NEGOTIATION_URL, { session: MARIA });
    const dialog = await screen.findByRole('dialog', { name: 'Buscando dados...' });
    await wait(SLOW_LOOKUP_MS);
    expect(within(dialog).getByText(SLOW_LOOKUP_TEXT)).toBeTruthy();
    answer.resolve(offers());
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Erro de timeout');
    expect(screen.queryByRole('dialog', { name: 'Buscando dados...' })).toBeNull();
  });

  it('shows nothing more when the answer comes within the first seconds', async () => {
    installFakeBff({ 'negotiation.offers': () => offers() });
    renderApp(NEGOTIATION_URL, { session: MARIA });
    expect(await screen.findByRole('heading', { name: 'À vista' })).toBeTruthy();
    await wait(SLOW_LOOKUP_MS * 2);
    expect(screen.queryByText(SLOW_LOOKUP_TEXT)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('formatWait', () => {
  it('reads seconds, then minutes and seconds', () => {
    expect(formatWait(0)).toBe('0 s');
    expect(formatWait(59_999)).toBe('59 s');
    expect(formatWait(60_000)).toBe('1 min 0 s');
    expect(formatWait(195_000)).toBe('3 min 15 s');
  });
});
