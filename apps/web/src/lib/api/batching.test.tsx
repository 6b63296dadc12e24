import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { NEGOTIATION_URL } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../navigation/paths';

const PROPOSALS_URL = NEGOTIATION_URL.replace(paths.negociacao, paths.propostas);

// A batch is aborted only when every request in it is: a lookup the person may stop ('Cancelar consulta',
// leaving the page) must go alone, or the browser keeps waiting minutes for the upstream's answer.
describe('a lookup that may be stopped', () => {
  it.each([
    [paths.minhaConta, 'debts.creditors'],
    [NEGOTIATION_URL, 'negotiation.offers'],
    [PROPOSALS_URL, 'negotiation.offers'],
    [paths.todasAsDividas, 'debts.all'],
  ])('on %s sends %s alone, never in a batch it could not stop', async (url, path) => {
    const fake = installFakeBff({ [path]: () => new Promise(() => {}) });
    renderApp(url, { session: MARIA });
    await waitFor(() => expect(fake.calls.some((c) => c.path === path)).toBe(true));
    // the page's other queries (the budget, an agreement still processing…) had their chance to join it
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const sent = fake.fetchMock.mock.calls
      .map(([resource]) => new URL(String(resource), 'http://localhost').pathname)
      .filter((pathname) => pathname.replace('/trpc/', '').split(',').includes(path));
    expect(sent.length).toBeGreaterThan(0);
    for (const pathname of sent) expect(pathname).toBe(`/trpc/${path}`);
    // and the page's other queries did go out, batched as ever
    expect(fake.calls.some((c) => c.path !== path && c.batched)).toBe(true);
  });
});
