import { onlineManager, QueryClient } from '@tanstack/react-query';
import { REFERENCE_DATA_MAX_AGE_MS } from '../shared/session-rules';

/** Query data stays fresh for 5 minutes (docs/product-rules.md section 9, "Query data freshness"). */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * Builds a client with the product's defaults. A factory, so tests get a fresh cache each time.
 * Window focus never refetches (docs/product-rules.md section 7, "Query cache"): staff switch tabs constantly and
 * freshness is governed by the stale time alone.
 *
 * A query nobody watches stays in memory as long as the persisted copy keeps it (24 hours), not Query's
 * default 5 minutes: the copy is written from what is in memory, so a list or record left for 5 minutes
 * used to drop out of it, and a screen visited once no longer opened offline after a reload. TanStack
 * Query's persistence guide asks for this (`gcTime` at least `maxAge`). Session storage bounds the copy
 * (src/lib/session/query-persistence.ts drops the oldest queries when it is full).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: REFERENCE_DATA_MAX_AGE_MS,
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
