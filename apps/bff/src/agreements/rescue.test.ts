import { failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { readBoleto } from '@portal/validation/boleto';
import { addBusinessDays, addDays, businessDaysBetween, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESCUE_MESSAGES } from './standing';

// A missed instalment and what keeps the agreement alive, against the simulator (which has no key on
// moverParcela and alterarVencimento: each request it accepts changes the schedule again). The judge of
// exactly-once is what reached the simulator.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '400' } });
});
afterAll(() => stack.close());

/** Ana's card agreement at Cartão Sol Nascente (10 business days of tolerance, moves and day changes allowed). */
const CARD = { codcredor: '1006', contrato: '6011452873' };

async function anaCopy() {
  const user = stack.stub.state.clonePersona('ana');
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.ana.senha });
  await client.trpc.debts.creditors.query();
  return { ...client, cpfCnpj: user.cpfCnpj };
}
async function stub<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await stack.stub.app.inject({
    method,
    url: path,
    ...(body ? { payload: body as object } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
const late = (cpfCnpj: string, numero: number, dias: number) =>
  stub('POST', '/__stub/agreements/atrasar', { cpfCnpj, contrato: CARD.contrato, numero, dias });
const changesOf = (cpfCnpj: string) =>
  stub<{ metodo: string }[]>('GET', `/__stub/agreements/changes?cpfCnpj=${cpfCnpj}`);
const chave = () => crypto.randomUUID();

describe('a missed instalment', () => {
  it('within the tolerance: says until when to pay and how many business days are left', async () => {
    const ana = await anaCopy();
    await late(ana.cpfCnpj, 4, 3);
    const agreement = await ana.trpc.agreements.inProgress.query(CARD);
    const today = todayInBrazil();
    const vencimento = addDays(today, -3);
    const pagueAte = addBusinessDays(vencimento, 10);
    expect(agreement.regras).toEqual({
      toleranciaDias: 10,
      moverParcelaFim: true,
      alterarDiaVencimento: true,
    });
    expect(agreement.atraso).toEqual({
      numero: 4,
      vencimento,
      pagueAte,
      diasUteisRestantes: businessDaysBetween(addDays(today, -1), pagueAte),
    });
    expect(agreement.cancelado).toBeNull();
    // Minha conta warns of it once the portal knows the agreement (asked to be reminded of it)
    expect(await ana.trpc.agreements.attention.query()).toEqual([]);
    await ana.trpc.reminders.remind.mutate({ ...CARD, canais: ['email'], dias: [3] });
    expect(await ana.trpc.agreements.attention.query()).toEqual([
      expect.objectContaining({ contrato: CARD.contrato, atraso: agreement.atraso, cancelado: null }),
    ]);
    // 'Gerar pagamento': a fresh boleto for the missed instalment, due on the tolerance's last day
    const open = agreement.parcelas.find((p) => p.numero === 4);
    const reissued = await ana.trpc.agreements.reissue.mutate({ ...CARD, parcela: open?.id ?? '' });
    if (reissued.status !== 'concluido') throw new Error('not reissued');
    const line = reissued.acordo.boletos[0]?.linhaDigitavel ?? '';
    expect(readBoleto(line, today)?.dueDate).toBe(pagueAte);
  });

  it('moved to the end: the preview is what the upstream does, sent once whatever the taps', async () => {
    const ana = await anaCopy();
    await late(ana.cpfCnpj, 4, 2);
    const mudanca = { tipo: 'mover' as const, numero: 4 };
    const { parcelas } = await ana.trpc.agreements.schedulePreview.query({ ...CARD, mudanca });
    const key = chave();
    // a double tap: the same key twice at once, then again after
    const [first, second] = await Promise.allSettled([
      ana.trpc.agreements.changeSchedule.mutate({ ...CARD, mudanca, chave: key }),
      ana.trpc.agreements.changeSchedule.mutate({ ...CARD, mudanca, chave: key }),
    ]);
    const again = await ana.trpc.agreements.changeSchedule.mutate({ ...CARD, mudanca, chave: key });
    expect(again.status).toBe('concluido');
    expect([first.status, second.status]).toContain('fulfilled');
    expect((await changesOf(ana.cpfCnpj)).map((c) => c.metodo)).toEqual(['moverParcela']);
    const after = await ana.trpc.agreements.inProgress.query(CARD);
    expect(after.parcelas.map((p) => [p.numero, p.vencimento, p.valorCents])).toEqual(
      parcelas.map((p) => [p.numero, p.vencimento, p.valorCents]),
    );
    // the missed one is now the last, and nothing is overdue any more
    expect(after.parcelas.at(-1)?.vencimento).toBe(parcelas.at(-1)?.vencimento);
    expect(after.atraso).toBeNull();
    // 'Atividade da conta' has one line for it, whatever the taps
    const lines = (await ana.trpc.account.activity.query()).linhas.filter((l) => l.kind === 'parcela-movida');
    expect(lines).toEqual([expect.objectContaining({ credor: 'Cartão Sol Nascente' })]);
  });

  it('a new payment day whose reply is lost: reconciled from the schedule, never sent twice', async () => {
    const ana = await anaCopy();
    const mudanca = { tipo: 'dia' as const, dia: 15 };
    const { parcelas } = await ana.trpc.agreements.schedulePreview.query({ ...CARD, mudanca });
    for (const p of parcelas.filter((i) => !i.pago)) {
      expect(new Date(`${p.vencimento}T12:00:00Z`).getUTCDay()).not.toBe(0);
      expect(new Date(`${p.vencimento}T12:00:00Z`).getUTCDay()).not.toBe(6);
    }
    const key = chave();
    stack.stub.faults.set({ lostReplyRate: 1, proxyMethods: ['alterarVencimento'] });
    const pending = await ana.trpc.agreements.changeSchedule
      .mutate({ ...CARD, mudanca, chave: key })
      .finally(() => stack.stub.faults.reset());
    expect(pending.status).toBe('processando');
    const polled = await ana.trpc.agreements.scheduleChange.query({ chave: key });
    expect(polled.status).toBe('concluido');
    // the reload sends the same key again: answered from the record
    expect((await ana.trpc.agreements.changeSchedule.mutate({ ...CARD, mudanca, chave: key })).status).toBe(
      'concluido',
    );
    expect((await changesOf(ana.cpfCnpj)).map((c) => c.metodo)).toEqual(['alterarVencimento']);
    const after = await ana.trpc.agreements.inProgress.query(CARD);
    expect(after.parcelas.filter((p) => p.status !== 'PAGO').map((p) => p.vencimento)).toEqual(
      parcelas.filter((p) => !p.pago).map((p) => p.vencimento),
    );
    // the key belongs to this change: another one with it is refused, and nothing is sent
    expect(
      await failure(
        ana.trpc.agreements.changeSchedule.mutate({ ...CARD, mudanca: { tipo: 'dia', dia: 5 }, chave: key }),
      ),
    ).toMatchObject({ message: RESCUE_MESSAGES.keyReused });
    expect(await changesOf(ana.cpfCnpj)).toHaveLength(1);
  });

  it("is refused before the upstream where the creditor's rules say no", async () => {
    const ana = await anaCopy();
    // a paid instalment is never moved, nor the last one (nothing to move it after)
    expect(
      await failure(
        ana.trpc.agreements.schedulePreview.query({ ...CARD, mudanca: { tipo: 'mover', numero: 1 } }),
      ),
    ).toMatchObject({ message: RESCUE_MESSAGES.notAllowed });
    expect(
      await failure(
        ana.trpc.agreements.changeSchedule.mutate({
          ...CARD,
          mudanca: { tipo: 'mover', numero: 6 },
          chave: chave(),
        }),
      ),
    ).toMatchObject({ message: RESCUE_MESSAGES.notAllowed });
    expect(await changesOf(ana.cpfCnpj)).toEqual([]);
  });

  it('past the tolerance, the upstream cancels it: what was paid, what remains, and the debt open to a new negotiation', async () => {
    const ana = await anaCopy();
    await late(ana.cpfCnpj, 4, 30);
    const agreement = await ana.trpc.agreements.inProgress.query(CARD);
    expect(agreement.atraso).toBeNull();
    expect(agreement.cancelado).toMatchObject({ pagoCents: 25000 + 21240 + 21240, restanteCents: 3 * 21240 });
    const contracts = await ana.trpc.negotiation.contracts.query({ codcredor: CARD.codcredor });
    const card = contracts.find((c) => c.contrato === CARD.contrato);
    expect(card?.chamarProposta).toBe(true);
    const offers = await ana.trpc.negotiation.offers.query({
      ...CARD,
      propostas: true,
      dividas: card?.chamarDivida ?? false,
    });
    expect(offers.proposals.length).toBeGreaterThan(0);
    expect(
      await failure(
        ana.trpc.agreements.changeSchedule.mutate({
          ...CARD,
          mudanca: { tipo: 'dia', dia: 5 },
          chave: chave(),
        }),
      ),
    ).toMatchObject({ message: RESCUE_MESSAGES.notAllowed });
  });
});

describe("'Estou com dificuldade para pagar'", () => {
  it('asks that creditor, and only it, to contact the person, with the reason chosen', async () => {
    const ana = await anaCopy();
    const { protocolo } = await ana.trpc.agreements.hardship.mutate({ ...CARD, motivo: 'desemprego' });
    const requests = await stub<{ codcredor: string; contrato: string; motivo: string; protocolo: string }[]>(
      'GET',
      `/__stub/contact-requests?cpfCnpj=${ana.cpfCnpj}`,
    );
    expect(requests).toEqual([expect.objectContaining({ ...CARD, motivo: 'desemprego', protocolo })]);
  });
});
