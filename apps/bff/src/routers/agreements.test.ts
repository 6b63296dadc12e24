import { contractWithAgreement, failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { pdfTexts } from '@portal/test-kit/pdf-text';
import { addBusinessDays, addDays, formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { formatMoney } from '@portal/validation/money';
import { readPix } from '@portal/validation/pix';
import type { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_MESSAGES } from '../agreements/settlement';
import { AGREEMENT_MESSAGES } from '../agreements/types';
import { createMemoryStore } from '../store/memory-store';
import { type SessionStore, StoreUnavailableError } from '../store/store';
import { MESSAGES } from '../trpc/to-trpc-error';
import type { AppRouter } from './app-router';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '400' } });
});
afterAll(() => stack.close());

interface LedgerEntry {
  codigoAcordo: string;
  nossonumero: string;
  contrato: string;
}
const ledgerOf = async (cpfCnpj: string): Promise<LedgerEntry[]> =>
  (
    await fetch(`${stack.stubUrl}/__stub/agreements?cpfCnpj=${encodeURIComponent(cpfCnpj)}`)
  ).json() as Promise<LedgerEntry[]>;
/** The gerarBoleto messages that reached the simulator for a document, with the agreement each made. */
const messagesOf = async (cpfCnpj: string): Promise<{ codigoAcordo: string | null }[]> =>
  (
    await fetch(`${stack.stubUrl}/__stub/agreements/requests?cpfCnpj=${encodeURIComponent(cpfCnpj)}`)
  ).json() as Promise<{ codigoAcordo: string | null }[]>;

type Trpc = ReturnType<Stack['client']>['trpc'];

/** Polls an intent as the summary page does, until it is no longer processing. */
async function untilSettled(trpc: Trpc, chave: string) {
  for (let i = 0; i < 100; i += 1) {
    const state = await trpc.agreements.intent.query({ chave });
    if (state.status !== 'processando') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('still processing after 10 s');
}

/** The summary of the first creditor's first proposal, for a signed-in client. */
async function summaryOf(trpc: Trpc) {
  const [creditor] = await trpc.debts.creditors.query();
  if (!creditor) throw new Error('no creditor');
  const contract = (await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor })).find(
    (c) => c.destino === 'negociacao',
  );
  if (!contract) throw new Error('no contract');
  const offers = await trpc.negotiation.offers.query({
    codcredor: creditor.codcredor,
    contrato: contract.contrato,
    propostas: contract.chamarProposta,
    dividas: contract.chamarDivida,
  });
  const [proposal] = offers.proposals;
  if (!proposal) throw new Error('no proposal');
  return trpc.negotiation.saveSummary.mutate({
    codcredor: creditor.codcredor,
    contrato: contract.contrato,
    formaPagamento: 'boleto',
    retorno: '/negociacao',
    selecao: { modo: '1', idProposta: proposal.id },
  });
}

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

/** A fresh copy of Maria signed in on a stack of the test's own. */
async function signedInMaria(on: Stack) {
  const user = on.stub.state.clonePersona('maria');
  const client = on.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
  return { user, client };
}

/** A fresh copy of Maria, signed in, with the summary of her first contract's upfront (AV) proposal. */
async function upfrontSummary(formaPagamento: 'boleto' | 'pix' = 'boleto') {
  const user = stack.stub.state.clonePersona('maria');
  const found = await offersFor({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
  const upfront = found.offers.proposals.find((p) => p.tipo === 'AV');
  if (!upfront) throw new Error('no AV proposal');
  const summary = await found.summarize(upfront.id, formaPagamento);
  return { ...found, user, summary, chave: summary.chave };
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
  it('sends gerarBoleto once for 50 creations at once: the others get 409 while it is in flight, or its result', async () => {
    const { user, trpc, summary } = await upfrontSummary();
    const contact = { chave: summary.chave, email: 'maria.silva@example.com', telefone: '(11) 91234-5678' };
    // 50 at once while the upstream is slow: one sends; the others are told it is in flight (409), or
    // get its result once it is done.
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
    // Polled, and asked again once it is done, the same key answers the first result.
    expect(await trpc.agreements.intent.query({ chave: summary.chave })).toEqual(first);
    expect(await trpc.agreements.create.mutate(contact)).toEqual(first);
    // Counted at the simulator: one message, one agreement.
    expect(await messagesOf(user.cpfCnpj)).toHaveLength(1);
    const ledger = await ledgerOf(user.cpfCnpj);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.nossonumero).toBe(first.acordo.nossonumero);
    expect(first.acordo.boletos[0]?.linhaDigitavel).toMatch(
      /^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/,
    );
    // a hybrid boleto: the same charge as a PIX code, with its QR image
    const boleto = first.acordo.boletos[0];
    const pix = readPix(boleto?.pixCopiaECola ?? '');
    expect(pix?.crc).toBe(pix?.expectedCrc);
    expect(pix?.amountCents).toBe(Number(boleto?.linhaDigitavel.replace(/\D/g, '').slice(-10)));
    expect(boleto?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await trpc.agreements.concluded.query()).toEqual(first.acordo);
    expect(await trpc.negotiation.summary.query()).toBeNull();

    // The same key with other delivery contacts: refused, nothing sent, the first result intact.
    const other = await failure(trpc.agreements.create.mutate({ ...contact, email: 'outro@example.com' }));
    expect(other.data?.httpStatus).toBe(422);
    expect(other.message).toBe(AGREEMENT_MESSAGES.keyReused);
    expect(await messagesOf(user.cpfCnpj)).toHaveLength(1);
    expect(await trpc.agreements.create.mutate(contact)).toEqual(first);
  });

  it('a lost reply leaves the intent processing; past the deadline it is found made upstream, never sent again', async () => {
    const { user, trpc, creditor, contract, chave } = await upfrontSummary('pix');
    stack.stub.faults.set({ lostReplyRate: 1, proxyMethods: ['gerarBoleto'] });
    const pending = await trpc.agreements.create.mutate({ chave }).finally(() => stack.stub.faults.reset());
    expect(pending).toEqual({ status: 'processando' });
    // Before the upstream's deadline nothing is concluded, and a repeat sends nothing.
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'processando' });
    expect((await failure(trpc.agreements.create.mutate({ chave }))).data?.httpStatus).toBe(409);
    // The reload finds it too: the summary stays until the intent is settled.
    expect((await trpc.negotiation.summary.query())?.chave).toBe(chave);
    // The same person on another device finds it processing too, by creditor and contract.
    const elsewhere = stack.client();
    await elsewhere.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
    expect(await elsewhere.trpc.agreements.pending.query()).toEqual({
      credor: expect.objectContaining({ codcredor: creditor.codcredor }),
      contratoExibido: contract.contratoExibido,
    });
    const other = stack.client();
    await other.trpc.auth.signIn.mutate(PERSONA.joao);
    expect(await other.trpc.agreements.pending.query()).toBeNull();
    const settled = await untilSettled(trpc, chave);
    expect(settled).toMatchObject({ status: 'registrado', contrato: contract.contrato });
    expect(await elsewhere.trpc.agreements.pending.query()).toBeNull();
    expect(await trpc.agreements.create.mutate({ chave })).toEqual(settled);
    expect(await trpc.negotiation.summary.query()).toBeNull();
    const messages = await messagesOf(user.cpfCnpj);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.codigoAcordo).toBe((await ledgerOf(user.cpfCnpj))[0]?.codigoAcordo);
    expect(await ledgerOf(user.cpfCnpj)).toHaveLength(1);
  });

  it('an upstream that never answered is proven to have made nothing past the deadline; only then is it sent again', async () => {
    const { user, trpc, chave } = await upfrontSummary();
    stack.stub.faults.set({ proxySilent: true, proxyMethods: ['gerarBoleto'] });
    const pending = await trpc.agreements.create.mutate({ chave });
    expect(pending).toEqual({ status: 'processando' });
    stack.stub.faults.reset();
    expect(await untilSettled(trpc, chave)).toEqual({ status: 'nenhum' });
    expect(await messagesOf(user.cpfCnpj)).toHaveLength(1);
    const again = await trpc.agreements.create.mutate({ chave });
    expect(again.status).toBe('concluido');
    const messages = await messagesOf(user.cpfCnpj);
    expect(messages.map((m) => m.codigoAcordo === null)).toEqual([true, false]);
    expect(await ledgerOf(user.cpfCnpj)).toHaveLength(1);
  });

  it('a refusal from the upstream frees the key at once: it made nothing', async () => {
    const { user, trpc, chave } = await upfrontSummary();
    stack.stub.faults.set({ errorRate: 1, proxyMethods: ['gerarBoleto'] });
    await failure(trpc.agreements.create.mutate({ chave })).finally(() => stack.stub.faults.reset());
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'nenhum' });
    expect((await trpc.agreements.create.mutate({ chave })).status).toBe('concluido');
    expect(await ledgerOf(user.cpfCnpj)).toHaveLength(1);
  });

  it("refuses another person's key, on the poll and on the creation", async () => {
    const { trpc, chave } = await upfrontSummary();
    const mine = await trpc.agreements.create.mutate({ chave });
    expect(mine.status).toBe('concluido');
    const other = stack.client();
    await other.trpc.auth.signIn.mutate(PERSONA.joao);
    for (const refused of [
      await failure(other.trpc.agreements.intent.query({ chave })),
      await failure(other.trpc.agreements.create.mutate({ chave })),
    ]) {
      expect(refused.data?.httpStatus).toBe(412);
      expect(refused.message).toBe(AGREEMENT_MESSAGES.noSummary);
    }
  });

  it('a store failure after the upstream made it leaves the intent processing, then reconciled: one message', async () => {
    const memory = createMemoryStore();
    let failIntentWrites = false;
    // the blip fails the write of the outcome, once the upstream made the agreement
    const blinking: SessionStore = {
      ...memory,
      set: (key, value, ttlMs) =>
        failIntentWrites && key.startsWith('agreement-intent:') && (value as { result?: unknown }).result
          ? Promise.reject(new StoreUnavailableError('blip'))
          : memory.set(key, value, ttlMs),
    };
    const own = await startStack({ env: { PROXY_TIMEOUT_MS: '400' }, deps: { store: blinking } });
    try {
      const { user, client } = await signedInMaria(own);
      const { chave } = await summaryOf(client.trpc);
      failIntentWrites = true;
      expect(await client.trpc.agreements.create.mutate({ chave })).toEqual({ status: 'processando' });
      failIntentWrites = false;
      expect((await untilSettled(client.trpc, chave)).status).toBe('registrado');
      expect(own.stub.state.ledger.requests.filter((m) => m.cpfCnpj === user.cpfCnpj)).toHaveLength(1);
      expect(own.stub.state.ledger.agreements.filter((a) => a.cpfCnpj === user.cpfCnpj)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('keeps an intent in flight far past the channel limit, and its outcome at least 24 h', async () => {
    const memory = createMemoryStore();
    const ttls: [string, number][] = [];
    const watched: SessionStore = {
      ...memory,
      claim: (key, value, ttlMs) => {
        if (key.startsWith('agreement-intent:')) ttls.push(['claimed', ttlMs]);
        return memory.claim(key, value, ttlMs);
      },
      set: (key, value, ttlMs) => {
        if (key.startsWith('agreement-intent:'))
          ttls.push([(value as { result?: unknown }).result ? 'settled' : 'sent', ttlMs]);
        return memory.set(key, value, ttlMs);
      },
    };
    const own = await startStack({ deps: { store: watched } });
    try {
      const { client } = await signedInMaria(own);
      const { chave } = await summaryOf(client.trpc);
      expect((await client.trpc.agreements.create.mutate({ chave })).status).toBe('concluido');
      expect(ttls.map(([state]) => state)).toEqual(['claimed', 'sent', 'settled']);
      const DAY = 24 * 60 * 60 * 1000;
      for (const [, ttl] of ttls) expect(ttl).toBeGreaterThanOrEqual(DAY);
      expect(own.config.PROXY_TIMEOUT_MS).toBe(195_000);
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

  it('shows a payment the simulator confirmed, with its day and the deadline to lift the negative record', async () => {
    const { trpc, user, summary } = await upfrontSummary('pix');
    const made = await trpc.agreements.create.mutate({ chave: summary.chave });
    if (made.status !== 'concluido') throw new Error('not concluded');
    const found = await contractWithAgreement(trpc);
    expect((await trpc.agreements.inProgress.query(found)).baixa).toBeNull();

    const pay = await fetch(`${stack.stubUrl}/__stub/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: user.cpfCnpj, contrato: found.contrato, parcela: 1, metodo: 'pix' }),
    });
    expect(pay.status).toBe(200);
    const today = todayInBrazil();
    const agreement = await trpc.agreements.inProgress.query(found);
    expect(agreement.parcelas[0]).toMatchObject({ status: 'PAGO', pagoEm: today });
    expect(agreement.baixa).toEqual({
      confirmadoEm: today,
      prazo: addBusinessDays(today, 5),
      diasUteisRestantes: 5,
      situacao: 'no-prazo',
      reclamacao: null,
    });
  });

  it('says the deadline has passed while the creditor still reports the record, with the data for a complaint', async () => {
    const { trpc, user, summary } = await upfrontSummary('pix');
    await trpc.agreements.create.mutate({ chave: summary.chave });
    const found = await contractWithAgreement(trpc);
    const post = (path: string, body: unknown) =>
      fetch(`${stack.stubUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const paidOn = addDays(todayInBrazil(), -15);
    await post('/__stub/payments', {
      cpfCnpj: user.cpfCnpj,
      contrato: found.contrato,
      parcela: 1,
      metodo: 'pix',
      pagoEm: `${paidOn}T15:00:00Z`,
    });
    expect((await trpc.agreements.inProgress.query(found)).baixa?.situacao).toBe('baixada');
    await post('/__stub/negative-records/keep', { cpfCnpj: user.cpfCnpj, contrato: found.contrato });
    const { baixa } = await trpc.agreements.inProgress.query(found);
    expect(baixa).toMatchObject({ confirmadoEm: paidOn, situacao: 'atrasada', diasUteisRestantes: 0 });
    expect(baixa?.reclamacao).toContain(`Contrato: ${found.contrato}`);
  });

  it('issues a declaration of settlement once every instalment is paid, which its owner downloads and anyone can check', async () => {
    const { client, trpc, user, summary } = await upfrontSummary('pix');
    await trpc.agreements.create.mutate({ chave: summary.chave });
    const found = await contractWithAgreement(trpc);
    const refused = await failure(trpc.agreements.settlementDeclaration.mutate(found));
    expect(refused.message).toBe(SETTLEMENT_MESSAGES.notSettled);

    await fetch(`${stack.stubUrl}/__stub/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: user.cpfCnpj, contrato: found.contrato, parcela: 1, metodo: 'pix' }),
    });
    const agreement = await trpc.agreements.inProgress.query(found);
    expect(agreement.quitado).toBe(true);
    const declaration = await trpc.agreements.settlementDeclaration.mutate(found);
    expect(declaration.codigo).toMatch(/^QT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // the same code at every download
    expect((await trpc.agreements.settlementDeclaration.mutate(found)).codigo).toBe(declaration.codigo);

    const own = await fetch(`${stack.url}${declaration.pdfUrl}`, {
      headers: { cookie: client.cookieHeader() },
    });
    expect(own.status).toBe(200);
    const text = (await pdfTexts(new Uint8Array(await own.arrayBuffer()))).join('\n');
    const paid = agreement.parcelas[0];
    for (const expected of [
      'Declaração de quitação',
      agreement.credor.nome,
      found.contrato,
      agreement.codigoAcordo,
      formatBrDate(todayInBrazil()),
      formatMoney(paid?.valorCents ?? -1),
      declaration.codigo,
    ])
      expect(text, expected).toContain(expected);
    const other = stack.client();
    await other.trpc.auth.signIn.mutate(PERSONA.maria);
    expect(
      (await fetch(`${stack.url}${declaration.pdfUrl}`, { headers: { cookie: other.cookieHeader() } }))
        .status,
    ).toBe(404);

    // anyone, signed out, typing the code as they read it
    const anyone = stack.client();
    const typed = declaration.codigo.toLowerCase().replaceAll('-', ' ');
    const checked = await anyone.trpc.verification.check.mutate({ codigo: typed });
    expect(checked).toMatchObject({ tipo: 'declaracao', veredito: 'confere', credor: agreement.credor.nome });
    expect(checked.campos).toEqual(
      expect.arrayContaining([
        { campo: 'Contrato', valor: found.contrato, situacao: 'info' },
        { campo: 'Número do acordo', valor: agreement.codigoAcordo, situacao: 'info' },
      ]),
    );
    const forged = await anyone.trpc.verification.check.mutate({ codigo: 'QT-0000-0000-0000' });
    expect(forged).toMatchObject({ tipo: 'declaracao', veredito: 'invalido' });
  });

  it("answers 'Erro de timeout' for Paulo's silent channel", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.paulo);
    const error = await failure(trpc.negotiation.contracts.query({ codcredor: '1001' }));
    expect(error.message).toBe(MESSAGES.timeout);
  });
});
