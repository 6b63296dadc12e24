import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 'Cabe no meu bolso?' through the procedures: the budget lives in the session only.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const BUDGET = {
  renda: 280_000,
  despesas: {
    moradia: 90_000,
    alimentacao: 60_000,
    transporte: 20_000,
    saude: 10_000,
    educacao: 0,
    contas: 10_000,
  },
  outrasParcelas: 20_000,
};

async function maria() {
  const client = stack.client();
  await client.trpc.auth.signIn.mutate(PERSONA.maria);
  return client;
}

describe('the budget', () => {
  it('says what is free each month, keeping the mínimo existencial, and tells the upstream nothing', async () => {
    const { trpc } = await maria();
    expect(await trpc.budget.get.query()).toEqual({
      orcamento: null,
      livreCents: null,
      minimoExistencialCents: 60_000,
    });
    const calls = new Map(stack.stub.calls);
    const proxy = stack.stub.state.proxyRequests.length;
    // R$ 2.800,00 less R$ 200,00 of instalments and R$ 1.900,00 of essentials
    expect(await trpc.budget.save.mutate(BUDGET)).toMatchObject({ orcamento: BUDGET, livreCents: 70_000 });
    expect(await trpc.budget.get.query()).toMatchObject({ livreCents: 70_000 });
    expect(new Map(stack.stub.calls)).toEqual(calls);
    expect(stack.stub.state.proxyRequests.length).toBe(proxy);
    // essentials declared below the mínimo existencial count as the mínimo
    const low = {
      ...BUDGET,
      despesas: { ...BUDGET.despesas, moradia: 0, alimentacao: 0, transporte: 0, contas: 0, saude: 0 },
    };
    expect((await trpc.budget.save.mutate(low)).livreCents).toBe(280_000 - 20_000 - 60_000);
    expect(await trpc.budget.clear.mutate()).toMatchObject({ orcamento: null, livreCents: null });
  });

  it("belongs to the session: the person's other sessions do not see it, and it ends with it", async () => {
    const one = await maria();
    const other = await maria();
    await one.trpc.budget.save.mutate(BUDGET);
    expect((await other.trpc.budget.get.query()).orcamento).toBeNull();
    await one.trpc.auth.signOut.mutate();
    const again = await maria();
    expect((await again.trpc.budget.get.query()).orcamento).toBeNull();
  });
});
