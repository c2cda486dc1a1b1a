/**
 * The session flags and the current user (SPEC.md section 4), an external store that React reads with
 * `useSyncExternalStore`. This module is on the first load (/login), so it stays small: set-up, logout
 * and the watchers that need more code live in ./session-lifecycle, loaded when a session exists or
 * appears.
 */
import type { Company, CurrentUser, Product, TokenPair } from '../../shared/contracts/session';
import { readAuthCookies, writeAuthCookies } from '../cookies';
import { COOKIE_POLL_MS } from '../../shared/session-rules';

export interface SessionState {
  isLoggedIn: boolean;
  /** True while the user is being fetched. */
  authStatusLoading: boolean;
  isSuperAdmin: boolean;
  user: CurrentUser | null;
  company: Company | null;
  products: Product[];
  /** The subscription plan expired before today. */
  isExpired: boolean;
}

export const LOGGED_OUT_STATE: SessionState = {
  isLoggedIn: false,
  authStatusLoading: false,
  isSuperAdmin: false,
  user: null,
  company: null,
  products: [],
  isExpired: false,
};

// With both cookies at boot the session is about to be set up: loading, so guards wait instead of
// sending a signed-in user to /login.
let state: SessionState =
  typeof document !== 'undefined' && readAuthCookies()
    ? { ...LOGGED_OUT_STATE, authStatusLoading: true }
    : LOGGED_OUT_STATE;
const listeners = new Set<() => void>();

export function getSessionState(): SessionState {
  return state;
}

export function setSessionState(next: SessionState | ((current: SessionState) => SessionState)): void {
  state = typeof next === 'function' ? next(state) : next;
  for (const listener of [...listeners]) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  startWatching();
  return () => {
    listeners.delete(listener);
  };
}

const loadLifecycle = () => import('./session-lifecycle');

/** Stores the tokens of a sign-in (the four cookies of CONTRACT.md section 5) and sets the session up. */
export async function completeSignIn(tokens: TokenPair): Promise<void> {
  writeAuthCookies(tokens);
  const lifecycle = await loadLifecycle();
  await lifecycle.startSessionLifecycle();
  await lifecycle.setUpSession({ ignoreCooldown: true });
}

/** Ends the session everywhere (SPEC.md section 4 "Logout"); `redirect` goes to /login afterwards. */
export async function logout(options: { redirect?: boolean } = {}): Promise<void> {
  const lifecycle = await loadLifecycle();
  await lifecycle.logout(options);
}

let watching = false;

/**
 * Until a session exists only a cheap watch runs: both cookies appearing (a sign-in in another tab)
 * loads the lifecycle, which takes over. With cookies at boot it loads at once.
 */
function startWatching(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  let started = false;
  const check = () => {
    if (started || !readAuthCookies()) return;
    started = true;
    void loadLifecycle().then((lifecycle) => lifecycle.startSessionLifecycle());
  };
  check();
  if (started) return;
  const store = (window as { cookieStore?: EventTarget }).cookieStore;
  store?.addEventListener('change', check);
  document.addEventListener('visibilitychange', check);
  if (!store) {
    setInterval(() => {
      if (document.visibilityState === 'visible') check();
    }, COOKIE_POLL_MS);
  }
}
