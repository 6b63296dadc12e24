import type { AppRouter } from '@portal/bff/trpc/app-router';
import { UNBATCHABLE_PROCEDURES } from '@portal/contracts/procedures';
import { httpBatchLink, httpLink, type inferRouterProxyClient, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

type RouterClient = inferRouterProxyClient<AppRouter>;

/** What the browser may know of its session (no token, no client id). */
export type SessionView = NonNullable<Awaited<ReturnType<RouterClient['auth']['session']['query']>>>;
export type CreditorCard = Awaited<ReturnType<RouterClient['debts']['creditors']['query']>>[number];
/** A contract of the contract-details modal. */
export type ContractView = Awaited<ReturnType<RouterClient['negotiation']['contracts']['query']>>[number];
export type SignInInput = Parameters<RouterClient['auth']['signIn']['mutate']>[0];

/** What /negociacao and /propostas show for a contract (money in cents, dates ISO). */
export type Offers = Awaited<ReturnType<RouterClient['negotiation']['offers']['query']>>;
export type ProposalView = Offers['proposals'][number];
export type DebtView = Offers['debts'][number];
export type PaymentTypeView = Offers['formasPagamento'][number];
export type PaymentMethod = PaymentTypeView['tipo'];
export type SaveSummaryInput = Parameters<RouterClient['negotiation']['saveSummary']['mutate']>[0];
/** The agreement summary /resumo shows (kept in the BFF session). */
export type Summary = NonNullable<Awaited<ReturnType<RouterClient['negotiation']['summary']['query']>>>;
/** The concluded agreement or re-issue /acordo-concluido and /reemissao-concluida show. */
export type ConcludedAgreement = NonNullable<
  Awaited<ReturnType<RouterClient['agreements']['concluded']['query']>>
>;
export type BoletoView = ConcludedAgreement['boletos'][number];
/** An agreement in progress on a contract (/acordos). */
export type AgreementInProgress = Awaited<ReturnType<RouterClient['agreements']['inProgress']['query']>>;
/** 'Meus dados' as the upstream holds it (digits for the phone and the CEP, the date as dd/mm/aaaa). */
export type Profile = Awaited<ReturnType<RouterClient['account']['profile']['query']>>;
/** The credit score of a person (null for a company or when the bureau did not answer). */
export type CreditScore = Awaited<ReturnType<RouterClient['account']['score']['query']>>;
/** A screen of the trail channel (spec §9 flows and stages). */
export type TrailPage = Parameters<RouterClient['tracking']['view']['mutate']>[0]['page'];

const TRPC_URL = '/trpc';

/** Credentials and messages go alone (the BFF refuses them inside a batch); everything else is batched. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => UNBATCHABLE_PROCEDURES.includes(op.path),
        true: httpLink({ url: TRPC_URL }),
        false: httpBatchLink({ url: TRPC_URL, maxItems: 10 }),
      }),
    ],
  });
}
