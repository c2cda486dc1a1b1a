/**
 * The session's entry points for the screens: sign-in completion, logout and the subscription React
 * reads the state through. This module is on the first load (/login), so it stays small: set-up, logout
 * and the watchers that need more code live in ./session-lifecycle, loaded when a session exists or
 * appears. The state itself is the leaf module ./session-state, which the life cycle writes: the life
 * cycle never imports this module back.
 */
import type { TokenPair } from '../../shared/contracts/session';
import { readAuthCookies, writeAuthCookies } from '../cookies';
import { COOKIE_POLL_MS } from '../../shared/session-rules';
import { subscribeSessionState } from './session-state';

/** Subscribes to the session state (./session-state) and starts the watch for a session appearing. */
export function subscribeSession(listener: () => void): () => void {
  const unsubscribe = subscribeSessionState(listener);
  startWatching();
  return unsubscribe;
}

const loadLifecycle = () => import('./session-lifecycle');

/** Stores the tokens of a sign-in (the four cookies of docs/api.md section 5) and sets the session up. */
export async function completeSignIn(tokens: TokenPair): Promise<void> {
  writeAuthCookies(tokens);
  const lifecycle = await loadLifecycle();
  await lifecycle.startSessionLifecycle();
  await lifecycle.setUpSession({ ignoreCooldown: true });
}

/** Ends the session everywhere (docs/product-rules.md section 4 "Logout"); `redirect` goes to /login afterwards. */
export async function logout(options: { redirect?: boolean } = {}): Promise<void> {
  const lifecycle = await loadLifecycle();
  await lifecycle.logout(options);
}

/**
 * Called by the entry before its first render: with both cookies (a repeat visit), loads the life cycle at
 * once rather than after the first render's subscription, and answers when it has put the remembered user
 * (or the loading state) in the store (`sessionShown`). Null when nobody is signed in.
 */
export function startSessionEarly(): Promise<void> | null {
  if (typeof window === 'undefined' || !readAuthCookies()) return null;
  return loadLifecycle().then((lifecycle) => {
    void lifecycle.startSessionLifecycle();
    return lifecycle.sessionShown();
  });
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
      // A page being torn down (a test environment's end) may still run one last tick.
      if (typeof document !== 'undefined' && document.visibilityState === 'visible') check();
    }, COOKIE_POLL_MS);
  }
}
