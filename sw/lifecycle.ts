import { clientsClaim } from 'workbox-core';

/** The message workbox-window's `messageSkipWaiting()` posts (src/lib/service-worker.ts sends it). */
export const SKIP_WAITING = 'SKIP_WAITING';

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}

/**
 * A new worker waits until the page asks it to take over (the page decides when reloading is safe),
 * then claims every open tab on activation so the first visit is controlled without a reload.
 */
export function registerLifecycle(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event) => {
    if (isSkipWaitingMessage(event.data)) void scope.skipWaiting();
  });
  clientsClaim();
}
