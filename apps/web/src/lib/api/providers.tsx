import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isServerError, isUnauthorized } from './errors';
import { endSessionLocally } from './session';
import { createTrpcClient, trpc } from './trpc';

/** A network failure is retried twice; an answer from the BFF (an UNAUTHORIZED above all) never is. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isServerError(error) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // Any call that finds the session ended (signed out elsewhere, expired, 'Token expirado') marks it so:
  // the route guard then takes the user to the start page.
  const onError = (error: unknown) => {
    if (isUnauthorized(error)) endSessionLocally(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  trpcClient?: ReturnType<typeof createTrpcClient>;
}

export function AppProviders({
  children,
  queryClient: givenQueryClient,
  trpcClient: givenTrpcClient,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTrpcClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
