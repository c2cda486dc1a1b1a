import { onlineManager, QueryClient } from '@tanstack/react-query';

/** Query data stays fresh for 5 minutes (docs/product-rules.md section 9, "Query data freshness"). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * Builds a client with the product's defaults. A factory, so tests get a fresh cache each time.
 * Window focus never refetches (docs/product-rules.md section 7, "Query cache"): staff switch tabs constantly and
 * freshness is governed by the stale time alone.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The one client the app shares; providers and (later) the persister use this instance. */
export const queryClient = createQueryClient();

// Query assumes "online" until an event says otherwise: a reload while offline would start fetching (and show
// "updating…") until the first `offline` event that never comes. Start from what the browser knows.
if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean')
  onlineManager.setOnline(navigator.onLine);
