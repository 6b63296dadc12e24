import type { Contract, Creditor } from '@portal/contracts/upstream/entities';
import { daysBetween, todayInBrazil } from '@portal/validation/dates';
import { parseMoney, sumCents } from '@portal/validation/money';
import { repaymentPlan } from '@portal/validation/repayment-plan';
import { SHARED_MESSAGES } from '../core/messages';
import type { ContractStanding } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { capacityOf } from './budget';
import { offersAllowed, oldestUnpaid, standingWithAgreement, withOldest } from './contract-standing';
import { contractScope, creditorBrief, creditorContracts, listCreditors } from './creditors';
import { payableProposals } from './payable';
import { sameDayDays } from './same-day-days';
import { toContractView, toDebtView } from './views';

export const ALL_DEBTS_MESSAGES = {
  failed: 'Não foi possível consultar este credor agora.',
  slow: 'Este credor não respondeu a tempo.',
} as const;

type AllDebtsPorts = Pick<Ports, 'proxy' | 'sessions' | 'log' | 'config' | 'limiter' | 'store' | 'keys'>;

/**
 * Reading every creditor at once asks the upstream a call per contract: 20 such readings (this page, the
 * same-day offers, the plan) per session in 10 minutes.
 */
export async function takeWideRead(ports: Pick<Ports, 'limiter'>, person: Person) {
  const allowed = await ports.limiter.hit('wide-read', person.id, { max: 20, windowMs: 10 * 60_000 });
  if (!allowed) throw new Refusal('too-many', SHARED_MESSAGES.tooManyAttempts);
}

/** One contract as 'Todas as minhas dívidas' lists it. */
async function contractLine(
  ports: AllDebtsPorts,
  person: Person,
  creditor: Creditor,
  contract: Contract,
  today: string,
) {
  const view = toContractView(contract);
  const { estado: listed, agreement } = await standingWithAgreement(
    ports,
    person,
    creditor.agrupador,
    contract,
  );
  const base = {
    contrato: view.contrato,
    contratoExibido: view.contratoExibido,
    /** what /negociacao asks the creditor for this contract, as a creditor card's link says */
    chamarProposta: view.chamarProposta,
    chamarDivida: view.chamarDivida,
    /** where its creditor card's link leads: /acordos for an agreement the upstream knows */
    destino: view.destino,
  };
  if (!offersAllowed(listed)) {
    // in an agreement: what remains of it (its unpaid instalments); else the contract's principal
    const remaining = agreement?.parcelasAcordo
      .filter((p) => p.status !== 'PAGO')
      .map((p) => parseMoney(p.valorPago));
    return {
      ...base,
      estado: listed,
      devidoCents: listed.tipo === 'em-acordo' && remaining ? sumCents(remaining) : view.principalCents,
      diasAtraso: null,
      melhorAVista: null,
      menorParcela: null,
      vencimentoMax: null,
    };
  }
  const scope = contractScope(person, creditor.agrupador, view.contrato);
  const [proposals, debts] = await Promise.all([
    view.chamarProposta ? payableProposals(ports, scope, today) : [],
    view.chamarDivida || !view.chamarProposta
      ? ports.proxy.call('consultaDivida', scope).then((d) => d.dividas.map(toDebtView))
      : [],
  ]);
  const oldest = oldestUnpaid(debts.filter((d) => d.vencimento < today));
  const upfront = proposals.filter((p) => p.tipo === 'AV').sort((a, b) => a.totalCents - b.totalCents)[0];
  const plan = proposals.filter((p) => p.tipo === 'AP').sort((a, b) => a.parcelaCents - b.parcelaCents)[0];
  return {
    ...base,
    estado: withOldest(listed, oldest),
    devidoCents: debts.length > 0 ? debts.reduce((sum, d) => sum + d.valorCents, 0) : view.principalCents,
    /** the latest day its offers may be paid: what 'Tudo no mesmo dia' may ask of its creditor */
    vencimentoMax:
      proposals
        .map((p) => p.dataMaxVencimento)
        .sort()
        .at(-1) ?? null,
    diasAtraso: oldest ? daysBetween(oldest, today) : null,
    melhorAVista: upfront
      ? {
          id: upfront.id,
          totalCents: upfront.totalCents,
          descontoPercentual: upfront.descontoPercentual,
          /** what it settles: the overdue instalments only, or every one (the upcoming too) */
          cobre: upfront.parcelasFuturas ? ('todas' as const) : ('atrasadas' as const),
        }
      : null,
    menorParcela: plan
      ? {
          id: plan.id,
          quantidadeParcelas: plan.quantidadeParcelas,
          parcelaCents: plan.parcelaCents,
          entradaCents: plan.entradaCents,
        }
      : null,
  };
}

/** A line the total owed leaves apart, and says so: a prescribed or a disputed debt. */
const apart = (l: { estado: ContractStanding }) =>
  l.estado.tipo === 'prescrita' || l.estado.tipo === 'em-disputa';

/** A line the budget plan and the offers' total count: an open one (not prescribed, disputed or agreed). */
export const countedLine = (l: { estado: ContractStanding }) => l.estado.tipo === 'aberta';

type ContractLine = Awaited<ReturnType<typeof contractLine>>;

/** Rejects after `ms` unless the work is done. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('slow')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * 'Todas as minhas dívidas': every contract of every creditor, read together. For each: what is owed, how
 * long overdue, the best upfront offer and the lowest instalment, whether it is in an agreement, prescribed
 * or disputed (then offered nothing). A creditor that fails or does not answer in time
 * (ALL_DEBTS_CREDITOR_WAIT_MS) is named with why;
 * the others still show. The totals add what is owed and the best upfront offers of what is offered.
 */
export async function allDebts(ports: AllDebtsPorts, person: Person) {
  await takeWideRead(ports, person);
  const today = todayInBrazil();
  const creditors = await listCreditors(ports, person);
  const credores = await Promise.all(
    creditors.map(async (creditor) => {
      const credor = creditorBrief(creditor);
      try {
        const contratos = await within(
          creditorContracts(ports, person, creditor).then((list) =>
            Promise.all(list.map((c) => contractLine(ports, person, creditor, c, today))),
          ),
          ports.config.ALL_DEBTS_CREDITOR_WAIT_MS,
        );
        return {
          credor,
          sequencial: creditor.parcelasIndividuaisSequenciais,
          situacao: 'ok' as const,
          mensagem: null,
          contratos,
        };
      } catch (err) {
        const slow = (err as Error).message === 'slow';
        ports.log.warn({ codcredor: creditor.agrupador, slow }, 'all debts: a creditor was left out');
        return {
          credor,
          sequencial: creditor.parcelasIndividuaisSequenciais,
          situacao: 'falhou' as const,
          mensagem: slow ? ALL_DEBTS_MESSAGES.slow : ALL_DEBTS_MESSAGES.failed,
          contratos: [] as ContractLine[],
        };
      }
    }),
  );
  const lines = credores.flatMap((c) => c.contratos);
  const offered = lines.filter(countedLine);
  // With a budget: whether what is free each month pays what is owed within 60 months (CDC art. 104-A);
  // a prescribed or disputed debt, or one already in an agreement, is not in it
  const budget = await ports.sessions.read(person, 'budget');
  const livreCents = budget ? capacityOf(ports.config, budget) : null;
  const plan =
    livreCents === null
      ? null
      : repaymentPlan(
          offered.map((l) => ({ id: l.contrato, cents: l.devidoCents })),
          livreCents,
        );
  return {
    credores,
    /** the days 'Tudo no mesmo dia' offers, each with the creditors that take none of its contracts then */
    mesmoDia: sameDayDays(
      today,
      credores.map((c) => ({
        nome: c.credor.nome,
        vencimentosMax: c.contratos.flatMap((l) =>
          l.vencimentoMax && offersAllowed(l.estado) ? [l.vencimentoMax] : [],
        ),
      })),
    ),
    plano: plan && {
      livreCents,
      meses: plan.months,
      cobre: plan.covers,
      mensalCents: Math.max(0, ...plan.monthlyCents),
    },
    totais: {
      contratos: lines.length,
      // what is owed on the open contracts and what remains of the agreements; prescribed and disputed apart
      devidoCents: sumCents(lines.filter((l) => !apart(l)).map((l) => l.devidoCents)),
      foraCents: sumCents(lines.filter(apart).map((l) => l.devidoCents)),
      melhorAVistaCents: offered.reduce((sum, l) => sum + (l.melhorAVista?.totalCents ?? 0), 0),
    },
  };
}
