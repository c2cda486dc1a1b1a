import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import {
  FRAME_SNAPSHOT_CACHE,
  FRAME_SNAPSHOT_KEY,
  isFramePath,
  parseFrameSnapshot,
  shellWithSnapshot,
  snapshotApplies,
  type FrameSnapshot,
} from '../src/shared/frame-snapshot';
import { PRERENDERED_LOGIN_FILE, PRERENDERED_LOGIN_PATH, servesPrerenderedLogin } from '../src/shared/login-prerender';
import { parseCookieString, tokensFromCookies } from '../src/shared/session-cookies';
import { identityOfAccessToken, type TokenIdentity } from '../src/shared/token-identity';
import { allCookies, cookieStoreOf, type CookieListItemLike } from './cookie-store';

declare const self: ServiceWorkerGlobalScope;

/**
 * Paths of the services (`/{service}/api/v1/...`, docs/api.md section 1). Behind a reverse proxy they
 * share the app's origin, and a navigation to one (an opened download, an e-mailed link) must reach
 * the service, never be answered with the app shell.
 */
export const SERVICE_API_PATH = /^\/[a-z]+\/api\//;

/** The cookies as a `Cookie` header, for the rule the web server applies to the same request. */
export function cookieHeaderOf(cookies: readonly CookieListItemLike[]): string {
  return cookies
    .filter((cookie) => cookie.name)
    .map((cookie) => `${cookie.name}=${cookie.value ?? ''}`)
    .join('; ');
}

/**
 * Which precached page answers a navigation to /login: the prerendered sign-in page on the same terms as
 * the web server gives it (src/shared/login-prerender.ts), read from the Cookie Store and the worker's
 * `navigator.languages`. A browser without a Cookie Store gets the shell: the worker cannot tell a session or
 * a choice of language or theme, and the shell shows none of them wrongly.
 */
export async function loginPageFor(scope: ServiceWorkerGlobalScope): Promise<string> {
  const store = cookieStoreOf(scope);
  if (!store) return 'index.html';
  const cookies = cookieHeaderOf(await allCookies(store));
  return servesPrerenderedLogin(cookies, scope.navigator.languages ?? []) ? PRERENDERED_LOGIN_FILE : 'index.html';
}

/** The session of the cookies (the access token's user and company), or null without one or a Cookie Store. */
export async function sessionIdentity(scope: ServiceWorkerGlobalScope): Promise<TokenIdentity | null> {
  const store = cookieStoreOf(scope);
  if (!store) return null;
  const tokens = tokensFromCookies(parseCookieString(cookieHeaderOf(await allCookies(store))));
  return identityOfAccessToken(tokens?.accessToken);
}

/** How long a navigation waits for the picture and the session at most. */
const SNAPSHOT_LOOKUP_LIMIT_MS = 150;

async function keptSnapshot(scope: ServiceWorkerGlobalScope): Promise<FrameSnapshot | null> {
  const cache = await scope.caches.open(FRAME_SNAPSHOT_CACHE);
  const kept = await cache.match(FRAME_SNAPSHOT_KEY);
  return kept ? parseFrameSnapshot(await kept.text()) : null;
}

/**
 * The shell for a navigation, with the signed-in frame's picture in it when one was kept for this session
 * (src/shared/frame-snapshot.ts). Any failure answers with the plain shell: a navigation never fails on it.
 */
export async function withFrameSnapshot(
  scope: ServiceWorkerGlobalScope,
  pathname: string,
  shell: Response,
  now = Date.now(),
): Promise<Response> {
  if (!isFramePath(pathname) || !shell.ok) return shell;
  try {
    const lookup = Promise.all([keptSnapshot(scope), sessionIdentity(scope)]);
    // The picture must never slow a navigation down: a slow Cookie Store or cache answers with the plain shell.
    const found = await Promise.race([
      lookup,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), SNAPSHOT_LOOKUP_LIMIT_MS)),
    ]);
    if (!found) return shell;
    const [snapshot, identity] = found;
    if (!snapshotApplies(snapshot, identity, now)) return shell;
    const html = await shell.clone().text();
    const headers = new Headers(shell.headers);
    headers.delete('content-length');
    return new Response(shellWithSnapshot(html, snapshot), {
      status: shell.status,
      statusText: shell.statusText,
      headers,
    });
  } catch {
    return shell;
  }
}

/**
 * Answers every in-app navigation (deep links such as /settings/profile, offline reloads) with the
 * precached index.html, so the client router can take over, and /login with the prerendered sign-in page
 * when it fits (loginPageFor). Must be registered after the precache route, which it relies on.
 */
export function registerAppShellNavigation(): void {
  const shell = createHandlerBoundToURL('index.html');
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && url.origin === self.location.origin && url.pathname === PRERENDERED_LOGIN_PATH,
    async (options: RouteHandlerCallbackOptions) => {
      const page = await loginPageFor(self).catch(() => 'index.html');
      if (page === 'index.html') return shell(options);
      try {
        return await createHandlerBoundToURL(page)(options);
      } catch {
        // Not in this precache (cannot happen with one build's worker and pages, but never fail a navigation).
        return shell(options);
      }
    },
  );
  registerRoute(
    new NavigationRoute(async (options) => withFrameSnapshot(self, options.url.pathname, await shell(options)), {
      denylist: [SERVICE_API_PATH],
    }),
  );
}
