import type { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_MESSAGES } from '../agreements/types';
import { createMemoryStore } from '../session/memory-store';
import { contractWithAgreement, failure, PERSONA, type Stack, startStack } from '../testing/harness';
import type { AppRouter } from '../trpc/app-router';
import { MESSAGES } from '../trpc/to-trpc-error';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '400' } });
});
afterAll(() => stack.close());

interface LedgerEntry {
  chave: string;
  nossonumero: string;
  contrato: string;
}
const ledgerOf = async (cpfCnpj: string): Promise<LedgerEntry[]> =>
  (
    await fetch(`${stack.stubUrl}/__stub/agreements?cpfCnpj=${encodeURIComponent(cpfCnpj)}`)
  ).json() as Promise<LedgerEntry[]>;

/** Signs in, opens the first creditor and the contract given, and returns the client with its offers. */
async function offersFor(persona: { cpfCnpj: string; senha: string }, pick?: (numero: string) => boolean) {
  const client = stack.client();
  const { trpc } = client;
  await trpc.auth.signIn.mutate(persona);
  const creditors = await trpc.debts.creditors.query();
  for (const creditor of creditors) {
    const contracts = await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
    const contract = contracts.find((c) => c.destino === 'negociacao' && (!pick || pick(c.contrato)));
    if (!contract) continue;
    const offers = await trpc.negotiation.offers.query({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      propostas: contract.chamarProposta,
      dividas: contract.chamarDivida,
    });
    /** Keeps the summary of a proposal the session was offered (modo '1'). */
    const summarize = (
      idProposta: string,
      formaPagamento: 'boleto' | 'cartao' | 'pix' = 'boleto',
      retorno = '/negociacao',
    ) =>
      trpc.negotiation.saveSummary.mutate({
        codcredor: creditor.codcredor,
        contrato: contract.contrato,
        formaPagamento,
        retorno,
        selecao: { modo: '1', idProposta },
      });
    return { client, trpc, creditor, contract, offers, summarize };
  }
  throw new Error('no contract to negotiate');
}

describe('negotiation', () => {
  it("lists a creditor's contracts and offers AV and AP proposals with the open instalments", async () => {
    const { offers, contract } = await offersFor(PERSONA.maria);
    expect(contract.contratoExibido.length).toBeLessThanOrEqual(contract.contrato.length);
    expect(offers.proposals.some((p) => p.tipo === 'AV')).toBe(true);
    expect(offers.proposals.some((p) => p.tipo === 'AP')).toBe(true);
    for (const p of offers.proposals) {
      if (p.tipo === 'AP') expect(p.totalCents).toBe(p.entradaCents + p.quantidadeParcelas * p.parcelaCents);
      expect(p.vencimento <= p.dataMaxVencimento).toBe(true);
    }
    expect(offers.debts.length).toBeGreaterThan(0);
    expect(offers.formasPagamento.length).toBeGreaterThan(0);
  });

  it('refuses a creditor the user has no contract with', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const error = await failure(trpc.negotiation.contracts.query({ codcredor: '9999' }));
    expect(error.data?.code).toBe('NOT_FOUND');
  });

  it('builds the summary from the proposal the session was offered, not from numbers the browser sends', async () => {
    const { trpc, creditor, offers, summarize } = await offersFor(PERSONA.maria);
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no AV proposal');
    const summary = await summarize(upfront.id, 'boleto', `/negociacao?credor=${creditor.codcredor}`);
    expect(summary.detalhes.totalCents).toBe(upfront.valorPagoCents);
    expect(summary.detalhes.negociacao).toBe('À vista');
    expect(await trpc.negotiation.summary.query()).toEqual(summary);

    const forged = await failure(summarize('not-offered'));
    expect(forged.data?.code).toBe('NOT_FOUND');
    const foreign = await failure(summarize(upfront.id, 'boleto', 'https://elsewhere.example/'));
    expect(foreign.data?.code).toBe('BAD_REQUEST');
  });
});

describe('agreements', () => {
  it('concludes an agreement exactly once: of 50 at once one creates and those during it get 409; a repeat answers the first result', async () => {
    const { trpc, offers, summarize } = await offersFor(PERSONA.maria);
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no AV proposal');
    const summary = await summarize(upfront.id);
    const before = (await ledgerOf(PERSONA.maria.cpfCnpj)).length;
    const contact = { chave: summary.chave, email: 'maria.silva@example.com', telefone: '(11) 91234-5678' };
    // 50 at once while the upstream is slow: one creates; those arriving while it runs are told so
    // (409) and create nothing; any arriving after it answer its result.
    stack.stub.faults.set({ latencyMs: 100 });
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, () => trpc.agreements.create.mutate(contact)),
    ).finally(() => stack.stub.faults.reset());
    const answered = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const refused = attempts.flatMap((a) =>
      a.status === 'rejected' ? [a.reason as TRPCClientError<AppRouter>] : [],
    );
    const [first] = answered;
    if (first?.status !== 'concluido') throw new Error('not concluded');
    for (const result of answered) expect(result).toEqual(first);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error.data?.httpStatus).toBe(409);
      expect(error.message).toBe(AGREEMENT_MESSAGES.inProgress);
    }
    // Asked again once it is done, the same key answers the first result.
    expect(await trpc.agreements.create.mutate(contact)).toEqual(first);
    const ledger = await ledgerOf(PERSONA.maria.cpfCnpj);
    expect(ledger).toHaveLength(before + 1);
    expect(ledger.at(-1)?.chave).toBe(summary.chave);
    expect(first.acordo.boletos[0]?.linhaDigitavel).toMatch(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    );
    expect(await trpc.agreements.concluded.query()).toEqual(first.acordo);
    expect(await trpc.negotiation.summary.query()).toBeNull();

    // The same key with other delivery contacts: refused, nothing created, the first result intact.
    const other = await failure(trpc.agreements.create.mutate({ ...contact, email: 'outro@example.com' }));
    expect(other.data?.httpStatus).toBe(422);
    expect(other.message).toBe(AGREEMENT_MESSAGES.keyReused);
    expect(await ledgerOf(PERSONA.maria.cpfCnpj)).toHaveLength(before + 1);
    expect(await trpc.agreements.create.mutate(contact)).toEqual(first);
  });

  it('answers an agreement whose reply was lost as pending (409), and the repeat learns it, created once', async () => {
    const user = stack.stub.state.clonePersona('maria');
    const { trpc, offers, summarize } = await offersFor({
      cpfCnpj: user.cpfCnpj,
      senha: PERSONA.maria.senha,
    });
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no AV proposal');
    const { chave } = await summarize(upfront.id, 'pix');
    const before = (await ledgerOf(user.cpfCnpj)).length;
    stack.stub.faults.set({ lostReplyRate: 1 });
    const pending = await failure(trpc.agreements.create.mutate({ chave })).finally(() =>
      stack.stub.faults.reset(),
    );
    expect(pending.data?.httpStatus).toBe(409);
    expect(pending.message).toBe(AGREEMENT_MESSAGES.inProgress);
    // The upstream made it: never reported as failed, and the repeat answers that same agreement.
    const ledger = await ledgerOf(user.cpfCnpj);
    expect(ledger).toHaveLength(before + 1);
    const result = await trpc.agreements.create.mutate({ chave });
    if (result.status !== 'concluido') throw new Error('not concluded');
    expect(result.acordo.nossonumero).toBe(ledger.at(-1)?.nossonumero);
    expect(await ledgerOf(user.cpfCnpj)).toHaveLength(before + 1);
  });

  it('takes over a key whose claim outlived its instance, once the lease runs out', async () => {
    const store = createMemoryStore();
    const own = await startStack({ env: { IDEMPOTENCY_LEASE_MS: '500' }, deps: { store } });
    try {
      const client = own.client();
      const user = own.stub.state.clonePersona('maria');
      await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
      const [creditor] = await client.trpc.debts.creditors.query();
      if (!creditor) throw new Error('no creditor');
      const [contract] = await client.trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
      if (!contract) throw new Error('no contract');
      const offers = await client.trpc.negotiation.offers.query({
        codcredor: creditor.codcredor,
        contrato: contract.contrato,
        propostas: contract.chamarProposta,
        dividas: contract.chamarDivida,
      });
      const [proposal] = offers.proposals;
      if (!proposal) throw new Error('no proposal');
      const { chave } = await client.trpc.negotiation.saveSummary.mutate({
        codcredor: creditor.codcredor,
        contrato: contract.contrato,
        formaPagamento: 'boleto',
        retorno: '/negociacao',
        selecao: { modo: '1', idProposta: proposal.id },
      });
      // Another instance claimed the key and died before it could finish or renew its lease.
      await store.increment(`idem:agreement:${chave}:claim`, 500);
      const held = await failure(client.trpc.agreements.create.mutate({ chave }));
      expect(held.data?.httpStatus).toBe(409);
      await new Promise((r) => setTimeout(r, 600));
      const result = await client.trpc.agreements.create.mutate({ chave });
      expect(result.status).toBe('concluido');
      const ledger = await (await fetch(`${own.stubUrl}/__stub/agreements?cpfCnpj=${user.cpfCnpj}`)).json();
      expect(ledger).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('serves the boleto PDF only to the session that owns the agreement', async () => {
    const { client, trpc, offers, summarize } = await offersFor(PERSONA.maria);
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no AV proposal');
    const { chave } = await summarize(upfront.id);
    const result = await trpc.agreements.create.mutate({ chave, email: 'maria.silva@example.com' });
    if (result.status !== 'concluido') throw new Error('not concluded');
    const pdfUrl = result.acordo.boletos[0]?.pdfUrl ?? '';
    expect(pdfUrl).toMatch(/^\/api\/boletos\/[A-Za-z0-9_-]+\.pdf$/);

    const own = await fetch(`${stack.url}${pdfUrl}`, { headers: { cookie: client.cookieHeader() } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const other = stack.client();
    await other.trpc.auth.signIn.mutate(PERSONA.maria);
    expect((await fetch(`${stack.url}${pdfUrl}`, { headers: { cookie: other.cookieHeader() } })).status).toBe(
      404,
    );
    expect((await fetch(`${stack.url}${pdfUrl}`)).status).toBe(404);
  });

  it('sends the open boleto again to an address the user types, and refuses a bad one', async () => {
    const { trpc, offers, summarize } = await offersFor(PERSONA.maria);
    const proposal = offers.proposals.find((p) => p.tipo === 'AP') ?? offers.proposals[0];
    if (!proposal) throw new Error('no proposal');
    const { chave } = await summarize(proposal.id);
    expect((await trpc.agreements.create.mutate({ chave, email: 'maria.silva@example.com' })).status).toBe(
      'concluido',
    );
    const sent = await trpc.agreements.send.mutate({ canal: 'email', destino: ' Outro.Email@Example.com ' });
    expect(sent.ok).toBe(true);
    const outbox = (await (
      await fetch(`${stack.stubUrl}/__stub/outbox?cpfCnpj=${encodeURIComponent(PERSONA.maria.cpfCnpj)}`)
    ).json()) as { destino: string }[];
    expect(outbox.at(-1)?.destino).toBe('outro.email@example.com');
    const bad = await failure(trpc.agreements.send.mutate({ canal: 'sms', destino: '123' }));
    expect(bad.data?.code).toBe('BAD_REQUEST');
    // an SMS goes to a mobile only
    const landline = await failure(trpc.agreements.send.mutate({ canal: 'sms', destino: '(11) 3333-4444' }));
    expect(landline.message).toContain('Telefone inválido.');
  });

  it('refuses to create without the summary it was built from', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const error = await failure(trpc.agreements.create.mutate({ chave: crypto.randomUUID() }));
    expect(error.data?.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toBe(AGREEMENT_MESSAGES.noSummary);
  });

  it("answers Carlos's failed creation with the error status (/erro-efetivacao)", async () => {
    const { trpc, offers, summarize } = await offersFor(PERSONA.carlos);
    const proposal = offers.proposals[0];
    if (!proposal) throw new Error('no proposal');
    const { chave } = await summarize(proposal.id);
    expect(await trpc.agreements.create.mutate({ chave, email: 'carlos@example.com' })).toEqual({
      status: 'erro',
    });
    expect(await trpc.agreements.concluded.query()).toBeNull();
  });

  it('forgets the summary and the agreement at sign-out', async () => {
    const { trpc, offers, summarize } = await offersFor(PERSONA.maria);
    const proposal = offers.proposals[0];
    if (!proposal) throw new Error('no proposal');
    await summarize(proposal.id, 'pix');
    await trpc.auth.signOut.mutate();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    expect(await trpc.negotiation.summary.query()).toBeNull();
  });

  it("shows Ana's agreement in progress and issues the open instalment's boleto again", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const found = await contractWithAgreement(trpc);
    const agreement = await trpc.agreements.inProgress.query(found);
    expect(new Set(agreement.parcelas.map((p) => p.status))).toEqual(
      new Set(['PAGO', 'EM ABERTO', 'FUTURA']),
    );
    const open = agreement.parcelas.find((p) => p.status === 'EM ABERTO');
    const future = agreement.parcelas.find((p) => p.status === 'FUTURA');
    if (!open || !future) throw new Error('missing statuses');

    const reissued = await trpc.agreements.reissue.mutate({ ...found, parcela: open.id });
    if (reissued.status !== 'concluido') throw new Error('not reissued');
    expect(reissued.acordo.tipo).toBe('reemissao');
    expect(reissued.acordo.boletos).toHaveLength(1);
    expect(await trpc.agreements.concluded.query()).toEqual(reissued.acordo);

    const refused = await failure(trpc.agreements.reissue.mutate({ ...found, parcela: future.id }));
    expect(refused.message).toBe(AGREEMENT_MESSAGES.issueFailed);
  });

  it("answers 'Erro de timeout' for Paulo's silent channel", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.paulo);
    const error = await failure(trpc.negotiation.contracts.query({ codcredor: '1001' }));
    expect(error.message).toBe(MESSAGES.timeout);
  });
});
