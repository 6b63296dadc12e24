import type { Budget } from '@portal/contracts/procedures/budget';
import { monthlyCapacity } from '@portal/validation/budget';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';

type BudgetPorts = Pick<Ports, 'sessions' | 'config'>;

/** What is free each month of a budget, keeping the mínimo existencial. */
export const capacityOf = (config: Ports['config'], budget: Budget) =>
  monthlyCapacity(
    {
      rendaCents: budget.renda,
      despesasCents: Object.values(budget.despesas).reduce((sum, v) => sum + v, 0),
      outrasParcelasCents: budget.outrasParcelas,
    },
    config.MINIMO_EXISTENCIAL_CENTS,
  );

/** The budget as the pages read it: what the person gave, what is free (null without one), the mínimo kept. */
const budgetView = (config: Ports['config'], budget: Budget | undefined) => ({
  orcamento: budget ?? null,
  livreCents: budget ? capacityOf(config, budget) : null,
  minimoExistencialCents: config.MINIMO_EXISTENCIAL_CENTS,
});

/** The session's budget, if the person gave one. */
export async function readBudget(ports: BudgetPorts, person: Person) {
  return budgetView(ports.config, await ports.sessions.read(person, 'budget'));
}

/** Keeps the budget in the session only: never sent upstream, logged or stored; it ends with the session. */
export async function saveBudget(ports: BudgetPorts, person: Person, budget: Budget) {
  await ports.sessions.write(person, 'budget', budget);
  return budgetView(ports.config, budget);
}

/** 'Apagar meu orçamento'. */
export async function clearBudget(ports: BudgetPorts, person: Person) {
  await ports.sessions.clear(person, 'budget');
  return budgetView(ports.config, undefined);
}
