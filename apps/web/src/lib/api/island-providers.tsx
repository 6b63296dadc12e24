import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, use } from 'react';
import { IslandClientsContext } from './island-clients';
import { AppProviders, createQueryClient } from './providers';
import { createTrpcClient } from './trpc';

/**
 * Around a part of the home page that calls the BFF (its islands, loaded after the page hydrates): in the
 * app it uses the app's providers; in the home entry, which hydrates the page without the API client,
 * the islands' shared ones.
 */
export function IslandProviders({ children }: { children: ReactNode }) {
  const inApp = use(QueryClientContext) !== undefined;
  const clients = use(IslandClientsContext);
  if (inApp) return children;
  clients.queryClient ??= createQueryClient();
  clients.trpcClient ??= createTrpcClient();
  const { queryClient, trpcClient } = clients;
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      {children}
    </AppProviders>
  );
}
