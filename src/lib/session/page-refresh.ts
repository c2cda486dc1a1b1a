/**
 * The page's transport for the shared refresh coordinator, used when no service worker controls the
 * page: cookies through `document.cookie`, the cross-tab lock through `navigator.locks` (Web Locks; the
 * worker takes the same lock), session messages to this page and the other tabs.
 */
import { authHeaderEntries, createRefreshCoordinator, type RefreshCoordinator } from '../../shared/refresh-coordinator';
import { REFRESH_LOCK_NAME } from '../../shared/session-rules';
import { readAuthCookies, writeAuthCookies } from '../cookies';
import { apiBase } from '../api/api-base';
import { emitSessionMessage } from './session-events';

let coordinator: RefreshCoordinator | null = null;

export function pageRefreshCoordinator(): RefreshCoordinator {
  coordinator ??= createRefreshCoordinator({
    readTokens: async () => readAuthCookies(),
    callRefresh: (kind, tokens) =>
      fetch(`${apiBase('iamserver')}/auth/${kind}`, { headers: authHeaderEntries(tokens), cache: 'no-store' }),
    writeTokens: async (tokens) => writeAuthCookies(tokens),
    withLock: (task) =>
      typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(REFRESH_LOCK_NAME, task) : task(),
    notify: (message) => emitSessionMessage(message, { broadcast: message.type !== 'tokens-refreshed' }),
    now: () => Date.now(),
  });
  return coordinator;
}
