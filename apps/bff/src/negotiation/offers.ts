import { randomUUID } from 'node:crypto';
import type { offersInput, saveSummaryInput } from '@portal/contracts/procedures/negotiation';
import { maskContract } from '@portal/validation/contract';
import { formatBrDate } from '@portal/validation/dates';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { recordAccess } from '../tracking/access-record';
import type { SignedIn } from '../trpc/context';
import {
  contractScope,
  creditorBrief,
  creditorContracts,
  creditorOf,
  NEGOTIATION_MESSAGES,
  paymentTypes,
} from './creditors';
import {
  instalmentNumbers,
  instalmentsSummary,
  type OffersRecord,
  originalKey,
  proposalSummary,
  type Summary,
  type SummaryBody,
  type SummaryView,
  summaryView,
} from './summary';
import { type ContractView, toContractView, toDebtView, toProposalView } from './views';

const MAX_REMEMBERED_PROPOSALS = 60;

/**
 * A creditor's contracts with the user (proxy `consultaContrato`); the first look at a creditor in a
 * session sends its access record.
 */
export async function contractsOf(ctx: SignedIn, codcredor: string): Promise<ContractView[]> {
  const creditor = await creditorOf(ctx, codcredor);
  const contratos = await creditorContracts(ctx, creditor);
  recordAccess(ctx, creditor.agrupador);
  return contratos.map(toContractView);
}

/**
 * What /negociacao and /propostas show: the contract's proposals and open instalments (valued for
 * `vencimento` when given), fetched together, and the creditor's payment types. The proposals and the
 * instalments' original values are remembered: a summary is built from them.
 */
export async function offersFor(ctx: SignedIn, input: z.output<typeof offersInput>) {
  const creditor = await creditorOf(ctx, input.codcredor);
  const scope = {
    ...contractScope(ctx, creditor.agrupador, input.contrato),
    ...(input.vencimento ? { vencimento: formatBrDate(input.vencimento) } : {}),
  };
  const { proxy, sessions } = ctx.services;
  const [proposals, debts] = await Promise.all([
    input.propostas ? proxy.call('consultaProposta', scope).then((d) => d.propostas.map(toProposalView)) : [],
    input.dividas ? proxy.call('consultaDivida', scope).then((d) => d.dividas.map(toDebtView)) : [],
  ]);

  const earlier = await sessions.read(ctx.session, 'offers');
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
}

/**
 * Keeps the agreement summary in the session, built from what the upstream offered — a proposal the
 * session was shown, or instalments valued again for the chosen date — with a fresh idempotency key.
 */
export async function saveSummary(
  ctx: SignedIn,
  input: z.output<typeof saveSummaryInput>,
): Promise<SummaryView> {
  const creditor = await creditorOf(ctx, input.codcredor);
  const method = creditor.pagamento.find((p) => p.tipoPagamento === input.formaPagamento);
  const { selecao } = input;
  if (!method || (selecao.modo === '1' && !method.pagamentoProposta)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: NEGOTIATION_MESSAGES.methodNotOffered });
  }
  const { sessions, proxy } = ctx.services;

  let built: SummaryBody;
  let idProposta: string;
  if (selecao.modo === '1') {
    const offers = await sessions.read(ctx.session, 'offers');
    const proposal =
      offers?.codcredor === creditor.agrupador && offers.contrato === input.contrato
        ? offers.proposals[selecao.idProposta]
        : undefined;
    if (!proposal) throw new TRPCError({ code: 'NOT_FOUND', message: NEGOTIATION_MESSAGES.proposalGone });
    built = proposalSummary(proposal, offers?.originals);
    idProposta = proposal.id;
  } else {
    const { dividas } = await proxy.call('consultaDivida', {
      ...contractScope(ctx, creditor.agrupador, input.contrato),
      vencimento: formatBrDate(selecao.vencimento),
    });
    const wanted = new Set(selecao.parcelas);
    const chosen = dividas.map(toDebtView).filter((d) => wanted.has(d.id));
    if (chosen.length !== wanted.size) {
      throw new TRPCError({ code: 'NOT_FOUND', message: NEGOTIATION_MESSAGES.instalmentsGone });
    }
    const offers = await sessions.read(ctx.session, 'offers');
    const seen = offers?.codcredor === creditor.agrupador && offers.contrato === input.contrato;
    built = instalmentsSummary(chosen, selecao.vencimento, instalmentNumbers(seen ? offers : undefined));
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
  await sessions.write(ctx.session, 'summary', summary);
  return summaryView(summary);
}
