import { type Stack, startStack } from '@portal/test-kit/harness';
import { isBusinessDay, paymentDateOptions, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Roberto, as the simulator seeds him: Moda Aurora (1003) dates his contract's proposals, asked without
// a day, on a national holiday or a weekend day of the payment window (docs/upstream-api.md).
const ROBERTO = { cpfCnpj: '627.418.309-40', senha: 'Acordo@2026' };
const CONTRACT = { codcredor: '1003', contrato: '5130927746' };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('proposals the upstream dates on a day without banking', () => {
  it('reach the browser dated on the first day they can be paid, priced for that day', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(ROBERTO);
    const offers = await trpc.negotiation.offers.query({ ...CONTRACT, propostas: true, dividas: false });
    const [upfront] = offers.proposals;
    if (!upfront) throw new Error('Roberto has an upfront proposal at Moda Aurora');
    const first = paymentDateOptions({ today: todayInBrazil(), maxDueDate: upfront.dataMaxVencimento })[0];
    expect(upfront.vencimento).toBe(first);
    expect(isBusinessDay(upfront.vencimento)).toBe(true);

    // The same offer asked for that day: same id, same price, so the payment modal has nothing to revalue.
    const again = await trpc.negotiation.offers.query({
      ...CONTRACT,
      vencimento: upfront.vencimento,
      propostas: true,
      dividas: false,
    });
    expect(again.proposals[0]).toEqual(upfront);

    // And it can be agreed as shown.
    const summary = await trpc.negotiation.saveSummary.mutate({
      ...CONTRACT,
      formaPagamento: 'boleto',
      retorno: '/negociacao?credor=1003&contrato=5130927746',
      selecao: { modo: '1', idProposta: upfront.id },
    });
    expect(summary.detalhes).toMatchObject({
      vencimento: upfront.vencimento,
      totalCents: upfront.valorPagoCents,
    });
  });
});
