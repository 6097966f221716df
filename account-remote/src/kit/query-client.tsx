import { authStore } from '@dcipher/shared/auth';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';

/**
 * Every read of the remote goes through one TanStack Query cache (docs/decisions/0080): an answer is cached under
 * its key (a contract call's operation and input, `contractQuery`, docs/decisions/0119), two screens asking for the same thing at once share one request, a change invalidates
 * the keys it affects, and a refetch cancels the one in flight, so a slow earlier answer never replaces a newer one.
 *
 * Failures are shown at once with "Try again" (no silent retries), a window regaining focus does not reload a form
 * being edited, and an answer is refetched whenever a screen using it opens (shown from the cache meanwhile).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, gcTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}

/** The one cache both federated apps (AuthApp and AccountApp) share: they are modules of the same remote. */
export const remoteQueryClient = createQueryClient();

// Another person may sign in next in this tab: nothing read for the last one may be shown to them.
authStore.subscribe((state, previous) => {
  if (state.status === 'anonymous' && previous.status !== 'anonymous') remoteQueryClient.clear();
});

/** Gives the apps' screens the shared cache (tests pass their own). */
export function QueryProvider({
  client = remoteQueryClient,
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The cache in use: the provider's, or the shared one for a screen rendered on its own (tests, the prerender). */
export function useRemoteQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? remoteQueryClient;
}
