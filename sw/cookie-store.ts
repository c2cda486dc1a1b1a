/**
 * The Cookie Store API as the worker uses it (Chromium only, issue 12): reading the auth cookies with a
 * bound on time, and the `cookiechange` subscription. Typed here by hand: lib "webworker" does not have it.
 */
import { AUTH_COOKIE_NAMES } from '../src/shared/session-cookies';

export interface CookieListItemLike {
  name?: string | null;
  value?: string | null;
}

/** The worker's `cookieStore`, as far as it is used. */
export interface CookieStoreLike {
  getAll(): Promise<CookieListItemLike[]>;
  set(options: {
    name: string;
    value: string;
    path?: string;
    domain?: string | null;
    expires?: number | null;
    sameSite?: 'strict' | 'lax' | 'none';
  }): Promise<void>;
}

/** `ExtendableCookieChangeEvent`, as far as it is used here. */
export interface CookieChangeEventLike {
  changed?: readonly CookieListItemLike[];
  deleted?: readonly CookieListItemLike[];
}

interface CookieSubscriptionsLike {
  subscribe(subscriptions: Array<{ name?: string; url: string }>): Promise<void>;
}

/** A Cookie Store read that does not answer within this is taken as showing nothing (the pages' view stands in). */
export const COOKIE_READ_TIMEOUT_MS = 2_000;

/** A cookie's value as written (URI-encoded), or as is when it was written raw. */
export function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // Written raw: keep as is.
  }
}

/** The Cookie Store's cookies, bounded: a read that hangs must not hold every call and the outbox's lock. */
export async function allCookies(store: CookieStoreLike): Promise<CookieListItemLike[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CookieListItemLike[]>((resolve) => {
    timer = setTimeout(() => resolve([]), COOKIE_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([store.getAll(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The scope's Cookie Store, or undefined in a browser without one. */
export function cookieStoreOf(scope: ServiceWorkerGlobalScope): CookieStoreLike | undefined {
  return (scope as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
}

/** Asks to be told about changes of the four auth cookies (kept by the registration across restarts). */
export async function subscribeToAuthCookies(scope: ServiceWorkerGlobalScope): Promise<void> {
  const registration = scope.registration as
    (ServiceWorkerRegistration & { cookies?: CookieSubscriptionsLike }) | undefined;
  const subscriptions = registration?.cookies;
  if (!subscriptions) return;
  try {
    await subscriptions.subscribe(AUTH_COOKIE_NAMES.map((name) => ({ name, url: registration.scope })));
  } catch {
    // No subscription: the 401 re-read and the background re-check still keep the memory current.
  }
}
