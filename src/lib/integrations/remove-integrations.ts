import { INTEGRATION_SCRIPT_IDS } from '../../shared/session-rules';

/** Set by the loader once Sentry runs, so that removal can close it without importing Sentry. */
let closeSentry: (() => Promise<unknown>) | undefined;

export function registerSentryCloser(close: () => Promise<unknown>): void {
  closeSentry = close;
}

/** Globals the widgets leave behind; deleted so a next user starts clean. */
const WIDGET_GLOBALS = ['pendo'] as const;

/**
 * Removes every third-party script (docs/product-rules.md section 4, logout: "removes the maps and analytics
 * scripts"): every id of the shared INTEGRATION_SCRIPT_IDS table (the maps script included), Sentry's CDN
 * Replay script, the widgets' globals, and Sentry itself. Logout and the signed-in frame's unmount both
 * call it. Safe to call when nothing was loaded, and more than once.
 */
export function removeIntegrations(): void {
  for (const id of Object.values(INTEGRATION_SCRIPT_IDS)) document.getElementById(id)?.remove();
  for (const script of document.querySelectorAll('script[src*="sentry-cdn.com"]')) script.remove();
  const globals = window as unknown as Record<string, unknown>;
  for (const name of WIDGET_GLOBALS) delete globals[name];
  const close = closeSentry;
  closeSentry = undefined;
  void close?.().catch(() => undefined);
}
