import { randomUUID } from 'node:crypto';
import type { Creditor, PaymentMethod } from '@portal/contracts/entities';
import { maskContract } from '@portal/validation/contract';
import { formatBrDate } from '@portal/validation/dates';
import { sumCents } from '@portal/validation/money';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../trpc/context';
import { router, sessionProcedure } from '../trpc/init';
import { recordAccess } from './access-record';
import { logoPath } from './debts';
import {
  type ContractView,
  type DebtView,
  type PaymentTypeView,
  type ProposalView,
  toContractView,
  toDebtView,
  toProposalView,
} from './negotiation-views';

export type SignedIn = Context & { session: NonNullable<Context['session']> };

/** How a page names the creditor: code, name and its logo through our own origin. */
export const creditorBrief = (c: Creditor) => ({
  codigo: c.agrupador,
  nome: c.nomcontratante,
  logoUrl: logoPath(c.logomarca),
});

export const NEGOTIATION_MESSAGES = {
  unknownCreditor: 'Credor não encontrado. Volte para Minha Conta e tente novamente.',
  proposalGone: 'Esta proposta não está mais disponível. Escolha a oferta novamente.',
  instalmentsGone: 'As parcelas escolhidas não estão mais disponíveis. Escolha novamente.',
  methodNotOffered: 'Forma de pagamento não disponível para este credor.',
} as const;

export const codcredor = z.string().regex(/^[A-Za-z0-9-]{1,20}$/, 'Credor inválido');
export const contrato = z.string().regex(/^[A-Za-z0-9./-]{1,40}$/, 'Contrato inválido');
const isoDate = z.iso.date('Data inválida');

/** The creditors the session last listed (debts.creditors keeps them), fetched again when missing. */
export async function creditorOf(ctx: SignedIn, code: string): Promise<Creditor> {
  const { sessions, proxy } = ctx.services;
  let list = await sessions.read<Creditor[]>(ctx.session, 'creditors');
  if (!list?.some((c) => c.agrupador === code)) {
    const { cpfCnpj, token } = ctx.session.data;
    list = (await proxy.call('consultaDebito', { cpfcnpj: cpfCnpj, token })).credor;
    await sessions.write(ctx.session, 'creditors', list);
  }
  const creditor = list.find((c) => c.agrupador === code);
  if (!creditor) throw new TRPCError({ code: 'NOT_FOUND', message: NEGOTIATION_MESSAGES.unknownCreditor });
  return creditor;
}

const paymentTypes = (c: Creditor): PaymentTypeView[] =>
  c.pagamento.map((p) => ({
    tipo: p.tipoPagamento,
    pagamentoInterno: p.pagamentoInterno,
    pagamentoProposta: p.pagamentoProposta,
  }));

/** The proposals the session was offered, by id: a summary is built from these, never from the browser's numbers. */
interface OffersRecord {
  codcredor: string;
  contrato: string;
  proposals: Record<string, ProposalView>;
  /** the original value of each instalment seen, by `originalKey`: a proposal lists only updated values */
  originals?: Record<string, number>;
}
const originalKey = (contrato: string, vencimento: string) => `${contrato}|${vencimento}`;
const MAX_REMEMBERED_PROPOSALS = 60;

export interface SummaryInstalment {
  contrato: string;
  contratoExibido: string;
  vencimento: string;
  valorCents: number;
  futura: boolean;
}

/** The spec's `dadosResumo`, kept in the BFF session. */
export interface Summary {
  /** the idempotency key of the agreement this summary may create (one per summary) */
  chave: string;
  credor: { codigo: string; nome: string; logoUrl: string | null };
  contrato: string;
  contratoExibido: string;
  modo: '1' | '2';
  /** proposal id (modo '1') or instalment ids joined by ';' (modo '2') */
  idProposta: string;
  formaPagamento: PaymentMethod;
  /** paid on the portal (boleto, PIX) or on the creditor's site (card) */
  pagamentoSite: boolean;
  tipoAcordo: 'AV' | 'AP';
  /** operations per contract, instalments by due date descending then contract (spec §4) */
  contratos: { numero: string; numeroExibido: string; parcelas: SummaryInstalment[] }[];
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
}

const sortForSummary = (a: SummaryInstalment, b: SummaryInstalment) =>
  b.vencimento.localeCompare(a.vencimento) || a.contrato.localeCompare(b.contrato);

function groupByContract(instalments: SummaryInstalment[]): Summary['contratos'] {
  const groups = new Map<string, SummaryInstalment[]>();
  for (const i of [...instalments].sort(sortForSummary)) {
    groups.set(i.contrato, [...(groups.get(i.contrato) ?? []), i]);
  }
  return [...groups].map(([numero, parcelas]) => ({ numero, numeroExibido: maskContract(numero), parcelas }));
}

const summaryInput = z.object({
  codcredor,
  contrato,
  formaPagamento: z.enum(['boleto', 'cartao', 'pix']),
  /** the page that built the summary, with its query: the summary's back target */
  retorno: z
    .string()
    .max(600)
    .regex(/^\/(negociacao|propostas)(\?[A-Za-z0-9%&=._~+/-]*)?$/, 'Retorno inválido'),
  selecao: z.discriminatedUnion('modo', [
    z.object({ modo: z.literal('1'), idProposta: z.string().min(1).max(100) }),
    z.object({
      modo: z.literal('2'),
      parcelas: z.array(z.string().min(1).max(60)).min(1).max(200),
      vencimento: isoDate,
    }),
  ]),
});

/** `originals`: the instalments' original values when the debts were seen; else the proposal's own values. */
export function proposalSummary(
  proposal: ProposalView,
  originals: Record<string, number> = {},
): Pick<Summary, 'tipoAcordo' | 'contratos' | 'detalhes'> {
  const upfront = proposal.tipo === 'AV';
  return {
    tipoAcordo: proposal.tipo,
    contratos: groupByContract(
      proposal.prestacoes.map((p) => ({
        contrato: p.contrato,
        contratoExibido: maskContract(p.contrato),
        vencimento: p.vencimento,
        valorCents: originals[originalKey(p.contrato, p.vencimento)] ?? p.valorCents,
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

export function instalmentsSummary(
  debts: DebtView[],
  vencimento: string,
): Pick<Summary, 'tipoAcordo' | 'contratos' | 'detalhes'> {
  return {
    tipoAcordo: 'AV',
    contratos: groupByContract(
      debts.map((d) => ({
        contrato: d.contrato,
        contratoExibido: maskContract(d.contrato),
        vencimento: d.vencimento,
        valorCents: d.originalCents,
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

export const negotiationRouter = router({
  /**
   * A creditor's contracts with the user (proxy `consultaContrato`), for the contract-details modal;
   * the first look at a creditor in a session sends its access record (activation channel).
   */
  contracts: sessionProcedure
    .input(z.object({ codcredor }))
    .query(async ({ ctx, input }): Promise<ContractView[]> => {
      const creditor = await creditorOf(ctx, input.codcredor);
      const { cpfCnpj, token } = ctx.session.data;
      const data = await ctx.services.proxy.call('consultaContrato', {
        cpfcnpj: cpfCnpj,
        token,
        codcredor: creditor.agrupador,
        logomarca: creditor.logomarca,
        url: creditor.url,
        parcelasIndividuaisSequenciais: creditor.parcelasIndividuaisSequenciais,
        pagamento: creditor.pagamento,
      });
      recordAccess(ctx, creditor.agrupador);
      return data.contratos.map(toContractView);
    }),

  /**
   * What /negociacao and /propostas show: the contract's proposals and open instalments (valued for
   * `vencimento` when given), fetched together, and the creditor's payment types.
   */
  offers: sessionProcedure
    .input(
      z.object({
        codcredor,
        contrato,
        vencimento: isoDate.optional(),
        propostas: z.boolean(),
        dividas: z.boolean(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const creditor = await creditorOf(ctx, input.codcredor);
      const { cpfCnpj, token } = ctx.session.data;
      const scope = {
        cpfcnpj: cpfCnpj,
        token,
        codcredor: creditor.agrupador,
        contrato: input.contrato,
        ...(input.vencimento ? { vencimento: formatBrDate(input.vencimento) } : {}),
      };
      const { proxy, sessions } = ctx.services;
      const [proposals, debts] = await Promise.all([
        input.propostas
          ? proxy.call('consultaProposta', scope).then((d) => d.propostas.map(toProposalView))
          : [],
        input.dividas ? proxy.call('consultaDivida', scope).then((d) => d.dividas.map(toDebtView)) : [],
      ]);

      const earlier = await sessions.read<OffersRecord>(ctx.session, 'offers');
      const same = earlier?.codcredor === creditor.agrupador && earlier.contrato === input.contrato;
      const remembered = [...(same ? Object.values(earlier.proposals) : []), ...proposals].slice(
        -MAX_REMEMBERED_PROPOSALS,
      );
      await sessions.write(ctx.session, 'offers', {
        codcredor: creditor.agrupador,
        contrato: input.contrato,
        proposals: Object.fromEntries(remembered.map((p) => [p.id, p])),
        originals: {
          ...(same ? earlier.originals : {}),
          ...Object.fromEntries(debts.map((d) => [originalKey(d.contrato, d.vencimento), d.originalCents])),
        },
      } satisfies OffersRecord);

      return {
        credor: creditorBrief(creditor),
        sequencial: creditor.parcelasIndividuaisSequenciais,
        formasPagamento: paymentTypes(creditor),
        proposals,
        debts,
      };
    }),

  /**
   * Keeps the agreement summary in the session (spec `dadosResumo`), built from what the upstream
   * offered — a proposal the session was shown, or instalments valued again for the chosen date —
   * with a fresh idempotency key.
   */
  saveSummary: sessionProcedure.input(summaryInput).mutation(async ({ ctx, input }): Promise<Summary> => {
    const creditor = await creditorOf(ctx, input.codcredor);
    const method = creditor.pagamento.find((p) => p.tipoPagamento === input.formaPagamento);
    const { selecao } = input;
    if (!method || (selecao.modo === '1' && !method.pagamentoProposta)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: NEGOTIATION_MESSAGES.methodNotOffered });
    }
    const { sessions, proxy } = ctx.services;

    let built: Pick<Summary, 'tipoAcordo' | 'contratos' | 'detalhes'>;
    let idProposta: string;
    if (selecao.modo === '1') {
      const offers = await sessions.read<OffersRecord>(ctx.session, 'offers');
      const proposal =
        offers?.codcredor === creditor.agrupador && offers.contrato === input.contrato
          ? offers.proposals[selecao.idProposta]
          : undefined;
      if (!proposal) throw new TRPCError({ code: 'NOT_FOUND', message: NEGOTIATION_MESSAGES.proposalGone });
      built = proposalSummary(proposal, offers?.originals);
      idProposta = proposal.id;
    } else {
      const { cpfCnpj, token } = ctx.session.data;
      const { dividas } = await proxy.call('consultaDivida', {
        cpfcnpj: cpfCnpj,
        token,
        codcredor: creditor.agrupador,
        contrato: input.contrato,
        vencimento: formatBrDate(selecao.vencimento),
      });
      const wanted = new Set(selecao.parcelas);
      const chosen = dividas.map(toDebtView).filter((d) => wanted.has(d.id));
      if (chosen.length !== wanted.size) {
        throw new TRPCError({ code: 'NOT_FOUND', message: NEGOTIATION_MESSAGES.instalmentsGone });
      }
      built = instalmentsSummary(chosen, selecao.vencimento);
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
    };
    await sessions.write(ctx.session, 'summary', summary);
    return summary;
  }),

  /** The summary /resumo shows; null sends the user to /minha-conta (spec). */
  summary: sessionProcedure.query(
    async ({ ctx }): Promise<Summary | null> =>
      (await ctx.services.sessions.read<Summary>(ctx.session, 'summary')) ?? null,
  ),
});
