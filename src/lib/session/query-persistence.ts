/**
 * The persisted query cache (docs/product-rules.md section 9): the current user, the reference data and every list and
 * record a screen loaded survive a reload of the tab for 24 hours, in session storage, so every screen
 * opens offline after one visit (issue 12). The copy is keyed by company and user (read from the access
 * token), so one user's data is never restored for another; a new build's schema change busts it.
 */
import { removeOldestQuery } from '@tanstack/react-query-persist-client';
import { identityOfAccessToken } from '../../shared/token-identity';
import { readAuthCookies } from '../cookies';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { REFERENCE_DATA_MAX_AGE_MS } from '../../shared/session-rules';
import { queryClient } from '../query-client';

export const QUERY_CACHE_STORAGE_KEY = 'freight-desk:query-cache';
/** Restored roots that keep their freshness: the user (fetched at every set-up) and the reference data. */
const RESTORED_STAY_FRESH: readonly string[] = ['session', 'reference', 'preferences'];

/** Query key roots that stay in memory: the port and airport lists (3 MB) keep their own IndexedDB copy. */
export const UNPERSISTED_QUERY_ROOTS: readonly string[] = ['places'];

/** Whether the copy keeps a query: every one with data, but for the roots above. */
export function isPersisted(query: { state: { data: unknown }; queryKey: readonly unknown[] }): boolean {
  // Data kept through a failed refetch too: an offline reload fails every refetch, and dropping those
  // queries from the copy would leave the next offline reload without the user or the lists.
  return query.state.data !== undefined && !UNPERSISTED_QUERY_ROOTS.includes(String(query.queryKey[0]));
}

/**
 * Changes when the shape of cached answers may have changed: a hash of the shared contracts made at build
 * time (vite.config.ts), else this chunk's hashed URL (every build).
 */
const CACHE_SCHEMA = (import.meta.env.VITE_CACHE_SCHEMA as string | undefined) ?? new URL(import.meta.url).pathname;

/** The storage key of the signed-in user's copy; null while nobody is signed in. */
export function queryCacheKey(): string | null {
  const who = identityOfAccessToken(readAuthCookies()?.accessToken);
  return who ? `${QUERY_CACHE_STORAGE_KEY}:${who.companyId}:${who.userId}` : null;
}

/**
 * Session storage behind a switch: the persister writes throttled (1 s), so a write queued before a
 * logout would otherwise put the cache back after it was removed.
 */
let writesEnabled = true;
const gatedStorage = {
  getItem: () => {
    const key = queryCacheKey();
    return key ? window.sessionStorage.getItem(key) : null;
  },
  setItem: (_key: string, value: string) => {
    const key = queryCacheKey();
    if (writesEnabled && key) window.sessionStorage.setItem(key, value);
  },
  removeItem: () => {
    const key = queryCacheKey();
    if (key) window.sessionStorage.removeItem(key);
  },
};

const throttled = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : gatedStorage,
  key: QUERY_CACHE_STORAGE_KEY,
  // Session storage holds about 5 MB: the oldest queries make room rather than the copy being lost.
  retry: removeOldestQuery,
});

/**
 * The throttled writer, plus the latest copy written at once when the page goes away: a screen left
 * within the throttle's second (a click to the next screen, a reload) would otherwise never be kept, and
 * an offline reload right after would find no user and no lists.
 */
let latest: Parameters<typeof throttled.persistClient>[0] | undefined;
const persister: typeof throttled = {
  ...throttled,
  persistClient: (client) => {
    latest = client;
    return throttled.persistClient(client);
  },
  removeClient: () => {
    latest = undefined;
    return throttled.removeClient();
  },
};
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (latest) gatedStorage.setItem(QUERY_CACHE_STORAGE_KEY, JSON.stringify(latest));
  });
}

let stop: (() => void) | null = null;

/** Restores the cache (once) and keeps writing it; resolves when restored. */
export function startQueryPersistence(): Promise<void> {
  if (stop) return Promise.resolve();
  writesEnabled = true;
  const [unsubscribe, restored] = persistQueryClient({
    // react-query-persist-client pins its own copy of query-core; the client is the same at runtime.
    queryClient: queryClient as unknown as Parameters<typeof persistQueryClient>[0]['queryClient'],
    persister,
    maxAge: REFERENCE_DATA_MAX_AGE_MS,
    buster: CACHE_SCHEMA,
    dehydrateOptions: { shouldDehydrateQuery: isPersisted },
  });
  stop = unsubscribe;
  return restored
    .then(() =>
      // Restored answers show at once but count as stale: each screen fetches its data again when it opens
      // (online), so a reload never shows minutes-old lists as current. The user and the reference data
      // keep their own rules (fetched at set-up; 24 hours).
      queryClient.invalidateQueries({
        predicate: (query) => !RESTORED_STAY_FRESH.includes(String(query.queryKey[0])),
        refetchType: 'none',
      }),
    )
    .catch(() => undefined);
}

/**
 * Empties the cache in memory and in storage. `queryClient.clear()` alone leaves the persisted copy,
 * which a reload would restore (TanStack Query #1951).
 */
export async function clearQueryPersistence(): Promise<void> {
  writesEnabled = false;
  stop?.();
  stop = null;
  queryClient.clear();
  await persister.removeClient();
}
