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
