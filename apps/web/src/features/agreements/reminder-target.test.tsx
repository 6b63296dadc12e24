import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';
import { takeReturnTo } from '../../lib/navigation/return-to';

const LEMBRETE = 'lembrete_0123456789';
const TAPPED = `${paths.acordos}?lembrete=${LEMBRETE}`;

describe("/acordos?lembrete=ID (a reminder's notification)", () => {
  it('opens the agreement the reminder names, by its usual link, in place of the tapped address', async () => {
    const fake = installFakeBff({
      'reminders.target': () => ({ codcredor: '1', contrato: '5521009' }),
      'agreements.inProgress': () => inProgress(),
    });
    const { router } = renderApp(TAPPED, { session: MARIA });
    await screen.findByRole('list', { name: 'Parcelas do acordo' });
    const { pathname, search } = router.state.location;
    expect(`${pathname}${search}`).toBe(
      agreementsHref({ codcredor: '1', contrato: '5521009', logoUrl: null }),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fake.callsTo('reminders.target').map((c) => c.input)).toEqual([{ lembrete: LEMBRETE }]);
    expect(fake.callsTo('agreements.inProgress').map((c) => c.input)).toEqual([
      { codcredor: '1', contrato: '5521009' },
    ]);
  });

  it("leads to Minha conta when the reminder is not the person's", async () => {
    const fake = installFakeBff({ 'reminders.target': () => null, 'debts.creditors': () => [] });
    const { router } = renderApp(TAPPED, { session: MARIA });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(fake.callsTo('agreements.inProgress')).toHaveLength(0);
  });

  it('leads to Minha conta when the id is not a reminder id', async () => {
    installFakeBff({
      'reminders.target': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Dados inválidos.');
      },
      'debts.creditors': () => [],
    });
    const { router } = renderApp(`${paths.acordos}?lembrete=x`, { session: MARIA });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });

  it('signed out, comes back to the tapped address (its reminder included) after the sign-in', async () => {
    const fake = installFakeBff({ 'auth.session': () => null });
    const { router } = renderApp(TAPPED, { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(takeReturnTo(paths.minhaConta)).toBe(TAPPED);
    expect(fake.callsTo('reminders.target')).toHaveLength(0);
  });
});
