import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import { PRERENDERED_LOGIN_FILE, PRERENDERED_LOGIN_PATH, servesPrerenderedLogin } from '../src/shared/login-prerender';
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
    new NavigationRoute(shell, {
      denylist: [SERVICE_API_PATH],
    }),
  );
}
