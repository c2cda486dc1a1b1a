/**
 * The fetch handler: every call to one of the product's services (any of the seven, on the page host's
 * service ports or the configured API hosts) gets both token headers, and a 401 goes to the shared
 * coordinator. Fast path: a call not answered 401 is returned untouched (no body read, no clone of a
 * bodyless request, no lock, no coordinator).
 */
import { authHeaderEntries, type RefreshCoordinator } from '../src/shared/refresh-coordinator';
import type { TokenPair } from '../src/shared/contracts/session';
import { serviceOfUrl, type HostConfig } from '../src/shared/session-hosts';
import type { WorkerTokens } from './token-cache';

/** Session calls that must reach the server untouched by the interceptor (they are the refresh). */
const PASS_THROUGH = /^\/iamserver\/api\/v1\/auth\/(login|verify-code|token|refresh|logout)\/?$/;

function sameTokens(a: TokenPair | null, b: TokenPair | null): boolean {
  if (!a || !b) return a === b;
  return a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;
}

/** The pair a page's call carries in its own headers (the page attaches its cookies), if both are there. */
function carriedPair(request: Request): TokenPair | null {
  const bearer = (name: string) => /^Bearer (.+)$/.exec(request.headers.get(name) ?? '')?.[1] ?? null;
  const accessToken = bearer('Authorization');
  const refreshToken = bearer('X-Refresh-Token');
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

/** A request sent with `tokens` (a copy when it has a body, so the original can be sent again). */
export function attemptFor(request: Request) {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  return (tokens: TokenPair | null) => {
    const headers = new Headers(request.headers);
    if (tokens) for (const [name, value] of Object.entries(authHeaderEntries(tokens))) headers.set(name, value);
    return fetch(new Request(hasBody ? request.clone() : request, { headers }));
  };
}

/**
 * The fast path: the tokens in memory, one call, the answer untouched unless it is a 401. A 401 goes to the
 * coordinator, which re-reads the cookies first: with the same tokens it judges this very answer (refresh,
 * notice) without calling again; with other tokens (a new sign-in, another tab's refresh) it calls again.
 */
export async function callWithTokens(
  cache: WorkerTokens,
  coordinator: RefreshCoordinator,
  attempt: (tokens: TokenPair | null) => Promise<Response>,
  carried: TokenPair | null,
): Promise<Response> {
  let tokens = await cache.current();
  if (!tokens && carried && cache.adopt) tokens = cache.adopt(carried);
  const first = await attempt(tokens);
  if (first.status !== 401) return first;
  let unused: Response | null = first;
  const answer = await coordinator.fetch((current) => {
    if (unused && sameTokens(current, tokens)) {
      const replay = unused;
      unused = null;
      return Promise.resolve(replay);
    }
    return attempt(current);
  });
  if (unused) void (unused as Response).body?.cancel().catch(() => undefined);
  return answer;
}

/** Answers the pages' calls to the services; call before the other routes (no other route handles them). */
export function registerServiceFetch(
  scope: ServiceWorkerGlobalScope,
  hostConfig: HostConfig,
  cache: WorkerTokens,
  coordinator: RefreshCoordinator,
): void {
  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.mode === 'navigate') return;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return;
    }
    if (!serviceOfUrl(url, scope.location.hostname, hostConfig)) return;
    // The live channel's stream (EventSource) carries its own single-use ticket and never ends: answered by
    // the worker, it would count as the worker's work for ever, and a waiting update could never activate.
    if (request.headers.get('Accept')?.includes('text/event-stream')) return;
    // A body can be sent once: keep the original for a retry, send a copy. Only a non-empty body needs it.
    const attempt = attemptFor(request);
    if (PASS_THROUGH.test(url.pathname)) {
      // Already carries the headers the page chose (the refresh pair of the moment); else the cookies, read now.
      event.respondWith(request.headers.has('Authorization') ? fetch(request) : cache.read().then(attempt));
      return;
    }
    event.respondWith(callWithTokens(cache, coordinator, attempt, carriedPair(request)));
  });
}
