import type { Workbox } from 'workbox-window';

export interface RegisterServiceWorkerOptions {
  /** Off outside production builds: Vite's dev server must never be answered from a precache. */
  enabled?: boolean;
  scriptUrl?: string;
  /** Called when an updated worker takes over, so the page runs the build the worker precached. */
  reload?: () => void;
  /** Injectable for tests. */
  createWorkbox?: (scriptUrl: string) => Workbox | Promise<Workbox>;
}

/**
 * Registers sw.js and applies updates at once (the "autoUpdate" behaviour of vite-plugin-pwa, done by
 * hand because registration is ours): a waiting worker is told to skip waiting, and when it takes
 * control of an already controlled page the page reloads onto the new build.
 *
 * Never throws: `register()` rejects when service workers are blocked (Playwright
 * `serviceWorkers: 'block'`, some privacy settings), and the app must keep working without one.
 */
export async function registerServiceWorker({
  enabled = import.meta.env.PROD,
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
    const workbox = await createWorkbox(scriptUrl);
    workbox.addEventListener('waiting', () => workbox.messageSkipWaiting());
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

function windowLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
