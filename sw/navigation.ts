import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths of the services (`/{service}/api/v1/...`, docs/api.md section 1). Behind a reverse proxy they
 * share the app's origin, and a navigation to one (an opened download, an e-mailed link) must reach
 * the service, never be answered with the app shell.
 */
export const SERVICE_API_PATH = /^\/[a-z]+\/api\//;

/**
 * Answers every in-app navigation (deep links such as /settings/profile, offline reloads) with the
 * precached index.html, so the client router can take over. Must be registered after the precache
 * route, which it relies on for index.html.
 */
export function registerAppShellNavigation(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: [SERVICE_API_PATH],
    }),
  );
}
