import { clientsClaim } from 'workbox-core';
import { awaitsUserBeforeSending } from '../src/shared/outbox/outbox-age';
import { OUTBOX_REPLAY_LOCK } from '../src/shared/outbox/outbox-channel';
import { idbOutboxStore } from '../src/shared/outbox/outbox-store';

/** The message workbox-window's `messageSkipWaiting()` posts (src/lib/service-worker.ts sends it). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The waiting worker's answer when it did not take over (writes wait): the page asks again later. */
export const UPDATE_DEFERRED = 'update-deferred';

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}

/**
 * Takes over if the outbox holds no write waiting to be sent (issue 12: an update never loses work). It
 * checks under the replay's Web Lock, so no replay runs between the check and the take-over (a replay in
 * progress is waited for). Entries that failed or conflict, or are too old to be sent unasked, stay in the
 * outbox for the user and the next build reads them (their schema version), so they do not hold the update.
 * Resolves whether it took over.
 */
export async function skipWaitingIfSafe(scope: ServiceWorkerGlobalScope): Promise<boolean> {
  const check = async () => {
    const entries = await idbOutboxStore.list().catch(() => []);
    const now = Date.now();
    if (entries.some((entry) => entry.status === 'pending' && !awaitsUserBeforeSending(entry, now))) return false;
    // Not awaited: it settles only once this worker activates, which waits for the active worker's events,
    // one of which may be a replay waiting for this very lock.
    void scope.skipWaiting();
    return true;
  };
  return scope.navigator.locks ? scope.navigator.locks.request(OUTBOX_REPLAY_LOCK, check) : check();
}

/**
 * A new worker waits until the page asks it to take over (the page decides when reloading is safe) and the
 * outbox is empty, then claims every open tab on activation so the first visit is controlled without a
 * reload.
 */
export function registerLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if (!isSkipWaitingMessage(event.data)) return;
    event.waitUntil(
      skipWaitingIfSafe(scope).then((took) => {
        if (!took) (event.source as Client | null)?.postMessage({ type: UPDATE_DEFERRED });
      }),
    );
  });
  clientsClaim();
}
