import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { addDays, formatBrDate, monthlyOnDay, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_DAY_MESSAGES } from './same-day';

// 'Tudo no mesmo dia' against the simulator: each creditor asked again for the one day chosen.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** A day of the month whose next date is `ahead` to `ahead + 9` days from today (days 29–31 skipped). */
function dayAbout(ahead: number): number {
  for (let k = ahead; k < ahead + 10; k += 1) {
    const day = Number(addDays(todayInBrazil(), k).slice(8));
    if (day <= 28) return day;
  }
  throw new Error('no day');
}

async function sandra() {
  const user = stack.stub.state.clonePersona('sandra');
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
  return { trpc: client.trpc, user };
}

describe('every agreement on the same day', () => {
  it('values each contract again with its creditor for that date, and offers only what is paid on it', async () => {
    const { trpc, user } = await sandra();
    const dia = dayAbout(4);
    const [expected] = monthlyOnDay(todayInBrazil(), dia, 1);
    const before = stack.stub.state.proxyRequests.length;
    const answer = await trpc.debts.sameDay.query({ dia });
    expect(answer.vencimento).toBe(expected);
    const contratos = answer.credores.flatMap((c) => c.contratos);
    expect(contratos.length).toBeGreaterThanOrEqual(4);
    const offered = contratos.filter((c) => c.propostas.length > 0);
    expect(offered.length).toBeGreaterThan(0);
    for (const c of offered) for (const p of c.propostas) expect(p.vencimento).toBe(expected);
    // what reached the simulator: each contract's consultaProposta for that date
    const asked = stack.stub.state.proxyRequests
      .slice(before)
      .filter((r) => r.metodo === 'consultaProposta' && r.cpfcnpj === user.cpfCnpj);
    expect(new Set(asked.map((r) => (r as { vencimento?: string }).vencimento))).toContain(
      formatBrDate(expected ?? ''),
    );
  });

  it('says which creditors do not take a date past their window, and answers the rest', async () => {
    const { trpc } = await sandra();
    const answer = await trpc.debts.sameDay.query({ dia: dayAbout(18) });
    const contratos = answer.credores.flatMap((c) => c.contratos);
    expect(contratos.length).toBeGreaterThan(0);
    for (const c of contratos) {
      expect(c.propostas).toEqual([]);
      expect(c.mensagem).toBe(SAME_DAY_MESSAGES.outsideWindow);
    }
  });
});
