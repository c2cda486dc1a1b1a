/**
 * The session life cycle of docs/product-rules.md section 4: set-up, logout, the cookie watch, messages from the
 * service worker and the other tabs, and the silent refresh. Loaded on demand (not on the first load of
 * /login) as soon as a session exists or appears.
 */
import { clear as clearIdb } from 'idb-keyval';
import {
  Cooldown,
  COOKIE_POLL_MS,
  SETUP_COOLDOWN_MS,
  REFERENCE_DATA_MAX_AGE_MS,
  SILENT_REFRESH_CHECK_MS,
  isPlanExpired,
} from '../../shared/session-rules';
import { fetchUserAnswerSchema, type CurrentUser } from '../../shared/contracts/session';
import { authHeaderEntries } from '../../shared/refresh-coordinator';
import { unwrapSessionMessage, type SessionMessage } from '../../shared/sw-messages';
import { apiCall } from '../api/api-client';
import { apiBase } from '../api/api-base';
import { isApiError } from '../api/api-error';
import { outboxHint } from '../outbox/outbox-hint';
import { readAuthCookies, removeAuthCookies } from '../cookies';
import { removeIntegrations } from '../integrations/remove-integrations';
import { queryClient } from '../query-client';
import { loadReferenceData } from '../reference-data/reference-data';
import { pageRefreshCoordinator } from './page-refresh';
import { clearQueryPersistence, startQueryPersistence } from './query-persistence';
import { routeBridge } from './route-bridge';
import { announceSessionExpired } from './session-expired-notice';
import { emitSessionMessage, sessionChannel, setSessionMessageHandler } from './session-events';
import { LOGGED_OUT_STATE, getSessionState, setSessionState } from './session-state';

export const CURRENT_USER_QUERY_KEY = ['session', 'current-user'] as const;

/** How long a logout waits for the identity provider's sign-out before removing the cookies anyway. */
const IDENTITY_SIGN_OUT_WAIT_MS = 3000;

const setupCooldown = new Cooldown(SETUP_COOLDOWN_MS);
let setupInFlight: Promise<void> | null = null;
let setupRetry: ReturnType<typeof setTimeout> | null = null;
let loggingOut: Promise<void> | null = null;
let started = false;

/** Installs the watchers (once) and brings the store in line with the cookies. */
export async function startSessionLifecycle(): Promise<void> {
  if (started) return;
  started = true;
  setSessionMessageHandler(handleSessionMessage);
  sessionChannel()?.addEventListener('message', (event) => {
    const message = unwrapSessionMessage(event.data);
    if (message) handleSessionMessage(message);
  });
  navigator.serviceWorker?.addEventListener('message', (event) => {
    const message = unwrapSessionMessage(event.data);
    if (message) handleSessionMessage(message);
  });
  // A worker without the Cookie Store API gets the tokens from the page (issue 12). Loaded once a worker is
  // active (it waits for control itself), never with the first load's own chunks.
  void navigator.serviceWorker?.ready
    .then(() => import('./worker-token-handoff'))
    .then((handoff) => handoff.startWorkerTokenHandoff(), console.warn);

  const store = (window as { cookieStore?: EventTarget }).cookieStore;
  if (store) {
    store.addEventListener('change', () => void syncWithCookies());
  } else {
    setInterval(() => {
      // A page being torn down (a test environment's end) may still run one last tick.
      if (typeof document !== 'undefined' && document.visibilityState === 'visible') void syncWithCookies();
    }, COOKIE_POLL_MS);
  }
  // A change event can be missed right after the listener is added (docs/field-notes.md): re-check on show.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    void syncWithCookies();
    void runSilentRefresh();
  });
  setInterval(() => void runSilentRefresh(), SILENT_REFRESH_CHECK_MS);
  window.addEventListener('online', () => {
    if (getSessionState().isLoggedIn) askForOutboxReplay();
  });
  await startQueryPersistence();
  // The set-up's first step is synchronous: the remembered user shown, or the loading state set, before its
  // first await (the fetch-user call). The state React first renders from is known from here on.
  const synced = syncWithCookies();
  markShown();
  await synced;
}

let markShown: () => void = () => undefined;
const shown = new Promise<void>((resolve) => (markShown = resolve));

/**
 * Resolves once the life cycle has put in the store what it knows without the network: the user this device
 * remembers (a repeat visit), the loading state (none remembered), or logged out. The entry waits for it
 * (bounded) before its first render, so a repeat visit's first frame is the signed-in one (issue 24).
 */
export function sessionShown(): Promise<void> {
  return shown;
}

/** Signed in = both cookies. Missing → logout; present while logged out → set up. */
export async function syncWithCookies(): Promise<void> {
  const tokens = readAuthCookies();
  const current = getSessionState();
  if (!tokens) {
    lastAccessToken = null;
    if (current.isLoggedIn || current.authStatusLoading || current.user) await logout({ redirect: false });
    return;
  }
  // A renewed access token (this tab's refresh, the worker's or another tab's): writes that met the expired
  // one may be waiting, so the outbox is asked again.
  const renewed = lastAccessToken !== null && tokens.accessToken !== lastAccessToken;
  lastAccessToken = tokens.accessToken;
  if (renewed && current.isLoggedIn) askForOutboxReplay();
  if (!current.isLoggedIn && !setupInFlight && !loggingOut) await setUpSession();
}

let lastAccessToken: string | null = null;

/**
 * Has the outbox's waiting writes sent now, if there are any. The count kept in local storage says so
 * without IndexedDB code, so a signed-in first load with an empty outbox loads no outbox chunk at all.
 */
function askForOutboxReplay(): void {
  if (outboxHint().waiting === 0) return;
  void import('../outbox/outbox-watch').then((watch) => watch.replayWaitingOutbox()).catch(() => undefined);
}

async function runSilentRefresh(): Promise<void> {
  if (!getSessionState().isLoggedIn) return;
  try {
    await pageRefreshCoordinator().silentRefresh();
  } catch (error) {
    console.warn('Silent token refresh failed; the next call will retry.', error);
  }
}

/**
 * Loads the user (with company and products), then the reference data; marks the user logged in.
 * Runs only with an access cookie, never twice at once, and not within 3 s of the last attempt.
 */
export function setUpSession({ ignoreCooldown = false } = {}): Promise<void> {
  if (setupInFlight) return setupInFlight;
  if (!readAuthCookies()) return Promise.resolve();
  const entered = setupCooldown.tryEnter(Date.now());
  if (!entered && !ignoreCooldown) {
    console.info('Session set-up skipped: the last attempt was less than 3 s ago.');
    // Not dropped for good: the cookies may still say "signed in" once the cooldown is over.
    setupRetry ??= setTimeout(() => {
      setupRetry = null;
      void syncWithCookies();
    }, SETUP_COOLDOWN_MS);
    return Promise.resolve();
  }
  const run = runSetUp();
  setupInFlight = run;
  const clear = () => {
    if (setupInFlight === run) setupInFlight = null;
  };
  run.then(clear, clear);
  return run;
}

/**
 * The user this device's persisted cache remembers for the signed-in company and user (the cache is keyed by
 * both), when fetched less than 24 hours ago: the repeat visit renders the signed-in frame from it at once
 * (issue 24) while `fetch-user` runs in the background.
 */
function rememberedUser(): CurrentUser | null {
  const state = queryClient.getQueryState<CurrentUser[]>(CURRENT_USER_QUERY_KEY);
  const user = state?.data?.[0];
  if (!user || Date.now() - state.dataUpdatedAt > REFERENCE_DATA_MAX_AGE_MS) return null;
  return user;
}

async function runSetUp(): Promise<void> {
  // A set-up of a session already shown (an app opened offline, now back online) updates it in place: the
  // loading flag would cover the app and unmount the signed-in frame with every open form in it.
  if (!getSessionState().isLoggedIn) {
    // A repeat visit shows the remembered user at once; the call below still runs, and its answer (another
    // user, company or permissions; or a refusal, which logs out) decides. Without one: loading, as before.
    const remembered = rememberedUser();
    if (remembered) applyUser(remembered);
    else setSessionState((state) => ({ ...state, authStatusLoading: true }));
  }
  let user: CurrentUser | undefined;
  try {
    const users = await queryClient.fetchQuery({
      queryKey: CURRENT_USER_QUERY_KEY,
      queryFn: () => apiCall('iamserver', '/fetch-user', fetchUserAnswerSchema),
      staleTime: 0,
      retry: false,
      // Offline it fails at once (and the session carries on from the cache) instead of waiting paused.
      networkMode: 'always',
    });
    user = users[0];
  } catch (error) {
    if (isApiError(error) && error.status === 0) {
      // Offline: the cookies still say signed in. Keep the session with what the cache remembers and
      // set up properly once the network is back.
      const cached = queryClient.getQueryData<CurrentUser[]>(CURRENT_USER_QUERY_KEY)?.[0];
      applyUser(cached ?? null);
      window.addEventListener('online', () => void setUpSession({ ignoreCooldown: true }), { once: true });
      return;
    }
    console.warn('Session set-up failed: fetching the current user was refused.', error);
  }
  if (!user) {
    await logout({ redirect: true });
    return;
  }
  if (!readAuthCookies()) return; // logged out meanwhile
  applyUser(user);
  // Signed in and online: what waits in the outbox goes now, whatever happened to the token meanwhile.
  askForOutboxReplay();
  void loadReferenceData(queryClient);
  void import('../firebase/firebase-session')
    .then((firebase) => firebase.signInToIdentityProvider())
    .then((outcome) => {
      // The identity provider refused the user (disabled, token expired): the product session ends too.
      if (outcome === 'user-rejected') return logout({ redirect: true });
    });
}

function applyUser(user: CurrentUser | null): void {
  setSessionState({
    isLoggedIn: true,
    authStatusLoading: false,
    isSuperAdmin: user?.isSuperAdmin ?? false,
    user,
    company: user?.company ?? null,
    products: user?.products ?? [],
    isExpired: user ? user.isExpired || isPlanExpired(user.company?.subscripedPlan?.expiryDate, new Date()) : false,
  });
}

function handleSessionMessage(message: SessionMessage): void {
  switch (message.type) {
    case 'session-expired':
    case 'session-cleared':
      announceSessionExpired();
      void logout({ redirect: routeBridge()?.currentRouteRequiresAuth() ?? true });
      return;
    case 'logged-out':
      void logout({ redirect: false, broadcast: false });
      return;
    case 'tokens-refreshed':
      return;
  }
}

export interface LogoutOptions {
  redirect?: boolean;
  /** Tell the other tabs (false when this logout follows another tab's). */
  broadcast?: boolean;
}

/**
 * docs/product-rules.md section 4 "Logout", in order: state, session storage, local storage, the persisted query cache
 * (memory, session storage, IndexedDB), the server logout (with both cookies), the identity provider, every
 * third-party script (maps, analytics, chat, Sentry: `removeIntegrations`), the four cookies; then /login
 * if asked.
 */
export function logout({ redirect = false, broadcast = true }: LogoutOptions = {}): Promise<void> {
  loggingOut ??= runLogout(broadcast).finally(() => {
    loggingOut = null;
  });
  return loggingOut.then(() => {
    if (redirect) goToLogin();
  });
}

async function runLogout(broadcast: boolean): Promise<void> {
  const tokens = readAuthCookies();
  setSessionState(LOGGED_OUT_STATE);
  safely(() => clearStorageKeeping(window.sessionStorage, DEVICE_STATE_KEYS));
  safely(() => window.localStorage.clear());
  await clearQueryPersistence().catch(() => undefined);
  // The user's outbox and the API caches (issue 12); the precached shell stays.
  await import('./purge-user-data').then((purge) => purge.purgeUserData(tokens?.accessToken)).catch(() => undefined);
  // idb-keyval's default store (IndexedDB); absent in some browsers' private modes.
  await Promise.resolve()
    .then(() => clearIdb())
    .catch(() => undefined);
  if (tokens) {
    await fetch(`${apiBase('iamserver')}/auth/logout`, {
      method: 'POST',
      headers: authHeaderEntries(tokens),
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
  }
  // Bounded: an identity provider that does not answer must not keep the cookies (the session) alive.
  await Promise.race([
    import('../firebase/firebase-session').then((firebase) => firebase.signOutOfIdentityProvider()),
    new Promise((resolve) => setTimeout(resolve, IDENTITY_SIGN_OUT_WAIT_MS)),
  ]).catch(() => undefined);
  removeIntegrations();
  removeAuthCookies();
  if (broadcast) emitSessionMessage({ type: 'logged-out' }, { broadcast: true, local: false });
}

function goToLogin(): void {
  if (window.location.pathname.startsWith('/login')) return;
  const bridge = routeBridge();
  if (bridge) bridge.goToLogin();
  else {
    const target = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.location.assign(`/login?${new URLSearchParams({ redirect_uri: target }).toString()}`);
  }
}

/**
 * Session-storage keys that are device state, not user data: the stale-chunk reload guard must survive
 * a logout or a broken chunk on a protected route could reload forever.
 */
const DEVICE_STATE_KEYS = ['freight-desk:stale-chunk-reload-at'];

function clearStorageKeeping(storage: Storage, keep: readonly string[]): void {
  const kept = keep.flatMap((key) => {
    const value = storage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  storage.clear();
  for (const [key, value] of kept) storage.setItem(key, value);
}

function safely(task: () => void): void {
  try {
    task();
  } catch {
    // Storage may be unavailable (privacy settings); nothing to clear then.
  }
}
