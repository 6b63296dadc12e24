import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import type { createTrpcClient } from './trpc';

/**
 * The API clients of the home entry's islands (island-providers.tsx), made by the first island that
 * needs them, one pair for the page, and handed to the app when it takes over (app/home-app.tsx), so
 * what they asked for (the session, the partners) is not asked again.
 */
export interface IslandClients {
  queryClient?: QueryClient;
  trpcClient?: ReturnType<typeof createTrpcClient>;
}

export const IslandClientsContext = createContext<IslandClients>({});
