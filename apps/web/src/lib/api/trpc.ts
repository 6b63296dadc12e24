import type { AppRouter, RouterInputs, RouterOutputs } from '@portal/bff/app-router';
import { UNBATCHABLE_PROCEDURES } from '@portal/contracts/procedures/batching';
import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

export type { RouterInputs, RouterOutputs };

/** What the browser may know of its session (no token, no client id). */
export type SessionView = NonNullable<RouterOutputs['auth']['session']>;
export type CreditorCard = RouterOutputs['debts']['creditors'][number];
/** A contract of the contract-details modal. */
export type ContractView = RouterOutputs['negotiation']['open']['contratos'][number];

/** What /negociacao and /propostas show for a contract (money in cents, dates ISO). */
export type Offers = RouterOutputs['negotiation']['offers'];
export type ProposalView = Offers['proposals'][number];
export type DebtView = Offers['debts'][number];
export type PaymentTypeView = Offers['formasPagamento'][number];
export type PaymentMethod = PaymentTypeView['tipo'];
export type SaveSummaryInput = RouterInputs['negotiation']['saveSummary'];
/** The agreement summary /resumo shows (kept in the BFF session). */
export type Summary = NonNullable<RouterOutputs['negotiation']['summary']>;
/** What became of an agreement creation, as the summary page polls it. */
export type AgreementIntent = RouterOutputs['agreements']['intent'];
/** The concluded agreement or re-issue /acordo-concluido and /reemissao-concluida show. */
export type ConcludedAgreement = NonNullable<RouterOutputs['agreements']['concluded']>;
export type BoletoView = ConcludedAgreement['boletos'][number];
/** An agreement in progress on a contract (/acordos). */
export type AgreementInProgress = RouterOutputs['agreements']['inProgress'];
/** 'Meus dados' as the upstream holds it (digits for the phone and the CEP, the date as dd/mm/aaaa). */
export type Profile = RouterOutputs['account']['profile'];
/** The credit score of a person (null for a company or when the bureau did not answer). */
export type CreditScore = RouterOutputs['account']['score'];
/** A screen of the trail channel (its flows and stages). */
export type TrailPage = RouterInputs['tracking']['view']['page'];

const TRPC_URL = '/trpc';

/**
 * Credentials and messages go alone (the BFF refuses them inside a batch), and so does any request that
 * may be stopped (a query with `abortOnUnmount`: a lookup the upstream may take minutes over): a batch
 * is aborted only when all of its requests are, so batched beside another query it would never be.
 * Everything else is batched.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => UNBATCHABLE_PROCEDURES.includes(op.path) || Boolean(op.signal),
        true: httpLink({ url: TRPC_URL }),
        false: httpBatchLink({ url: TRPC_URL, maxItems: 10 }),
      }),
    ],
  });
}
