/**
 * The auth cookies as the page reads and writes them (`document.cookie`). The service worker has its own
 * writer (Cookie Store API); both take names, codec and attributes from src/shared/session-cookies.ts.
 */
import {
  AUTH_COOKIE_MAX_AGE_S,
  AUTH_COOKIE_NAMES,
  authCookieAttributes,
  cookieWritesFor,
  parseCookieString,
  serializeCookie,
  tokenStateOf,
} from '../shared/session-cookies';
import type { TokenState } from '../shared/refresh-coordinator';
import { hostConfig } from './api/api-base';

/** The tokens and their issue times, or null unless both token cookies exist. */
export function readAuthCookies(source: string = document.cookie): TokenState | null {
  return tokenStateOf(parseCookieString(source));
}

function attributes() {
  return authCookieAttributes(window.location.hostname, hostConfig.productDomain);
}

/** Stores freshly issued tokens with their issue time (now). */
export function writeAuthCookies(tokens: { accessToken: string; refreshToken?: string }, now = Date.now()): void {
  const attrs = attributes();
  for (const [name, value] of cookieWritesFor(tokens, now)) {
    document.cookie = serializeCookie(name, value, attrs, AUTH_COOKIE_MAX_AGE_S);
  }
}

/** Removes the four cookies with the attributes they were written with, and without (older writes). */
export function removeAuthCookies(): void {
  const attrs = attributes();
  for (const name of AUTH_COOKIE_NAMES) {
    document.cookie = serializeCookie(name, '', attrs, 0);
    if (attrs.domain) document.cookie = serializeCookie(name, '', { path: '/', secure: false }, 0);
  }
}
