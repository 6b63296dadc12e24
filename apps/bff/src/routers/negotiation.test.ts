import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, PERSONA, type Stack, startStack } from '../testing/harness';
import { MESSAGES } from '../trpc/to-trpc-error';
import { NEGOTIATION_MESSAGES } from './negotiation';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '400' } });
});
afterAll(() => stack.close());

describe('negotiation.contracts', () => {
  it("lists a creditor's contracts, masked for display, with where each leads", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const [first] = await trpc.debts.creditors.query();
    if (!first) throw new Error('Maria has no creditor');
    const contracts = await trpc.negotiation.contracts.query({ codcredor: first.codigo });
    expect(contracts.length).toBeGreaterThan(0);
    for (const c of contracts) {
      expect(c.numeroExibido).toBe(
        c.numero.length > 6 ? `${c.numero.slice(0, 2)}***${c.numero.slice(-3)}` : c.numero,
      );
      expect(c.destino).toBe('negociacao');
      expect(c.principalCents).toBeGreaterThan(0);
    }
  });

  it('asks the upstream for the creditors again when the session has not listed them', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const contracts = await trpc.negotiation.contracts.query({ codcredor: '1006' });
    expect(contracts.map((c) => [c.numero, c.destino])).toEqual([['6011452873', 'acordos']]);
  });

  it('refuses a creditor the user has no contract with', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const error = await failure(trpc.negotiation.contracts.query({ codcredor: '9999' }));
    expect(error.data?.code).toBe('NOT_FOUND');
    expect(error.message).toBe(NEGOTIATION_MESSAGES.unknownCreditor);
  });

  it('refuses a malformed creditor code before asking anyone', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const error = await failure(trpc.negotiation.contracts.query({ codcredor: '../x' }));
    expect(error.data?.code).toBe('BAD_REQUEST');
  });

  it("answers 'Erro de timeout' for Paulo's silent channel", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.paulo);
    const error = await failure(trpc.negotiation.contracts.query({ codcredor: '1001' }));
    expect(error.message).toBe(MESSAGES.timeout);
  });
});

describe('agreements.inProgress', () => {
  it("shows Ana's agreement: paid, one open and the future instalments, in cents and ISO dates", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const agreement = await trpc.agreements.inProgress.query({ codcredor: '1006', contrato: '6011452873' });
    expect(agreement.codigoAcordo).toBe('2025004417');
    expect(agreement.parcelas.map((p) => p.status)).toEqual([
      'PAGO',
      'PAGO',
      'PAGO',
      'EM ABERTO',
      'FUTURA',
      'FUTURA',
    ]);
    expect(agreement.parcelas[3]).toMatchObject({ numero: 4, valorCents: 21240 });
    expect(agreement.parcelas[3]?.vencimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('passes on the upstream message when a contract has no agreement', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const error = await failure(
      trpc.agreements.inProgress.query({ codcredor: '1004', contrato: '51200347' }),
    );
    expect(error.message).toBe('Nenhum acordo em andamento para este contrato.');
  });
});

describe('session slots', () => {
  it('are empty before a negotiation and need a session', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    await trpc.debts.creditors.query();
    expect(await trpc.negotiation.summary.query()).toBeNull();
    expect(await trpc.agreements.concluded.query()).toBeNull();
    await trpc.auth.signOut.mutate();
    expect((await failure(trpc.negotiation.summary.query())).data?.code).toBe('UNAUTHORIZED');
  });
});
