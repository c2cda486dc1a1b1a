/**
 * After a deploy, a tab still running the previous build asks for lazy chunks that no longer exist
 * ("Failed to fetch dynamically imported module", vite-plugin-pwa #450, #503). Vite reports every failed
 * dynamic import as a `vite:preloadError` event; reloading picks up the new index.html and its chunks.
 * The reload happens at most once per window so a chunk that is truly broken cannot cause a loop: the
 * second failure reaches the route error boundary instead.
 */

import { outboxWaitingHint } from './outbox/outbox-hint';

const STORAGE_KEY = 'freight-desk:stale-chunk-reload-at';

/** A second failure within this window after a reload is treated as real, not stale. */
export const STALE_CHUNK_RETRY_WINDOW_MS = 10_000;

export interface StaleChunkReloadOptions {
  reload?: () => void;
  now?: () => number;
  /** Whether writes wait in the outbox (issue 12: no reload then; the error screen shows instead). */
  outboxHoldsWrites?: () => boolean;
}

export function installStaleChunkReload(
  target: Window = window,
  {
    reload = () => target.location.reload(),
    now = Date.now,
    outboxHoldsWrites = () => outboxWaitingHint() > 0,
  }: StaleChunkReloadOptions = {},
): () => void {
  const onPreloadError = (event: Event): void => {
    // Offline, a reload would replace the app with the browser's offline page; the error boundary is better.
    if (target.navigator.onLine === false) return;
    // A reload would not lose the writes (they are in IndexedDB) but could strand them behind a build
    // that is not there yet; the error screen, with its own reload button, leaves the choice to the user.
    if (outboxHoldsWrites()) return;
    if (!claimReload(target, now())) return;
    // Stops Vite from rethrowing: the page is about to be replaced anyway.
    event.preventDefault();
    reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** Records the reload; false when one already happened within the window or storage is unusable. */
function claimReload(target: Window, at: number): boolean {
  try {
    const last = Number(target.sessionStorage.getItem(STORAGE_KEY));
    if (Number.isFinite(last) && at - last < STALE_CHUNK_RETRY_WINDOW_MS) return false;
    target.sessionStorage.setItem(STORAGE_KEY, String(at));
    return true;
  } catch {
    // Without storage the "once" cannot be remembered across the reload, so never reload.
    return false;
  }
}
