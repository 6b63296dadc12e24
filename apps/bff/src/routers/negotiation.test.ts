import { failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEGOTIATION_MESSAGES } from '../negotiation/creditors';
import { MESSAGES } from '../trpc/to-trpc-error';

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
    const contracts = await trpc.negotiation.contracts.query({ codcredor: first.codcredor });
    expect(contracts.length).toBeGreaterThan(0);
    for (const c of contracts) {
      expect(c.contratoExibido).toBe(
        c.contrato.length > 6 ? `${c.contrato.slice(0, 2)}***${c.contrato.slice(-3)}` : c.contrato,
      );
      expect(c.destino).toBe('negociacao');
      expect(c.principalCents).toBeGreaterThan(0);
    }
  });

  it('asks the upstream for the creditors again when the session has not listed them', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const contracts = await trpc.negotiation.contracts.query({ codcredor: '1006' });
    expect(contracts.map((c) => [c.contrato, c.destino])).toEqual([['6011452873', 'acordos']]);
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

describe('negotiation.offers', () => {
  it("gives a contract's open instalments in cents, with the creditor's payment types", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const offers = await trpc.negotiation.offers.query({
      codcredor: '1001',
      contrato: '883104',
      propostas: false,
      dividas: true,
    });
    expect(offers.credor).toMatchObject({ codcredor: '1001', nome: 'Lojas Horizonte' });
    expect(offers.proposals).toEqual([]);
    expect(offers.debts.map((d) => [d.id, d.futura])).toEqual([
      ['883104-3', false],
      ['883104-4', false],
      ['883104-5', true],
    ]);
    const [late, , upcoming] = offers.debts;
    expect(late && late.valorCents > late.originalCents).toBe(true);
    expect(upcoming?.valorCents).toBe(upcoming?.originalCents);
    expect(offers.formasPagamento.map((f) => f.tipo)).toContain('boleto');
  });

  it('offers AV and AP proposals that add up, and re-values them for another payment date', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const scope = { codcredor: '1002', contrato: '4587120093', propostas: true, dividas: true };
    const offers = await trpc.negotiation.offers.query(scope);
    expect(offers.sequencial).toBe(true);
    expect(offers.proposals.filter((p) => p.parcelasFuturas === false)[0]?.tipo).toBe('AV');
    for (const p of offers.proposals.filter((x) => x.tipo === 'AP')) {
      expect(p.entradaCents + p.quantidadeParcelas * p.parcelaCents).toBe(p.totalCents);
    }
    const first = offers.proposals[0];
    if (!first) throw new Error('no proposal');
    const later = await trpc.negotiation.offers.query({ ...scope, vencimento: first.dataMaxVencimento });
    expect(later.proposals[0]?.vencimento).toBe(first.dataMaxVencimento);
    expect(later.proposals[0]?.corrigidoCents).toBeGreaterThan(first.corrigidoCents);

    // a summary may be built from either offer the session was shown
    for (const proposal of [first, later.proposals[0]]) {
      const summary = await trpc.negotiation.saveSummary.mutate({
        codcredor: '1002',
        contrato: '4587120093',
        formaPagamento: 'pix',
        retorno: '/negociacao',
        selecao: { modo: '1', idProposta: proposal?.id ?? '' },
      });
      expect(summary.detalhes.totalCents).toBe(proposal?.valorPagoCents);
      expect(summary.detalhes.negociacao).toBe('À vista');
      // the operations list each instalment at its original value (R$ 489,90), not the updated one
      const listed = summary.contratos.flatMap((c) => c.parcelas.map((p) => p.valorCents));
      expect(new Set(listed)).toEqual(new Set(offers.debts.map((d) => d.originalCents)));
    }
    const forged = await failure(
      trpc.negotiation.saveSummary.mutate({
        codcredor: '1002',
        contrato: '4587120093',
        formaPagamento: 'pix',
        retorno: '/negociacao',
        selecao: { modo: '1', idProposta: 'P-4587120093-T-AV-20990101' },
      }),
    );
    expect(forged.message).toBe(NEGOTIATION_MESSAGES.proposalGone);
  });

  it('passes on the refusal of a payment date the upstream does not offer', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const error = await failure(
      trpc.negotiation.offers.query({
        codcredor: '1001',
        contrato: '883104',
        vencimento: '2020-01-02',
        propostas: false,
        dividas: true,
      }),
    );
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Data de vencimento inválida.');
  });
});

describe('negotiation.saveSummary', () => {
  it('keeps a summary of chosen instalments valued again for the chosen date, with a fresh key', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const scope = { codcredor: '1001', contrato: '883104' };
    const { debts } = await trpc.negotiation.offers.query({ ...scope, propostas: false, dividas: true });
    const chosen = debts.filter((d) => !d.futura);
    const vencimento = chosen[0]?.validade ?? '';
    const input = {
      ...scope,
      formaPagamento: 'boleto' as const,
      retorno: '/negociacao?credor=1001&contrato=883104',
      selecao: { modo: '2' as const, parcelas: chosen.map((d) => d.id), vencimento },
    };
    const summary = await trpc.negotiation.saveSummary.mutate(input);
    expect(summary).toMatchObject({ modo: '2', idProposta: '883104-3;883104-4', formaPagamento: 'boleto' });
    expect(summary.detalhes.totalCents).toBe(chosen.reduce((sum, d) => sum + d.valorCents, 0));
    expect(summary.contratos[0]?.parcelas.map((p) => p.vencimento)).toEqual(
      chosen
        .map((d) => d.vencimento)
        .sort()
        .reverse(),
    );
    expect(await trpc.negotiation.summary.query()).toEqual(summary);
    expect((await trpc.negotiation.saveSummary.mutate(input)).chave).not.toBe(summary.chave);

    const gone = await failure(
      trpc.negotiation.saveSummary.mutate({
        ...input,
        selecao: { ...input.selecao, parcelas: ['883104-99'] },
      }),
    );
    expect(gone.message).toBe(NEGOTIATION_MESSAGES.instalmentsGone);
    const elsewhere = await failure(
      trpc.negotiation.saveSummary.mutate({ ...input, retorno: 'https://x.example/' }),
    );
    expect(elsewhere.data?.code).toBe('BAD_REQUEST');
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
