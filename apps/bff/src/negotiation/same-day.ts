import { randomUUID } from 'node:crypto';
import type { sameDayReviewInput } from '@portal/contracts/procedures/budget';
import type { Contract, Creditor } from '@portal/contracts/upstream/entities';
import { maskContract } from '@portal/validation/contract';
import { formatBrDate, instalmentDates, monthlyOnDay, todayInBrazil } from '@portal/validation/dates';
import type { z } from 'zod';
import type { ContractStanding, Payment, ProposalView, SameDayCart, Summary } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { takeWideRead } from './all-debts';
import {
  assertNegotiable,
  contractStandingFor,
  offersAllowed,
  oldestUnpaid,
  withOldest,
} from './contract-standing';
import {
  contractScope,
  creditorBrief,
  creditorContracts,
  creditorOf,
  listCreditors,
  NEGOTIATION_MESSAGES,
} from './creditors';
import { payableProposals } from './payable';
import { proposalSummary, summaryView } from './summary';

export const SAME_DAY_MESSAGES = {
  outsideWindow: 'Este credor não aceita pagamento nesta data. Escolha outro dia ou negocie separadamente.',
  failed: 'Não foi possível consultar este credor agora.',
  offersGone: 'As ofertas desta data não estão mais disponíveis. Escolha o dia novamente.',
  onePerContract: 'Escolha uma oferta por contrato.',
  noMethod: 'Este credor não emite boleto nem PIX para acordos aqui. Negocie este contrato separadamente.',
} as const;

/** Where a 'Tudo no mesmo dia' summary goes back to: the page it was built on. */
const SAME_DAY_RETURN = '/minha-conta/todas-as-dividas';

/** The ways a creditor takes a proposal's agreement that a review may ask for: its own boleto or PIX. */
export const sameDayMethods = (creditor: Pick<Creditor, 'pagamento'>) =>
  creditor.pagamento
    .filter((p) => p.pagamentoProposta)
    .map((p) => p.tipoPagamento)
    .filter((m): m is 'boleto' | 'pix' => m === 'boleto' || m === 'pix');

const offerKey = (codcredor: string, contrato: string) => `${codcredor}|${contrato}`;

type SameDayPorts = Pick<Ports, 'proxy' | 'sessions' | 'log' | 'config' | 'limiter' | 'store' | 'keys'>;

/** An offer of the day with its payments: every date and amount, null when the creditor does not say them. */
type DayOffer = ProposalView & { pagamentos: Payment[] | null; noDia: boolean };

/**
 * An offer's payments as its creditor dates them (`regrasAcordo.vencimentoParcelas`, ours): the first on the
 * day, each later one by the creditor's schedule; none known for a plan whose creditor does not say. `noDia`:
 * every one falls on the day of the month chosen (or the business day after it), as the page promises.
 */
function dayOffer(
  proposal: ProposalView,
  creditor: Pick<Creditor, 'regrasAcordo'>,
  today: string,
  dia: number,
): DayOffer {
  const more = proposal.tipo === 'AP' ? proposal.quantidadeParcelas : 0;
  const schedule = creditor.regrasAcordo?.vencimentoParcelas;
  const datas =
    more === 0
      ? [proposal.vencimento]
      : schedule
        ? instalmentDates(proposal.vencimento, more, schedule, dia)
        : null;
  const promised = monthlyOnDay(today, dia, more + 1);
  const first = proposal.tipo === 'AV' ? proposal.valorPagoCents : proposal.entradaCents;
  return {
    ...proposal,
    pagamentos:
      datas?.map((vencimento, i) => ({ vencimento, valorCents: i === 0 ? first : proposal.parcelaCents })) ??
      null,
    noDia: datas?.every((d, i) => d === promised[i]) ?? false,
  };
}

/** A contract of the day with no offer to pick, and why (null: offers follow). */
const withoutOffers = (contrato: string, estado: ContractStanding, mensagem: string | null) => ({
  contrato,
  contratoExibido: maskContract(contrato),
  estado,
  propostas: [] as DayOffer[],
  mensagem,
});

/** One contract's offers valued for the day, or why there are none. */
async function contractOffers(
  ports: SameDayPorts,
  person: Person,
  creditor: Creditor,
  { contract, estado: listed }: { contract: Contract; estado: ContractStanding },
  { day, dia, today }: { day: string; dia: number; today: string },
) {
  const contrato = contract.numcontrato;
  const scope = { ...contractScope(person, creditor.agrupador, contrato), vencimento: formatBrDate(day) };
  try {
    const proposals = await payableProposals(ports, scope, today, day);
    // only what is paid on that very day: an offer the upstream moved to another day is not this one
    const onDay = proposals.filter((p) => p.vencimento === day);
    if (onDay.length === 0) return withoutOffers(contrato, listed, SAME_DAY_MESSAGES.outsideWindow);
    // the oldest instalment its offers settle: a prescribed debt is labelled, none of its offers picked for one
    const oldest = oldestUnpaid([], onDay);
    const estado = withOldest(listed, oldest);
    return {
      ...withoutOffers(contrato, estado, null),
      propostas: onDay.map((p) => dayOffer(p, creditor, today, dia)),
    };
  } catch {
    return withoutOffers(contrato, listed, SAME_DAY_MESSAGES.outsideWindow);
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
        // the contracts that may be offered anything and take proposals (not in dispute, nor in an agreement)
        const listed = await Promise.all(
          (await creditorContracts(ports, person, creditor))
            .filter((c) => c.permiteproposta)
            .map(async (contract) => ({
              contract,
              estado: await contractStandingFor(ports, person, creditor.agrupador, contract),
            })),
        );
        const contracts = listed.filter((l) => offersAllowed(l.estado));
        const formas = sameDayMethods(creditor);
        // a creditor no review could pay is not asked: its contracts say so
        const contratos = await Promise.all(
          contracts.map(({ contract, estado }) =>
            formas.length > 0
              ? contractOffers(ports, person, creditor, { contract, estado }, { day, dia, today })
              : withoutOffers(contract.numcontrato, estado, SAME_DAY_MESSAGES.noMethod),
          ),
        );
        return { credor, formas, mensagem: null, contratos };
      } catch {
        return { credor, formas: [], mensagem: SAME_DAY_MESSAGES.failed, contratos: [] };
      }
    }),
  );
  // What was offered for that date, so a review is built from it and never from what the browser sends.
  const ofertas: Record<string, Record<string, ProposalView>> = {};
  for (const { credor, contratos } of credores) {
    for (const { contrato, propostas } of contratos) {
      if (propostas.length > 0) {
        ofertas[offerKey(credor.codcredor, contrato)] = Object.fromEntries(propostas.map((p) => [p.id, p]));
      }
    }
  }
  await ports.sessions.write(person, 'sameDay', { vencimento: day, dia, ofertas });
  return { vencimento: day, credores };
}

/** The review as the browser gets it: each agreement's summary and key; how it is sent stays in the BFF. */
const cartView = (cart: SameDayCart) => ({
  vencimento: cart.vencimento,
  itens: cart.itens.map(summaryView),
});

/**
 * 'Revisar acordos': the offers chosen for the day, one per contract, each kept as a summary of its own
 * with a fresh idempotency key — so each agreement is concluded apart (agreements.create with its key),
 * exactly once, and one failing undoes none of the others. Built from the offers the session was shown
 * for that date; an offer or a way to pay it that was not offered is refused, and nothing is kept.
 */
export async function reviewSameDay(
  ports: Pick<Ports, 'proxy' | 'sessions' | 'log' | 'store' | 'keys'>,
  person: Person,
  input: z.output<typeof sameDayReviewInput>,
) {
  const contracts = new Set(input.itens.map((i) => offerKey(i.codcredor, i.contrato)));
  if (contracts.size !== input.itens.length)
    throw new Refusal('bad-request', SAME_DAY_MESSAGES.onePerContract);
  const offered = await ports.sessions.read(person, 'sameDay');
  if (!offered) throw new Refusal('not-found', SAME_DAY_MESSAGES.offersGone);
  const itens = await Promise.all(
    input.itens.map(async (item): Promise<Summary> => {
      const creditor = await creditorOf(ports, person, item.codcredor);
      const method = creditor.pagamento.find((p) => p.tipoPagamento === item.formaPagamento);
      if (!method?.pagamentoProposta) throw new Refusal('bad-request', NEGOTIATION_MESSAGES.methodNotOffered);
      await assertNegotiable(ports, person, { codcredor: creditor.agrupador, contrato: item.contrato });
      const proposal = offered.ofertas[offerKey(creditor.agrupador, item.contrato)]?.[item.idProposta];
      if (!proposal) throw new Refusal('not-found', NEGOTIATION_MESSAGES.proposalGone);
      return {
        chave: randomUUID(),
        credor: creditorBrief(creditor),
        contrato: item.contrato,
        contratoExibido: maskContract(item.contrato),
        modo: '1',
        idProposta: proposal.id,
        formaPagamento: item.formaPagamento,
        pagamentoSite: method.pagamentoInterno,
        retorno: SAME_DAY_RETURN,
        ...proposalSummary(proposal),
        // the offer's payments as the day's offers said them (a record from before them: unknown)
        pagamentos: proposal.pagamentos ?? null,
        diaVencimento: offered.dia,
        // the date the person chose, always sent (decision 0005)
        mandarVencimento: true,
      };
    }),
  );
  const cart: SameDayCart = { vencimento: offered.vencimento, itens };
  await ports.sessions.write(person, 'cart', cart);
  return cartView(cart);
}

/** The review kept in the session (a reload of its page finds it); null when there is none. */
export async function sameDayCart(ports: Pick<Ports, 'sessions'>, person: Person) {
  const cart = await ports.sessions.read(person, 'cart');
  return cart ? cartView(cart) : null;
}

/**
 * The summary an agreement is concluded from, by its key: the one /resumo shows, or one of the
 * 'Tudo no mesmo dia' review's; undefined when the session keeps none with that key.
 */
export async function summaryWithKey(
  ports: Pick<Ports, 'sessions'>,
  person: Person,
  chave: string,
): Promise<Summary | undefined> {
  const [summary, cart] = await Promise.all([
    ports.sessions.read(person, 'summary'),
    ports.sessions.read(person, 'cart'),
  ]);
  if (summary?.chave === chave) return summary;
  return cart?.itens.find((item) => item.chave === chave);
}
