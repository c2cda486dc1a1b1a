import type { Workbox } from 'workbox-window';

import { readAuthCookies } from './cookies';

export interface RegisterServiceWorkerOptions {
  /** Off outside production builds: Vite's dev server must never be answered from a precache. */
  enabled?: boolean;
  /**
   * Whether this page offers updates (workbox-window's events). By default only a signed-in page does: the
   * update prompt lives in the signed-in frame, so a logged-out page (/login) registers the worker with the
   * browser's own call and its first load carries no workbox-window (2.2 kB); the frame wires the updates
   * when someone signs in (`watchServiceWorkerUpdates`).
   */
  watchUpdates?: boolean;
  scriptUrl?: string;
  /** Called when an updated worker takes over, so the page runs the build the worker precached. */
  reload?: () => void;
  /** Injectable for tests. */
  createWorkbox?: (scriptUrl: string) => Workbox | Promise<Workbox>;
}

/** A new build's worker has installed and waits (issue 12: offered to the user, never forced). */
let waitingWorkbox: Workbox | null = null;
const updateListeners = new Set<() => void>();

export function updateWaiting(): boolean {
  return waitingWorkbox !== null;
}

export function onUpdateWaiting(listener: () => void): () => void {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

/**
 * "Reload to update": asks the waiting worker to take over (it refuses while the outbox holds writes or a
 * replay holds the lock, sw/lifecycle.ts); the page reloads when it does.
 */
export function applyUpdate(): void {
  waitingWorkbox?.messageSkipWaiting();
}

/**
 * Registers sw.js. An update is offered, not applied (issue 12): a waiting worker is announced to the
 * update prompt, which asks it to skip waiting once the outbox is empty; when it takes control of an
 * already controlled page the page reloads onto the new build.
 *
 * Never throws: `register()` rejects when service workers are blocked (Playwright
 * `serviceWorkers: 'block'`, some privacy settings), and the app must keep working without one.
 */
export async function registerServiceWorker({
  enabled = import.meta.env.PROD,
  watchUpdates = readAuthCookies() !== null,
  scriptUrl = `${import.meta.env.BASE_URL}sw.js`,
  reload = () => window.location.reload(),
  createWorkbox = async (url) => {
    // Loaded on demand: no screen needs it to render.
    const { Workbox } = await import('workbox-window');
    return new Workbox(url, { scope: import.meta.env.BASE_URL });
  },
}: RegisterServiceWorkerOptions = {}): Promise<ServiceWorkerRegistration | undefined> {
  if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return undefined;
  }
  try {
    // After the load event, as workbox-window's register() would wait anyway: neither the worker's
    // precaching nor this module may compete with the first screen's own chunks for bandwidth.
    await windowLoaded();
    if (!watchUpdates && !watching) {
      // The same registration workbox-window makes; a later `watchServiceWorkerUpdates` finds it (and a
      // worker already waiting by then is announced all the same).
      return await navigator.serviceWorker.register(scriptUrl, { scope: import.meta.env.BASE_URL });
    }
    if (watching) return undefined;
    watching = true;
    const workbox = await createWorkbox(scriptUrl);
    workbox.addEventListener('waiting', () => {
      waitingWorkbox = workbox;
      for (const listener of updateListeners) listener();
    });
    workbox.addEventListener('controlling', (event) => {
      // The first install also "controls" (clientsClaim) but runs the same build: no reload then.
      if (event.isUpdate) reload();
    });
    return await workbox.register();
  } catch (error) {
    console.warn('Service worker not registered; the app runs without offline support.', error);
    return undefined;
  }
}

/** Whether workbox-window has been wired on this page (once is enough). */
let watching = false;

/**
 * Called by the signed-in frame: wires the update prompt's events on a page that registered the worker
 * without them (a sign-in on /login). Does nothing when they are wired already.
 */
export function watchServiceWorkerUpdates(
  options: Omit<RegisterServiceWorkerOptions, 'watchUpdates'> = {},
): Promise<ServiceWorkerRegistration | undefined> {
  return watching ? Promise.resolve(undefined) : registerServiceWorker({ ...options, watchUpdates: true });
}

function windowLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
