/**
 * The worker's auth: every call to one of the product's services gets both token headers, and the 401
 * interceptor with the single refresh is the shared coordinator. Wiring only; each concern has its module:
 * - token-cache.ts: the tokens in memory (from the Cookie Store, or the pages' hand-over without one);
 * - cookie-store.ts: the Cookie Store API (bounded reads, the `cookiechange` subscription);
 * - worker-coordinator.ts: the refresh, one for every tab (in-flight promise plus the pages' Web Lock);
 * - page-messaging.ts: notices and renewed tokens to the pages, their hand-over to the worker;
 * - service-fetch.ts: the fetch handler and its fast path.
 */
import { apiBaseFor, hostConfigFromEnv, type HostConfig } from '../src/shared/session-hosts';
import type { ServiceName } from '../src/shared/services';
import { subscribeToAuthCookies, type CookieChangeEventLike } from './cookie-store';
import { receiveHandOvers } from './page-messaging';
import { attemptFor, callWithTokens, registerServiceFetch } from './service-fetch';
import { workerTokenSource, type WorkerTokens } from './token-cache';
import type { TokenStorage } from './token-handoff';
import { createWorkerCoordinator } from './worker-coordinator';

export interface AuthHeadersOptions {
  hostConfig?: HostConfig;
  /** Where the handed-over tokens outlive the worker when it has no Cookie Store (tests: in memory). */
  tokenStorage?: TokenStorage;
}

/** What the worker's other parts (the outbox's replay) use to call the services as a page's call would be sent. */
export interface WorkerAuth {
  /** Sends a request with the tokens of the moment, and the one shared refresh on `jwt expired`. */
  send(request: Request): Promise<Response>;
  /** The access token of the moment, or null when signed out. */
  accessToken(): Promise<string | null>;
  /** A service's API base for the worker's host (the pages' one). */
  apiBase(service: ServiceName): string;
}

/** Registers the worker's auth (the fetch handler among it); call before the other routes. */
export function registerAuthHeaders(scope: ServiceWorkerGlobalScope, options: AuthHeadersOptions = {}): WorkerAuth {
  const hostConfig = options.hostConfig ?? hostConfigFromEnv(buildEnv());
  const source = workerTokenSource(scope, options.tokenStorage);
  const cache: WorkerTokens = source.tokens;
  const coordinator = createWorkerCoordinator(scope, hostConfig, source);

  if (source.kind === 'cookie-store') {
    const subscribe = (event: Event) => (event as ExtendableEvent).waitUntil(subscribeToAuthCookies(scope));
    scope.addEventListener('install', subscribe);
    scope.addEventListener('activate', subscribe);
    scope.addEventListener('cookiechange', (event) =>
      source.tokens.applyChange(event as unknown as CookieChangeEventLike),
    );
  }
  receiveHandOvers(scope, source);
  registerServiceFetch(scope, hostConfig, cache, coordinator);

  return {
    send: (request) => callWithTokens(cache, coordinator, attemptFor(request), null),
    accessToken: async () => (await cache.current())?.accessToken ?? null,
    apiBase: (service) => apiBaseFor(service, scope.location.hostname, hostConfig),
  };
}

/** Build-time `VITE_*` variables (Vite replaces `import.meta.env` in the worker bundle too). */
function buildEnv(): Record<string, unknown> {
  try {
    return ((import.meta as unknown as { env?: Record<string, unknown> }).env ?? {}) as Record<string, unknown>;
  } catch {
    return {};
  }
}
