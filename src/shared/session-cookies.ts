/**
 * The four auth cookies (docs/product-rules.md section 3, docs/api.md sections 2 and 5): names, the issue-time codec and
 * the attributes per host. Pure: the page writes with `document.cookie`, the worker with `cookieStore`.
 */
import type { TokenPair } from './contracts/session';
import type { TokenState } from './refresh-coordinator';

export const AUTH_COOKIES = {
  accessToken: '__cez_at',
  refreshToken: '__cez_rt',
  accessIssuedAt: '__cez_atxr',
  refreshIssuedAt: '__cez_rtxr',
} as const;

export type AuthCookieName = (typeof AUTH_COOKIES)[keyof typeof AUTH_COOKIES];

export const AUTH_COOKIE_NAMES: readonly AuthCookieName[] = Object.values(AUTH_COOKIES);

/**
 * How long the cookies live in the browser: the refresh token's default lifetime (30 days). The
 * server decides validity; the cookie only has to outlive the token it carries.
 */
export const AUTH_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** base64 of the decimal Unix time in milliseconds (docs/api.md section 5). */
export function encodeIssuedAt(epochMs: number): string {
  return btoa(String(Math.trunc(epochMs)));
}

/** The issue time, or null when the value is missing or not a base64 decimal number. */
export function decodeIssuedAt(value: string | null | undefined): number | null {
  if (!value) return null;
  let text: string;
  try {
    text = atob(value);
  } catch {
    return null;
  }
  if (!/^\d{1,16}$/.test(text)) return null;
  const ms = Number(text);
  return Number.isSafeInteger(ms) ? ms : null;
}

/** Parses a `document.cookie` style string into a name → value map (values URI-decoded). */
export function parseCookieString(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

/** Both tokens, or null: "signed in means the access cookie and the refresh cookie both exist". */
export function tokensFromCookies(cookies: ReadonlyMap<string, string>): TokenPair | null {
  const accessToken = cookies.get(AUTH_COOKIES.accessToken);
  const refreshToken = cookies.get(AUTH_COOKIES.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

export interface AuthCookieAttributes {
  path: '/';
  /** Only on hosts that contain the product domain. */
  domain?: string;
  secure: boolean;
  sameSite?: 'lax';
}

/**
 * docs/api.md section 2: domain = the product domain, path /, Secure and SameSite=Lax when the host
 * contains the product domain; otherwise path / only.
 */
export function authCookieAttributes(hostname: string, productDomain: string): AuthCookieAttributes {
  const domain = productDomain.trim().replace(/^\./, '').toLowerCase();
  if (domain && hostname.toLowerCase().includes(domain)) {
    return { path: '/', domain, secure: true, sameSite: 'lax' };
  }
  return { path: '/', secure: false };
}

/** A `document.cookie` assignment string; `maxAgeS` 0 removes the cookie. */
export function serializeCookie(
  name: string,
  value: string,
  attributes: AuthCookieAttributes,
  maxAgeS: number,
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${attributes.path}`, `max-age=${maxAgeS}`];
  if (maxAgeS <= 0) parts.push('expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (attributes.domain) parts.push(`domain=${attributes.domain}`);
  if (attributes.secure) parts.push('secure');
  if (attributes.sameSite) parts.push(`samesite=${attributes.sameSite}`);
  return parts.join('; ');
}

/** The cookie writes that store freshly issued tokens; the refresh pair only when a refresh token came. */
export function cookieWritesFor(
  tokens: { accessToken: string; refreshToken?: string },
  now: number,
): Array<[AuthCookieName, string]> {
  const writes: Array<[AuthCookieName, string]> = [
    [AUTH_COOKIES.accessToken, tokens.accessToken],
    [AUTH_COOKIES.accessIssuedAt, encodeIssuedAt(now)],
  ];
  if (tokens.refreshToken) {
    writes.push([AUTH_COOKIES.refreshToken, tokens.refreshToken], [AUTH_COOKIES.refreshIssuedAt, encodeIssuedAt(now)]);
  }
  return writes;
}

/** The tokens and their issue times in a set of auth cookies (decoded values), or null unless both tokens are there. */
export function tokenStateOf(cookies: ReadonlyMap<string, string>): TokenState | null {
  const tokens = tokensFromCookies(cookies);
  if (!tokens) return null;
  return {
    ...tokens,
    accessIssuedAt: decodeIssuedAt(cookies.get(AUTH_COOKIES.accessIssuedAt)),
    refreshIssuedAt: decodeIssuedAt(cookies.get(AUTH_COOKIES.refreshIssuedAt)),
  };
}
