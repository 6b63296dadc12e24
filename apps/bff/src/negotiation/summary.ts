import { randomUUID } from 'node:crypto';
import type { saveSummaryInput } from '@portal/contracts/procedures/negotiation';
import { maskContract } from '@portal/validation/contract';
import { formatBrDate } from '@portal/validation/dates';
import { sumCents } from '@portal/validation/money';
import type { z } from 'zod';
import type { OffersRecord, ProposalView, Summary, SummaryInstalment } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { assertNegotiable, summaryStanding } from './contract-standing';
import {
  type CreditorPorts,
  contractScope,
  creditorBrief,
  creditorOf,
  NEGOTIATION_MESSAGES,
} from './creditors';
import { seenOffers } from './seen-offers';
import { type DebtView, toDebtView } from './views';

/**
 * The summary as the browser gets it: what /resumo shows, the key, and the contract's standing from the
 * instalments it settles (only an open or a prescribed contract gets a summary); how it is sent stays here.
 */
export const summaryView = ({ mandarVencimento: _, ...view }: Summary) => ({
  ...view,
  estado: summaryStanding(view.contratos),
});
type SummaryView = ReturnType<typeof summaryView>;

/** What a summary takes from the offer it is built from. */
type SummaryBody = Pick<Summary, 'tipoAcordo' | 'contratos' | 'detalhes'>;

export const originalKey = (contrato: string, vencimento: string) => `${contrato}|${vencimento}`;

/** The instalment numbers the proposals remembered list, by `originalKey`: debts come without one. */
export function instalmentNumbers(offers: OffersRecord | undefined): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const proposal of Object.values(offers?.proposals ?? {})) {
    for (const p of proposal.prestacoes) numbers[originalKey(p.contrato, p.vencimento)] = p.numero;
  }
  return numbers;
}

const sortForSummary = (a: SummaryInstalment, b: SummaryInstalment) =>
  b.vencimento.localeCompare(a.vencimento) || a.contrato.localeCompare(b.contrato);

function groupByContract(instalments: SummaryInstalment[]): Summary['contratos'] {
  const groups = new Map<string, SummaryInstalment[]>();
  for (const i of [...instalments].sort(sortForSummary)) {
    groups.set(i.contrato, [...(groups.get(i.contrato) ?? []), i]);
  }
  return [...groups].map(([contrato, parcelas]) => ({
    contrato,
    contratoExibido: maskContract(contrato),
    parcelas,
  }));
}

/** `originals`: the instalments' original values when the debts were seen; else the proposal's own values. */
export function proposalSummary(proposal: ProposalView, originals: Record<string, number> = {}): SummaryBody {
  const upfront = proposal.tipo === 'AV';
  return {
    tipoAcordo: proposal.tipo,
    contratos: groupByContract(
      proposal.prestacoes.map((p) => ({
        contrato: p.contrato,
        contratoExibido: maskContract(p.contrato),
        numero: p.numero,
        vencimento: p.vencimento,
        valorCents: originals[originalKey(p.contrato, p.vencimento)] ?? p.valorCents,
        valorPagarCents: p.valorCents,
        futura: p.vencimento > proposal.vencimento,
      })),
    ),
    detalhes: {
      negociacao: upfront ? 'À vista' : 'Parcelado',
      entradaCents: upfront ? null : proposal.entradaCents,
      demaisParcelas:
        upfront || proposal.quantidadeParcelas === 0
          ? null
          : { quantidade: proposal.quantidadeParcelas, valorCents: proposal.parcelaCents },
      vencimento: proposal.vencimento,
      atualizadoCents: proposal.descontoCents > 0 ? proposal.corrigidoCents : null,
      descontoCents: proposal.descontoCents > 0 ? proposal.descontoCents : null,
      totalCents: upfront ? proposal.valorPagoCents : proposal.totalCents,
    },
  };
}

/**
 * Individual instalments paid at once on `vencimento`, at the values the upstream gave for that date;
 * `numeros`: their numbers when a proposal listed them (see instalmentNumbers).
 */
export function instalmentsSummary(
  debts: DebtView[],
  vencimento: string,
  numeros: Record<string, number> = {},
): SummaryBody {
  return {
    tipoAcordo: 'AV',
    contratos: groupByContract(
      debts.map((d) => ({
        contrato: d.contrato,
        contratoExibido: maskContract(d.contrato),
        numero: numeros[originalKey(d.contrato, d.vencimento)] ?? null,
        vencimento: d.vencimento,
        valorCents: d.originalCents,
        valorPagarCents: d.valorCents,
        futura: d.futura,
      })),
    ),
    detalhes: {
      negociacao: null,
      entradaCents: null,
      demaisParcelas: null,
      vencimento,
      atualizadoCents: null,
      descontoCents: null,
      totalCents: sumCents(debts.map((d) => d.valorCents)),
    },
  };
}

/**
 * Keeps the agreement summary in the session, built from what the upstream offered — a proposal the
 * session was shown, or instalments valued again for the chosen date — with a fresh idempotency key.
 */
export async function saveSummary(
  ports: CreditorPorts & Pick<Ports, 'store' | 'keys'>,
  person: Person,
  input: z.output<typeof saveSummaryInput>,
): Promise<SummaryView> {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const method = creditor.pagamento.find((p) => p.tipoPagamento === input.formaPagamento);
  const { selecao } = input;
  if (!method || (selecao.modo === '1' && !method.pagamentoProposta)) {
    throw new Refusal('bad-request', NEGOTIATION_MESSAGES.methodNotOffered);
  }
  await assertNegotiable(ports, person, { codcredor: creditor.agrupador, contrato: input.contrato });
  const { sessions, proxy } = ports;

  let built: SummaryBody;
  let idProposta: string;
  if (selecao.modo === '1') {
    const offers = await seenOffers(ports, person, creditor.agrupador, input.contrato);
    const proposal = offers?.proposals[selecao.idProposta];
    if (!proposal) throw new Refusal('not-found', NEGOTIATION_MESSAGES.proposalGone);
    built = proposalSummary(proposal, offers?.originals);
    idProposta = proposal.id;
  } else {
    const { dividas } = await proxy.call('consultaDivida', {
      ...contractScope(person, creditor.agrupador, input.contrato),
      vencimento: formatBrDate(selecao.vencimento),
    });
    const wanted = new Set(selecao.parcelas);
    const chosen = dividas.map(toDebtView).filter((d) => wanted.has(d.id));
    if (chosen.length !== wanted.size) {
      throw new Refusal('not-found', NEGOTIATION_MESSAGES.instalmentsGone);
    }
    const offers = await seenOffers(ports, person, creditor.agrupador, input.contrato);
    built = instalmentsSummary(chosen, selecao.vencimento, instalmentNumbers(offers));
    idProposta = selecao.parcelas.join(';');
  }

  const summary: Summary = {
    chave: randomUUID(),
    credor: creditorBrief(creditor),
    contrato: input.contrato,
    contratoExibido: maskContract(input.contrato),
    modo: selecao.modo,
    idProposta,
    formaPagamento: input.formaPagamento,
    pagamentoSite: method.pagamentoInterno,
    retorno: input.retorno,
    ...built,
    // Always: the upstream's default date may not be the one the user saw (decision 0005).
    mandarVencimento: true,
  };
  await sessions.write(person, 'summary', summary);
  return summaryView(summary);
}

/** The summary the session keeps, as /resumo shows it; null when there is none (the page goes to /minha-conta). */
export async function currentSummary(
  ports: Pick<Ports, 'sessions'>,
  person: Person,
): Promise<SummaryView | null> {
  const summary = await ports.sessions.read(person, 'summary');
  return summary ? summaryView(summary) : null;
}
