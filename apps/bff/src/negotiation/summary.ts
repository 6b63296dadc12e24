import type { PaymentMethod } from '@portal/contracts/upstream/entities';
import { maskContract } from '@portal/validation/contract';
import { sumCents } from '@portal/validation/money';
import type { DebtView, ProposalView } from './views';

/** How a page names the creditor: its code, its name and its logo through our own origin. */
export interface CreditorBrief {
  codcredor: string;
  nome: string;
  logoUrl: string | null;
}

export interface SummaryInstalment {
  contrato: string;
  contratoExibido: string;
  /** the instalment's number on its contract, when the upstream gave it (a proposal lists it) */
  numero: number | null;
  vencimento: string;
  /** the original value */
  valorCents: number;
  /** what it costs on the agreement's date (the upstream's updated value) */
  valorPagarCents: number;
  futura: boolean;
}

/** The agreement summary (the old portal's `dadosResumo`), kept in the BFF session. */
export interface Summary {
  /** the idempotency key of the agreement this summary may create (one per summary) */
  chave: string;
  credor: CreditorBrief;
  contrato: string;
  contratoExibido: string;
  modo: '1' | '2';
  /** proposal id (modo '1') or instalment ids joined by ';' (modo '2') */
  idProposta: string;
  formaPagamento: PaymentMethod;
  /** paid on the portal (boleto, PIX) or on the creditor's site (card) */
  pagamentoSite: boolean;
  tipoAcordo: 'AV' | 'AP';
  /** operations per contract, instalments by due date descending then contract */
  contratos: { contrato: string; contratoExibido: string; parcelas: SummaryInstalment[] }[];
  detalhes: {
    negociacao: string | null;
    entradaCents: number | null;
    demaisParcelas: { quantidade: number; valorCents: number } | null;
    vencimento: string;
    atualizadoCents: number | null;
    descontoCents: number | null;
    totalCents: number;
  };
  /** where the summary's back arrow goes: the page and query that built it */
  retorno: string;
  /**
   * gerarBoleto carries `vencimento` only when this says so. Every
   * summary sets it, so the agreement is made for the date the user saw and never for a default date of
   * the upstream's own (docs/decisions/0005-mandar-vencimento.md).
   */
  mandarVencimento: boolean;
}

/** The summary as the browser gets it: what /resumo shows and the key; how it is sent stays in the BFF. */
export type SummaryView = Omit<Summary, 'mandarVencimento'>;
export const summaryView = ({ mandarVencimento: _, ...view }: Summary): SummaryView => view;

/** What a summary takes from the offer it is built from. */
export type SummaryBody = Pick<Summary, 'tipoAcordo' | 'contratos' | 'detalhes'>;

/** The proposals the session was offered, by id: a summary is built from these, never from the browser's numbers. */
export interface OffersRecord {
  codcredor: string;
  contrato: string;
  proposals: Record<string, ProposalView>;
  /** the original value of each instalment seen, by `originalKey`: a proposal lists only updated values */
  originals?: Record<string, number>;
}

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
