/**
 * The page's half of the token hand-over (issue 12): a service worker without the Cookie Store API (every
 * browser but Chromium) cannot read the auth cookies, so the page that can hands them to the worker that
 * controls it, and writes into the cookies the pair the worker renewed (sw/token-handoff.ts).
 *
 * Handed over at start, on every change of the auth cookies (the Cookie Store's change events where the
 * page has them, else a poll of `document.cookie`), when the page is shown again (a change event can be
 * missed) and when another worker takes control. A worker that has a Cookie Store ignores the message.
 * Loaded on demand by the session life cycle once a worker is active; it waits for that worker to control
 * the page (`controllerchange`) when it does not yet.
 */
import {
  AUTH_COOKIE_MAX_AGE_S,
  AUTH_COOKIES,
  authCookieAttributes,
  parseCookieString,
  serializeCookie,
} from '../../shared/session-cookies';
import { COOKIE_POLL_MS } from '../../shared/session-rules';
import {
  authCookieValuesOf,
  isAuthTokensRenewedMessage,
  sameCookieValues,
  type AuthCookieValues,
  type AuthTokensMessage,
  type AuthTokensRenewedMessage,
} from '../../shared/worker-token-message';
import { hostConfig } from '../api/api-base';

/** The auth cookies now, or null unless both tokens are there. */
function readAuthCookieValues(): AuthCookieValues | null {
  return authCookieValuesOf(parseCookieString(document.cookie));
}

/**
 * Writes the worker's renewed pair with the attributes every auth cookie gets (session-cookies.ts), unless
 * the cookies moved on since the worker read them (a logout, a new sign-in, another tab wrote it already).
 */
function writeRenewedCookies(message: AuthTokensRenewedMessage): boolean {
  if (parseCookieString(document.cookie).get(AUTH_COOKIES.accessToken) !== message.replaces) return false;
  const attributes = authCookieAttributes(window.location.hostname, hostConfig.productDomain);
  for (const [name, value] of Object.entries(message.tokens)) {
    if (value) document.cookie = serializeCookie(name, value, attributes, AUTH_COOKIE_MAX_AGE_S);
  }
  return true;
}

/** Starts the hand-over; returns its stop. Does nothing where the page has no service workers. */
export function startWorkerTokenHandoff(): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => undefined;
  /** What the current controller was last handed; undefined: nothing yet. */
  let handed: AuthCookieValues | null | undefined;

  const handOver = (always = false) => {
    const controller = container.controller;
    if (!controller) return;
    const tokens = readAuthCookieValues();
    if (!always && handed !== undefined && sameCookieValues(tokens, handed)) return;
    handed = tokens;
    const message: AuthTokensMessage = { type: 'auth-tokens', tokens };
    controller.postMessage(message);
  };
  const onCookieChange = () => handOver();
  const onControllerChange = () => handOver(true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') handOver();
  };
  const onMessage = (event: MessageEvent) => {
    if (!isAuthTokensRenewedMessage(event.data)) return;
    // The worker holds these already: no need to hand them back.
    if (writeRenewedCookies(event.data)) handed = readAuthCookieValues();
  };

  container.addEventListener('controllerchange', onControllerChange);
  container.addEventListener('message', onMessage);
  document.addEventListener('visibilitychange', onVisible);
  const cookieStore = (window as { cookieStore?: EventTarget }).cookieStore;
  // Polled whether visible or not: a hidden tab's silent refresh renews the cookies too.
  const poll = cookieStore ? null : setInterval(onCookieChange, COOKIE_POLL_MS);
  cookieStore?.addEventListener('change', onCookieChange);
  handOver(true);

  return () => {
    container.removeEventListener('controllerchange', onControllerChange);
    container.removeEventListener('message', onMessage);
    document.removeEventListener('visibilitychange', onVisible);
    cookieStore?.removeEventListener('change', onCookieChange);
    if (poll !== null) clearInterval(poll);
  };
}
