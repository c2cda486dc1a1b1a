/**
 * The token hand-off between the pages and a service worker that has no Cookie Store API (every browser
 * but Chromium, issue 12): the pages can read the auth cookies, the worker cannot, so the pages hand them
 * over and the worker hands back the pair it renewed, for the pages to write into the cookies.
 *
 * Not on the session channel: token values go to the worker and its windows only (`postMessage`), never to
 * a BroadcastChannel.
 */
import { AUTH_COOKIE_NAMES, AUTH_COOKIES, type AuthCookieName } from './session-cookies';

/** The auth cookies' values (decoded), by cookie name; the issue times may be missing. */
export type AuthCookieValues = Partial<Record<AuthCookieName, string>>;

/** Page → worker: the auth cookies now, or null when they are gone (logged out). */
export interface AuthTokensMessage {
  type: 'auth-tokens';
  tokens: AuthCookieValues | null;
}

/**
 * Worker → page: the worker renewed the pair (or holds a newer one than the page handed it). The page writes
 * `tokens` into its cookies only while they still hold `replaces` (the access token the worker renewed):
 * cookies that moved on since (a logout, a new sign-in) are not overwritten.
 */
export interface AuthTokensRenewedMessage {
  type: 'auth-tokens-renewed';
  tokens: AuthCookieValues;
  replaces: string;
}

const NAMES = new Set<string>(AUTH_COOKIE_NAMES);

/** Only auth cookie names, each with a string value. */
export function isAuthCookieValues(value: unknown): value is AuthCookieValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([name, cookie]) => NAMES.has(name) && typeof cookie === 'string');
}

export function isAuthTokensMessage(data: unknown): data is AuthTokensMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<AuthTokensMessage>;
  return message.type === 'auth-tokens' && (message.tokens === null || isAuthCookieValues(message.tokens));
}

export function isAuthTokensRenewedMessage(data: unknown): data is AuthTokensRenewedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<AuthTokensRenewedMessage>;
  return (
    message.type === 'auth-tokens-renewed' &&
    isAuthCookieValues(message.tokens) &&
    typeof message.replaces === 'string' &&
    message.replaces !== ''
  );
}

/** The values of the auth cookies in `cookies` (any other cookie left out), or null unless both tokens exist. */
export function authCookieValuesOf(cookies: ReadonlyMap<string, string>): AuthCookieValues | null {
  const values: AuthCookieValues = {};
  for (const name of AUTH_COOKIE_NAMES) {
    const value = cookies.get(name);
    if (value) values[name] = value;
  }
  return values[AUTH_COOKIES.accessToken] && values[AUTH_COOKIES.refreshToken] ? values : null;
}

/** The same four values (or both null): nothing to hand over or to store again. */
export function sameCookieValues(a: AuthCookieValues | null, b: AuthCookieValues | null): boolean {
  if (!a || !b) return a === b;
  return AUTH_COOKIE_NAMES.every((name) => a[name] === b[name]);
}
