import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';

/**
 * Precaches the app shell and every lazy chunk (the list vite-plugin-pwa injects at build time) and
 * answers requests for them from the cache. Every chunk, not only the entry: a tab opened offline, or
 * still running an older build after a deploy, must be able to load any screen (vite-plugin-pwa #450).
 * Outdated precaches from earlier Workbox versions are removed so storage does not grow per release.
 */
export function registerPrecache(manifest: ReadonlyArray<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  precacheAndRoute([...manifest]);
}
