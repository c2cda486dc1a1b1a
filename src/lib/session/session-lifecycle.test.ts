// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_SCRIPT_IDS, SESSION_CHANNEL, SETUP_COOLDOWN_MS, COOKIE_POLL_MS } from '../../shared/session-rules';
import { currentUserFixture } from './current-user-fixture';
import type { z } from 'zod';
import type * as CookiesModule from '../cookies';
import type { IdentitySignInOutcome } from '../firebase/firebase-session';
import type * as RemoveIntegrationsModule from '../integrations/remove-integrations';
import type * as LifecycleModule from './session-lifecycle';
import type * as StoreModule from './session-state';
import { unwrapSessionMessage, wrapSessionMessage, type SessionMessage } from '../../shared/sw-messages';

/** Every side effect of the lifecycle that has to happen in order, as the fakes below saw it. */
const steps = vi.hoisted(() => [] as string[]);
const api = vi.hoisted(() => ({ apiCall: vi.fn() }));
const identity = vi.hoisted(() => ({
  signInToIdentityProvider: vi.fn(async (): Promise<IdentitySignInOutcome> => 'signed-in'),
  signOutOfIdentityProvider: vi.fn(async () => void steps.push('identity-provider')),
}));
const serverFetch = vi.hoisted(() => vi.fn());

vi.mock('../api/api-client', () => api);
vi.mock('../reference-data/reference-data', () => ({ loadReferenceData: vi.fn(async () => undefined) }));
vi.mock('./query-persistence', () => ({
  startQueryPersistence: vi.fn(async () => undefined),
  clearQueryPersistence: vi.fn(async () => void steps.push('query-cache')),
}));
vi.mock('idb-keyval', () => ({ clear: vi.fn(async () => void steps.push('indexeddb')) }));
vi.mock('../firebase/firebase-session', () => identity);
// The real removal and the real cookies, each recording when it ran.
vi.mock('../integrations/remove-integrations', async (importOriginal) => {
  const original = await importOriginal<typeof RemoveIntegrationsModule>();
  return {
    ...original,
    removeIntegrations: () => {
      steps.push('scripts');
      original.removeIntegrations();
    },
  };
});
vi.mock('../cookies', async (importOriginal) => {
  const original = await importOriginal<typeof CookiesModule>();
  return {
    ...original,
    removeAuthCookies: () => {
      steps.push('cookies');
      original.removeAuthCookies();
    },
  };
});

/** The `data` of iamserver's fetch-user answer, checked against the contract. */
const USER = currentUserFixture();

type Lifecycle = typeof LifecycleModule;
type Store = typeof StoreModule;

/** A fresh copy of the lifecycle and its store per test: both keep module state (cooldown, watchers). */
let lifecycle: Lifecycle;
let store: Store;
let testChannel: BroadcastChannel;
const fromOtherTabs: SessionMessage[] = [];

async function setCookies(names = ['__cez_at', '__cez_rt', '__cez_atxr', '__cez_rtxr']) {
  const { writeAuthCookies } = await import('../cookies');
  writeAuthCookies({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  for (const name of ['__cez_at', '__cez_rt', '__cez_atxr', '__cez_rtxr'].filter((n) => !names.includes(n))) {
    document.cookie = `${name}=; path=/; max-age=0`;
  }
}

function clearCookies() {
  for (const name of ['__cez_at', '__cez_rt', '__cez_atxr', '__cez_rtxr'])
    document.cookie = `${name}=; path=/; max-age=0`;
}

/** Listeners a test's lifecycle put on the document and the window, removed after it. */
const installed: Array<() => void> = [];
function trackListeners(target: EventTarget) {
  const add = target.addEventListener.bind(target);
  vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
    add(type, listener, options);
    installed.push(() => target.removeEventListener(type, listener, options));
  });
}

const fetchUserCalls = () => api.apiCall.mock.calls.filter(([, path]) => path === '/fetch-user').length;

beforeEach(async () => {
  // Only the clock and the timers: the poll (no Cookie Store in jsdom), the 3 s retry and the cooldown.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  steps.length = 0;
  fromOtherTabs.length = 0;
  api.apiCall.mockReset();
  identity.signInToIdentityProvider.mockReset();
  identity.signInToIdentityProvider.mockResolvedValue('signed-in');
  // apiCall answers the `data` its schema parsed: the fixtures go through the same schema.
  api.apiCall.mockImplementation(async (_service: string, path: string, schema: z.ZodType) =>
    schema.parse(path === '/fetch-user' ? [USER] : []),
  );
  serverFetch.mockReset();
  serverFetch.mockImplementation(async () => {
    steps.push('server-logout');
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', serverFetch);
  clearCookies();
  sessionStorage.clear();
  localStorage.clear();
  trackListeners(document);
  trackListeners(window);
  vi.resetModules();
  lifecycle = await import('./session-lifecycle');
  store = await import('./session-state');
  testChannel = new BroadcastChannel(SESSION_CHANNEL);
  testChannel.onmessage = (event: MessageEvent) => {
    const message = unwrapSessionMessage(event.data);
    if (message) fromOtherTabs.push(message);
  };
});

afterEach(async () => {
  for (const remove of installed.splice(0)) remove();
  testChannel.close();
  (await import('./session-events')).sessionChannel()?.close();
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
  document.head.replaceChildren();
});

/** Lets the lifecycle's promise chains (dynamic imports, fake fetches) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function signedIn(): Promise<void> {
  await setCookies();
  await lifecycle.startSessionLifecycle();
  expect(store.getSessionState()).toMatchObject({ isLoggedIn: true, authStatusLoading: false });
}

describe('session set-up', () => {
  it('sets up when both cookies exist and the store is logged out', async () => {
    await setCookies();
    expect(store.getSessionState().isLoggedIn).toBe(false);

    await lifecycle.startSessionLifecycle();

    expect(api.apiCall).toHaveBeenCalledWith('iamserver', '/fetch-user', expect.anything());
    expect(store.getSessionState()).toMatchObject({
      isLoggedIn: true,
      authStatusLoading: false,
      user: USER,
      company: USER.company,
      isExpired: false,
    });
  });

  it('sets up when the cookies appear later (a sign-in in another tab), on the next cookie check', async () => {
    await lifecycle.startSessionLifecycle();
    expect(fetchUserCalls()).toBe(0);

    await setCookies();
    await vi.advanceTimersByTimeAsync(COOKIE_POLL_MS);

    expect(fetchUserCalls()).toBe(1);
    expect(store.getSessionState().isLoggedIn).toBe(true);
  });

  it('does not run without the access cookie', async () => {
    await setCookies(['__cez_rt']);
    await lifecycle.setUpSession();
    expect(fetchUserCalls()).toBe(0);
  });

  it('ignores a second attempt within 3 s, with a console message, and runs again after', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await setCookies();
    await lifecycle.setUpSession();
    expect(fetchUserCalls()).toBe(1);

    vi.setSystemTime(Date.now() + SETUP_COOLDOWN_MS - 1);
    await lifecycle.setUpSession();
    expect(fetchUserCalls()).toBe(1);
    expect(info).toHaveBeenCalledWith('Session set-up skipped: the last attempt was less than 3 s ago.');

    vi.setSystemTime(Date.now() + 1);
    await lifecycle.setUpSession();
    expect(fetchUserCalls()).toBe(2);
  });

  it('never runs twice at once', async () => {
    await setCookies();
    const first = lifecycle.setUpSession();
    const second = lifecycle.setUpSession({ ignoreCooldown: true });
    expect(second).toBe(first);
    await first;
    expect(fetchUserCalls()).toBe(1);
  });

  it('logs out with a redirect when the user cannot be fetched', async () => {
    const bridge = await import('./route-bridge');
    bridge.registerRouteBridge({ goToLogin: () => steps.push('redirect'), currentRouteRequiresAuth: () => true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.apiCall.mockRejectedValue(Object.assign(new Error('refused'), { status: 401 }));
    await setCookies();

    await lifecycle.setUpSession();

    expect(store.getSessionState().isLoggedIn).toBe(false);
    expect(document.cookie).not.toContain('__cez_');
    expect(steps.at(-1)).toBe('redirect');
  });
});

describe('a repeat visit (a user remembered by this device)', () => {
  /** Puts `user` in the cache as a fetch `ageMs` ago would have left it (the persisted copy, restored). */
  async function remember(user: typeof USER, ageMs: number) {
    const { queryClient } = await import('../query-client');
    const { CURRENT_USER_QUERY_KEY } = lifecycle;
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, [user], { updatedAt: Date.now() - ageMs });
  }

  /** fetch-user answers only when the test says so. */
  function holdFetchUser() {
    let answer: (users: unknown[]) => void = () => undefined;
    let refuse: (error: Error) => void = () => undefined;
    api.apiCall.mockImplementation(
      (_service: string, path: string, schema: z.ZodType) =>
        new Promise((resolve, reject) => {
          if (path !== '/fetch-user') return resolve(schema.parse([]));
          answer = (users) => resolve(schema.parse(users));
          refuse = reject;
        }),
    );
    return { answer: (users: unknown[]) => answer(users), refuse: (error: Error) => refuse(error) };
  }

  it('shows the remembered user at once, still asks the server, and follows its answer', async () => {
    await remember(USER, 60_000);
    const held = holdFetchUser();
    await setCookies();
    const started = lifecycle.startSessionLifecycle();
    await settle();

    // Signed in from what the device had, before the server answered.
    expect(fetchUserCalls()).toBe(1);
    expect(store.getSessionState()).toMatchObject({ isLoggedIn: true, authStatusLoading: false, user: USER });

    // The server knows better: the user and the company were renamed meanwhile.
    const changed = { ...USER, name: 'Ada Renamed', company: { ...USER.company, name: 'Demo Freight Renamed' } };
    held.answer([changed]);
    await started;
    expect(store.getSessionState().user?.name).toBe('Ada Renamed');
    expect(store.getSessionState().company?.name).toBe('Demo Freight Renamed');
  });

  it('tells the entry the remembered user is shown before the server has answered (the first render waits for it)', async () => {
    await remember(USER, 60_000);
    const held = holdFetchUser();
    await setCookies();
    const started = lifecycle.startSessionLifecycle();
    let shown = false;
    void lifecycle.sessionShown().then(() => (shown = true));
    await settle();
    expect(shown).toBe(true);
    expect(fetchUserCalls()).toBe(1);
    expect(store.getSessionState()).toMatchObject({ isLoggedIn: true, user: USER });
    held.answer([USER]);
    await started;
  });

  it('logs out when the background check is refused', async () => {
    const bridge = await import('./route-bridge');
    bridge.registerRouteBridge({ goToLogin: () => steps.push('redirect'), currentRouteRequiresAuth: () => true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await remember(USER, 60_000);
    const held = holdFetchUser();
    await setCookies();
    const started = lifecycle.startSessionLifecycle();
    await settle();
    expect(store.getSessionState().isLoggedIn).toBe(true);

    held.refuse(Object.assign(new Error('refused'), { status: 401 }));
    await started;
    expect(store.getSessionState().isLoggedIn).toBe(false);
    expect(steps.at(-1)).toBe('redirect');
  });

  it('waits for the server, as a first visit does, when the remembered user is older than 24 hours', async () => {
    await remember(USER, 24 * 60 * 60 * 1000 + 1000);
    const held = holdFetchUser();
    await setCookies();
    const started = lifecycle.startSessionLifecycle();
    await settle();
    expect(store.getSessionState()).toMatchObject({ isLoggedIn: false, authStatusLoading: true });

    held.answer([USER]);
    await started;
    expect(store.getSessionState()).toMatchObject({ isLoggedIn: true, user: USER });
  });
});

describe('an app opened offline', () => {
  it('sets up again on reconnect in place: never loading, never signed out meanwhile', async () => {
    const { ApiError } = await import('../api/api-error');
    api.apiCall.mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'offline'));
    await setCookies();
    await lifecycle.startSessionLifecycle();
    expect(store.getSessionState()).toMatchObject({ isLoggedIn: true, authStatusLoading: false, user: null });

    const seen: Array<{ isLoggedIn: boolean; authStatusLoading: boolean }> = [];
    store.subscribeSessionState(() => seen.push({ ...store.getSessionState() }));
    window.dispatchEvent(new Event('online'));
    await settle();

    expect(fetchUserCalls()).toBe(2);
    expect(store.getSessionState()).toMatchObject({ isLoggedIn: true, authStatusLoading: false, user: USER });
    // The signed-in frame (and any open form) stays mounted only if no state in between said otherwise.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((state) => state.isLoggedIn && !state.authStatusLoading)).toBe(true);
  });
});

describe('the identity-provider sign-in after set-up', () => {
  it('ends the product session, to login, when the identity provider refuses the user', async () => {
    const bridge = await import('./route-bridge');
    bridge.registerRouteBridge({ goToLogin: () => steps.push('redirect'), currentRouteRequiresAuth: () => true });
    identity.signInToIdentityProvider.mockResolvedValue('user-rejected');
    await setCookies();

    await lifecycle.startSessionLifecycle();
    await vi.waitFor(() => expect(steps).toContain('redirect'));

    expect(identity.signInToIdentityProvider).toHaveBeenCalledTimes(1);
    expect(store.getSessionState().isLoggedIn).toBe(false);
    expect(document.cookie).not.toContain('__cez_');
  });

  it.each(['signed-in', 'unavailable', 'failed'] as const)(
    'keeps the product session when it is %s',
    async (outcome) => {
      identity.signInToIdentityProvider.mockResolvedValue(outcome);
      await signedIn();
      await settle();

      expect(identity.signInToIdentityProvider).toHaveBeenCalledTimes(1);
      expect(store.getSessionState().isLoggedIn).toBe(true);
      expect(document.cookie).toContain('__cez_at');
    },
  );
});

describe('the cookie watch', () => {
  it('logs out when a cookie goes missing', async () => {
    await signedIn();

    document.cookie = '__cez_rt=; path=/; max-age=0';
    await vi.advanceTimersByTimeAsync(COOKIE_POLL_MS);

    expect(store.getSessionState()).toMatchObject({ isLoggedIn: false, user: null, authStatusLoading: false });
    expect(document.cookie).not.toContain('__cez_');
    // The refresh cookie was gone, so there was no session left to end at the server.
    expect(serverFetch).not.toHaveBeenCalled();
  });

  it('also checks when the tab becomes visible again', async () => {
    await signedIn();
    document.cookie = '__cez_at=; path=/; max-age=0';

    document.dispatchEvent(new Event('visibilitychange'));
    await settle();

    expect(store.getSessionState().isLoggedIn).toBe(false);
  });
});

describe('logout', () => {
  it('runs the steps of docs/product-rules.md section 4 in order', async () => {
    await signedIn();
    const bridge = await import('./route-bridge');
    bridge.registerRouteBridge({ goToLogin: () => steps.push('redirect'), currentRouteRequiresAuth: () => true });
    sessionStorage.setItem('draft', 'x');
    localStorage.setItem('prefs', 'y');
    const stateWhenStorageCleared: boolean[] = [];
    vi.spyOn(Storage.prototype, 'clear').mockImplementation(function (this: Storage) {
      stateWhenStorageCleared.push(store.getSessionState().isLoggedIn);
      steps.push(this === sessionStorage ? 'session-storage' : 'local-storage');
      for (const key of Object.keys(this)) this.removeItem(key);
    });
    steps.length = 0;

    await lifecycle.logout({ redirect: true });

    expect(steps).toEqual([
      'session-storage',
      'local-storage',
      'query-cache',
      'indexeddb',
      'server-logout',
      'identity-provider',
      'scripts',
      'cookies',
      'redirect',
    ]);
    // State first: already logged out when the storage went.
    expect(stateWhenStorageCleared).toEqual([false, false]);
    expect(store.getSessionState()).toEqual(store.LOGGED_OUT_STATE);
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(localStorage.getItem('prefs')).toBeNull();
    expect(document.cookie).not.toContain('__cez_');
    const [url, init] = serverFetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:3003/iamserver/api/v1/auth/logout');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Authorization: 'Bearer access-1', 'X-Refresh-Token': 'Bearer refresh-1' });
  });

  it('does not go to login unless asked', async () => {
    await signedIn();
    const bridge = await import('./route-bridge');
    bridge.registerRouteBridge({ goToLogin: () => steps.push('redirect'), currentRouteRequiresAuth: () => true });
    await lifecycle.logout();
    expect(steps).not.toContain('redirect');
  });

  it('leaves none of the integration scripts in the document', async () => {
    await signedIn();
    for (const id of Object.values(INTEGRATION_SCRIPT_IDS)) {
      const script = document.createElement('script');
      script.id = id;
      document.head.appendChild(script);
    }
    const replay = document.createElement('script');
    replay.src = 'https://browser.sentry-cdn.com/10.78.0/replay.min.js';
    document.head.appendChild(replay);

    await lifecycle.logout();

    for (const id of Object.values(INTEGRATION_SCRIPT_IDS)) expect(document.getElementById(id), id).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('keeps the stale-chunk reload guard, which is device state', async () => {
    await signedIn();
    sessionStorage.setItem('freight-desk:stale-chunk-reload-at', '123');
    await lifecycle.logout();
    expect(sessionStorage.getItem('freight-desk:stale-chunk-reload-at')).toBe('123');
  });
});

describe('cross-tab logout (BroadcastChannel)', () => {
  it('tells the other tabs when this one logs out', async () => {
    await signedIn();

    await lifecycle.logout();

    await vi.waitFor(() => expect(fromOtherTabs).toEqual([{ type: 'logged-out' }]));
  });

  it('logs out when another tab did, without calling the server or echoing the message', async () => {
    await signedIn();
    // The other tab already removed the cookies (the jar is shared) and ended the server session.
    clearCookies();

    testChannel.postMessage(wrapSessionMessage({ type: 'logged-out' }));

    await vi.waitFor(() => expect(store.getSessionState().isLoggedIn).toBe(false));
    await settle();
    expect(serverFetch).not.toHaveBeenCalled();
    expect(steps).toContain('scripts');
    expect(fromOtherTabs).toEqual([]);
  });

  it('logs out to login when another context reports the session expired', async () => {
    await signedIn();
    const bridge = await import('./route-bridge');
    bridge.registerRouteBridge({ goToLogin: () => steps.push('redirect'), currentRouteRequiresAuth: () => true });

    testChannel.postMessage(wrapSessionMessage({ type: 'session-expired' }));

    await vi.waitFor(() => expect(steps).toContain('redirect'));
    expect(store.getSessionState().isLoggedIn).toBe(false);
  });
});
