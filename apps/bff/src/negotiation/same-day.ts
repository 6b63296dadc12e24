import type { Creditor } from '@portal/contracts/upstream/entities';
import { formatBrDate, monthlyOnDay, todayInBrazil } from '@portal/validation/dates';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { takeWideRead } from './all-debts';
import { contractScope, creditorBrief, creditorContracts, listCreditors } from './creditors';
import { payableProposals } from './payable';
import { toContractView } from './views';

export const SAME_DAY_MESSAGES = {
  outsideWindow: 'Este credor não aceita pagamento nesta data. Escolha outro dia ou negocie separadamente.',
  failed: 'Não foi possível consultar este credor agora.',
} as const;

type SameDayPorts = Pick<Ports, 'proxy' | 'sessions' | 'log' | 'config' | 'limiter'>;

/** One contract's offers valued for the day, or why there are none. */
async function contractOffers(
  ports: SameDayPorts,
  person: Person,
  creditor: Creditor,
  contrato: string,
  day: string,
  today: string,
) {
  const scope = { ...contractScope(person, creditor.agrupador, contrato), vencimento: formatBrDate(day) };
  try {
    const proposals = await payableProposals(ports, scope, today, day);
    // only what is paid on that very day: an offer the upstream moved to another day is not this one
    const onDay = proposals.filter((p) => p.vencimento === day);
    return onDay.length > 0
      ? { contrato, propostas: onDay, mensagem: null }
      : { contrato, propostas: [], mensagem: SAME_DAY_MESSAGES.outsideWindow };
  } catch {
    return { contrato, propostas: [], mensagem: SAME_DAY_MESSAGES.outsideWindow };
  }
}

/**
 * 'Tudo no mesmo dia': the person picks a day of the month; the first such day after today (moved
 * forward past a weekend or a national holiday) is the payment date, and each contract that can be
 * negotiated is valued again with its creditor for that date (`consultaProposta` with `vencimento`). A
 * creditor that does not take that date (past its window) or fails says so; the others still answer.
 * Each agreement is concluded apart, with its own boletos: one payment across creditors is not possible.
 */
export async function sameDayOffers(ports: SameDayPorts, person: Person, dia: number) {
  await takeWideRead(ports, person);
  const today = todayInBrazil();
  const [day = today] = monthlyOnDay(today, dia, 1);
  const creditors = await listCreditors(ports, person);
  const credores = await Promise.all(
    creditors.map(async (creditor) => {
      const credor = creditorBrief(creditor);
      try {
        const contracts = (await creditorContracts(ports, person, creditor))
          .filter((c) => c.permiteproposta && !c.permiteacordo && c.emDisputa !== true)
          .map((c) => toContractView(c).contrato);
        const contratos = await Promise.all(
          contracts.map((contrato) => contractOffers(ports, person, creditor, contrato, day, today)),
        );
        return { credor, mensagem: null, contratos };
      } catch {
        return { credor, mensagem: SAME_DAY_MESSAGES.failed, contratos: [] };
      }
    }),
  );
  return { vencimento: day, credores };
}
