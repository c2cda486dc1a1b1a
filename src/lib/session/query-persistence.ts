/**
 * The persisted query cache (SPEC.md section 9): the current user and the reference data survive a
 * reload of the tab for 24 hours, in session storage; a new build busts it.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { REFERENCE_DATA_MAX_AGE_MS } from '../../shared/session-rules';
import { queryClient } from '../query-client';

export const QUERY_CACHE_STORAGE_KEY = 'freight-desk:query-cache';
/** Query key roots that are persisted; everything else stays in memory. */
export const PERSISTED_QUERY_ROOTS: readonly string[] = [
  'session',
  'reference',
  'dashboard',
  'preferences',
  // Company master data (issue 10): its screens open offline after one visit.
  'business-types',
  'receiving-locations',
  'company-currencies',
  'dropdown-groups',
  'dropdown-options',
];

/** Bumps with every build (VITE_BUILD_ID, else this chunk's hashed URL). */
const BUILD_ID = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? new URL(import.meta.url).pathname;

/**
 * Session storage behind a switch: the persister writes throttled (1 s), so a write queued before a
 * logout would otherwise put the cache back after it was removed.
 */
let writesEnabled = true;
const gatedStorage = {
  getItem: (key: string) => window.sessionStorage.getItem(key),
  setItem: (key: string, value: string) => {
    if (writesEnabled) window.sessionStorage.setItem(key, value);
  },
  removeItem: (key: string) => window.sessionStorage.removeItem(key),
};

const throttled = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : gatedStorage,
  key: QUERY_CACHE_STORAGE_KEY,
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
    buster: BUILD_ID,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        // Data kept through a failed refetch too: an offline reload fails every refetch, and dropping those
        // queries from the copy would leave the next offline reload without the user or the lists.
        query.state.data !== undefined && PERSISTED_QUERY_ROOTS.includes(String(query.queryKey[0])),
    },
  });
  stop = unsubscribe;
  return restored.catch(() => undefined);
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
