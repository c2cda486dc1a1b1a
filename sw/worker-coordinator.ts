/**
 * The worker's side of the shared refresh coordinator (src/shared/refresh-coordinator.ts): the worker
 * serves every tab, so its one in-flight promise, under the Web Lock the pages take too, means one refresh
 * for all of them. A refresh is written to the cookies through the Cookie Store, or, without one (or when it
 * shows no session), handed to the pages to write.
 */
import {
  authHeaderEntries,
  createRefreshCoordinator,
  type RefreshCoordinator,
} from '../src/shared/refresh-coordinator';
import { AUTH_COOKIE_MAX_AGE_S, authCookieAttributes, cookieWritesFor } from '../src/shared/session-cookies';
import { apiBaseFor, type HostConfig } from '../src/shared/session-hosts';
import { REFRESH_LOCK_NAME, SESSION_CHANNEL } from '../src/shared/session-rules';
import type { AuthCookieValues } from '../src/shared/worker-token-message';
import { postToWindows, tellPages } from './page-messaging';
import { workerTokenSource, type WorkerTokenSource } from './token-cache';

/** The coordinator for the worker's calls, reading and writing the tokens of `source`. */
export function createWorkerCoordinator(
  scope: ServiceWorkerGlobalScope,
  hostConfig: HostConfig,
  source: WorkerTokenSource = workerTokenSource(scope),
): RefreshCoordinator {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  /** The access token of the refresh under way (one at a time: the coordinator's in-flight promise). */
  let renewing = '';
  return createRefreshCoordinator({
    // The coordinator only reads on its slow paths (a 401, under the refresh lock): always the source.
    readTokens: () => source.tokens.read(),
    callRefresh: (kind, tokens) => {
      renewing = tokens.accessToken;
      return fetch(`${apiBaseFor('iamserver', scope.location.hostname, hostConfig)}/auth/${kind}`, {
        headers: authHeaderEntries(tokens),
        cache: 'no-store',
      });
    },
    writeTokens: async (tokens) => {
      const writes = cookieWritesFor(tokens, Date.now());
      if (source.kind === 'handed') {
        // No cookies to write from here: stored for the worker, and the pages write the cookies.
        const renewed = await source.tokens.storeRenewal(writes, renewing);
        if (renewed) await postToWindows(scope, renewed);
        return;
      }
      const { cookieStore, tokens: cache } = source;
      const pagesView = cache.servingPagesView;
      const attributes = authCookieAttributes(scope.location.hostname, hostConfig.productDomain);
      // A Cookie Store that shows no session may refuse the write too: the renewed pair is still used, and
      // handed to the pages to write.
      let written = true;
      for (const [name, value] of writes) {
        try {
          await cookieStore.set({
            name,
            value,
            path: '/',
            domain: attributes.domain ?? null,
            expires: Date.now() + AUTH_COOKIE_MAX_AGE_S * 1000,
            sameSite: 'lax',
          });
        } catch {
          written = false;
        }
      }
      cache.applyWrites(writes);
      // The Cookie Store did not show the session (or refused it), so it may not show the pages this write.
      if (pagesView || !written) {
        const tokens = { ...cache.pagesValues(), ...Object.fromEntries(writes) } as AuthCookieValues;
        await postToWindows(scope, { type: 'auth-tokens-renewed', tokens, replaces: renewing });
      }
    },
    withLock: (task) => (scope.navigator.locks ? scope.navigator.locks.request(REFRESH_LOCK_NAME, task) : task()),
    notify: (message) => void tellPages(scope, channel, message),
    now: () => Date.now(),
  });
}
