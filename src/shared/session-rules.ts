/**
 * The session's timing rules and constants (docs/product-rules.md sections 4 and 9), one place for the page and the
 * service worker.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Access token silently renewed when its issue time is 2 to 4 hours old (inclusive). */
export const ACCESS_REFRESH_WINDOW_MS = { from: 2 * HOUR_MS, to: 4 * HOUR_MS } as const;
/** Both tokens renewed when the refresh token's issue time is 20 to 30 days old (inclusive). */
export const REFRESH_RENEW_WINDOW_MS = { from: 20 * DAY_MS, to: 30 * DAY_MS } as const;
/** Refresh call spacing per caller (docs/product-rules.md section 9). */
export const REFRESH_SPACING_MS = 3000;
/** Session set-up cooldown. */
export const SETUP_COOLDOWN_MS = 3000;
/** How often the page checks the silent-refresh windows. */
export const SILENT_REFRESH_CHECK_MS = 60_000;
/** Cookie polling interval where the Cookie Store API is missing (only while the tab is visible). */
export const COOKIE_POLL_MS = 1000;
/** Reference data freshness and the persisted cache's max age. */
export const REFERENCE_DATA_MAX_AGE_MS = DAY_MS;

/** Shown once per page session after a failed refresh (docs/product-rules.md section 8). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired, please login again.';

/** The channel every tab listens on for session-wide events (logout, expiry). */
export const SESSION_CHANNEL = 'freight-desk:session';

export type SilentRefreshKind = 'token' | 'refresh';

/**
 * Which silent refresh is due, if any. The refresh-token renewal wins when both are due: it renews
 * both tokens. Beyond the windows nothing happens (the server will answer 401 and the interceptor acts).
 */
export function silentRefreshDue(
  now: number,
  accessIssuedAt: number | null,
  refreshIssuedAt: number | null,
): SilentRefreshKind | null {
  if (refreshIssuedAt !== null) {
    const age = now - refreshIssuedAt;
    if (age >= REFRESH_RENEW_WINDOW_MS.from && age <= REFRESH_RENEW_WINDOW_MS.to) return 'refresh';
  }
  if (accessIssuedAt !== null) {
    const age = now - accessIssuedAt;
    if (age >= ACCESS_REFRESH_WINDOW_MS.from && age <= ACCESS_REFRESH_WINDOW_MS.to) return 'token';
  }
  return null;
}

/**
 * A per-caller cooldown: `tryEnter(now)` is true at most once per `spacingMs`. Each caller (each refresh
 * kind, the set-up) owns one.
 */
export class Cooldown {
  private last = Number.NEGATIVE_INFINITY;
  constructor(private readonly spacingMs: number) {}

  tryEnter(now: number): boolean {
    if (now - this.last < this.spacingMs) return false;
    this.last = now;
    return true;
  }

  reset(): void {
    this.last = Number.NEGATIVE_INFINITY;
  }
}

/** True when a plan expiry date lies before today (local calendar day). */
export function isPlanExpired(expiryDate: string | null | undefined, now: Date): boolean {
  if (!expiryDate) return false;
  const expiry = new Date(expiryDate);
  if (Number.isNaN(expiry.getTime())) return false;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return expiry.getTime() < today;
}

/** The Web Lock that serializes refreshes between tabs and the service worker. */
export const REFRESH_LOCK_NAME = 'freight-desk:token-refresh';

/**
 * Element ids of every third-party <script> the app injects (docs/product-rules.md section 4: logout removes them), one
 * table so that one removal covers all: the maps script, and the production integrations' web analytics,
 * support chat and product analytics (src/lib/integrations). Sentry's CDN Replay script has no id of
 * ours; src/lib/integrations/remove-integrations.ts finds it by its source.
 */
export const INTEGRATION_SCRIPT_IDS = {
  maps: 'google-maps-script',
  'web-analytics': 'fd-web-analytics',
  'support-chat': 'fd-support-chat',
  'product-analytics': 'pendo-script',
} as const;
