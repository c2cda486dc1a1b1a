/**
 * Every call to one of the product's services (any of the seven, on the page host's service ports or
 * the configured API hosts) gets both token headers. The 401 interceptor and the single refresh are the
 * shared coordinator; the worker serves every tab, so one in-flight promise here (plus the Web Lock the
 * pages take too) means one refresh for all of them.
 *
 * Tokens (issue 4): reading the cookies through the Cookie Store on every call cost more than the call
 * itself, so the worker keeps them in memory (`WorkerTokenCache`):
 * - filled from the Cookie Store on first use after a (re)start: a stopped worker loses its memory
 *   (docs/field-notes.md), so nothing is assumed from before;
 * - kept current by `cookiechange` events (subscribed to in `install`/`activate`) and by the worker's own
 *   refresh writes;
 * - a `change` event can be missed, so: any 401 re-reads the cookies before the coordinator decides (the
 *   page may have just signed in again, or another tab refreshed), the refresh path re-reads under the
 *   lock, session calls read the cookies, and the memory is re-checked in the background when it is older
 *   than `REVALIDATE_MS`.
 * Without a Cookie Store (every browser but Chromium, issue 12) the pages hand the cookies over and the
 * worker keeps them in memory and IndexedDB (`HandedTokens`, token-handoff.ts); its own refresh is stored
 * there and sent to the pages, which write the cookies.
 * Fast path: a call not answered 401 is returned untouched (no body read, no clone of a bodyless request,
 * no lock, no coordinator).
 */
import {
  authHeaderEntries,
  createRefreshCoordinator,
  type RefreshCoordinator,
  type TokenState,
} from '../src/shared/refresh-coordinator';
import {
  AUTH_COOKIE_MAX_AGE_S,
  AUTH_COOKIE_NAMES,
  AUTH_COOKIES,
  authCookieAttributes,
  cookieWritesFor,
  tokenStateOf,
} from '../src/shared/session-cookies';
import { apiBaseFor, hostConfigFromEnv, serviceOfUrl, type HostConfig } from '../src/shared/session-hosts';
import { REFRESH_LOCK_NAME, SESSION_CHANNEL } from '../src/shared/session-rules';
import type { TokenPair } from '../src/shared/contracts/session';
import type { ServiceName } from '../src/shared/services';
import { wrapSessionMessage, type SessionEnvelope, type SessionMessage } from '../src/shared/sw-messages';
import {
  isAuthTokensMessage,
  type AuthCookieValues,
  type AuthTokensRenewedMessage,
} from '../src/shared/worker-token-message';
import { HandedTokens, indexedDbTokenStorage, type TokenStorage } from './token-handoff';

interface CookieListItemLike {
  name?: string | null;
  value?: string | null;
}

interface CookieStoreLike {
  getAll(): Promise<CookieListItemLike[]>;
  set(options: {
    name: string;
    value: string;
    path?: string;
    domain?: string | null;
    expires?: number | null;
    sameSite?: 'strict' | 'lax' | 'none';
  }): Promise<void>;
}

/** `ExtendableCookieChangeEvent`, as far as it is used here. */
export interface CookieChangeEventLike {
  changed?: readonly CookieListItemLike[];
  deleted?: readonly CookieListItemLike[];
}

interface CookieSubscriptionsLike {
  subscribe(subscriptions: Array<{ name?: string; url: string }>): Promise<void>;
}

/** Session calls that must reach the server untouched by the interceptor (they are the refresh). */
const PASS_THROUGH = /^\/iamserver\/api\/v1\/auth\/(login|verify-code|token|refresh|logout)\/?$/;

/** Memory older than this is re-checked against the Cookie Store in the background (missed events). */
export const REVALIDATE_MS = 2_000;

const AUTH_NAMES = new Set<string>(AUTH_COOKIE_NAMES);

export interface AuthHeadersOptions {
  hostConfig?: HostConfig;
  /** Where the handed-over tokens outlive the worker when it has no Cookie Store (tests: in memory). */
  tokenStorage?: TokenStorage;
}

function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // Written raw: keep as is.
  }
}

function sameTokens(a: TokenPair | null, b: TokenPair | null): boolean {
  if (!a || !b) return a === b;
  return a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;
}

/**
 * The auth cookies in the worker's memory. `current()` answers from memory once filled; `read()` always
 * asks the Cookie Store (and refreshes the memory when nothing changed meanwhile).
 *
 * After a browser restart Chromium's Cookie Store can show a worker none of the cookies its pages read
 * (seen with Debian's Chromium 156): the worker would send the pages' calls with an expired token and no
 * refresh, and its outbox replay with none at all. So the pages' own view stands in while the Cookie Store
 * shows no session: what they hand over (`auth-tokens`, worker-token-handoff.ts) or, before that arrives,
 * the pair a page's call carries. A refresh made with that pair is also handed back for the pages to write.
 */
export class WorkerTokenCache {
  /** The four auth cookies (decoded), or null until filled after a (re)start. */
  private cookies: Map<string, string> | null = null;
  private tokens: TokenState | null = null;
  /** The pages' view of the cookies, used only while the Cookie Store shows no session. */
  private fromPages: Map<string, string> | null = null;
  private readAt = 0;
  /** Bumped by every change to the memory, so that a read that raced a change does not overwrite it. */
  private version = 0;
  private filling: Promise<TokenState | null> | null = null;
  private revalidating = false;

  constructor(
    private readonly cookieStore: CookieStoreLike | undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True once the memory holds what the Cookie Store had (a restarted worker starts empty). */
  get filled(): boolean {
    return this.cookies !== null;
  }

  /** The tokens from memory, filled from the Cookie Store on first use; a value when already filled. */
  current(): TokenState | null | Promise<TokenState | null> {
    if (!this.cookieStore) return null;
    if (this.cookies) {
      if (this.now() - this.readAt > REVALIDATE_MS) this.revalidate();
      return this.tokens ?? this.pagesTokens();
    }
    if (!this.filling) {
      const filling = this.read();
      this.filling = filling;
      const clear = () => {
        if (this.filling === filling) this.filling = null;
      };
      filling.then(clear, clear);
    }
    return this.filling;
  }

  /** Reads the Cookie Store now (never joins an earlier read: a write may have happened since). */
  async read(): Promise<TokenState | null> {
    if (!this.cookieStore) return null;
    const started = this.version;
    const cookies = new Map<string, string>();
    for (const cookie of await allCookies(this.cookieStore)) {
      const { name, value } = cookie;
      if (name && AUTH_NAMES.has(name) && typeof value === 'string' && !cookies.has(name)) {
        cookies.set(name, decodeCookieValue(value));
      }
    }
    const tokens = tokenStateOf(cookies);
    // A change event or a write while the store was being read is newer than what was read.
    if (this.version === started) {
      this.cookies = cookies;
      this.tokens = tokens;
      this.readAt = this.now();
    }
    return tokens ?? this.pagesTokens();
  }

  /** True while the Cookie Store shows no session and the pages' view stands in. */
  get servingPagesView(): boolean {
    return !this.tokens && this.pagesTokens() !== null;
  }

  /** A page's hand-over (null: its cookies are gone). */
  receiveFromPage(values: AuthCookieValues | null): void {
    this.fromPages = values ? new Map(Object.entries(values)) : null;
  }

  /** The pair a page's call carries, adopted while nothing better is known; the tokens to send with. */
  adopt(pair: TokenPair): TokenState | null {
    if (this.tokens) return this.tokens;
    this.fromPages ??= new Map([
      [AUTH_COOKIES.accessToken, pair.accessToken],
      [AUTH_COOKIES.refreshToken, pair.refreshToken],
    ]);
    return this.pagesTokens();
  }

  /** The pages' view as it is now, for the renewal message to the pages. */
  pagesValues(): AuthCookieValues {
    return Object.fromEntries(this.fromPages ?? []) as AuthCookieValues;
  }

  private pagesTokens(): TokenState | null {
    return this.fromPages ? tokenStateOf(this.fromPages) : null;
  }

  /** A `cookiechange` event: applied to the memory (a worker not yet filled reads everything on first use). */
  applyChange(event: CookieChangeEventLike): void {
    const changed = (event.changed ?? []).filter((c) => c.name && AUTH_NAMES.has(c.name));
    const deleted = (event.deleted ?? []).filter((c) => c.name && AUTH_NAMES.has(c.name));
    if (changed.length === 0 && deleted.length === 0) return;
    this.version++;
    // A logout the worker did see: the pages' view of before must not outlive it.
    if (deleted.length > 0) this.fromPages = null;
    if (!this.cookies) return;
    for (const cookie of deleted) this.cookies.delete(cookie.name!);
    for (const cookie of changed) {
      if (typeof cookie.value === 'string') this.cookies.set(cookie.name!, decodeCookieValue(cookie.value));
      else this.cookies.delete(cookie.name!);
    }
    this.tokens = tokenStateOf(this.cookies);
  }

  /** The worker's own cookie writes (a refresh), so the next call does not wait for the change event. */
  applyWrites(writes: ReadonlyArray<readonly [string, string]>): void {
    this.version++;
    if (this.fromPages) for (const [name, value] of writes) this.fromPages.set(name, value);
    if (!this.cookies) return;
    for (const [name, value] of writes) this.cookies.set(name, value);
    this.tokens = tokenStateOf(this.cookies);
  }

  private revalidate(): void {
    if (this.revalidating) return;
    this.revalidating = true;
    const done = () => {
      this.revalidating = false;
    };
    this.read().then(done, done);
  }
}

/** A Cookie Store read that does not answer within this is taken as showing nothing (the pages' view stands in). */
export const COOKIE_READ_TIMEOUT_MS = 2_000;

/** The Cookie Store's cookies, bounded: a read that hangs must not hold every call and the outbox's lock. */
async function allCookies(store: CookieStoreLike): Promise<CookieListItemLike[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CookieListItemLike[]>((resolve) => {
    timer = setTimeout(() => resolve([]), COOKIE_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([store.getAll(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function cookieStoreOf(scope: ServiceWorkerGlobalScope): CookieStoreLike | undefined {
  return (scope as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
}

/**
 * Where the worker's tokens come from: the cookies through the Cookie Store, or, where the worker has none,
 * what the pages handed over.
 */
export type WorkerTokenSource =
  | { kind: 'cookie-store'; cookieStore: CookieStoreLike; tokens: WorkerTokenCache }
  | { kind: 'handed'; tokens: HandedTokens };

/** The same two reads from either source (and, from the Cookie Store's, taking a page's pair). */
type WorkerTokens = Pick<WorkerTokenCache, 'current' | 'read'> & Partial<Pick<WorkerTokenCache, 'adopt'>>;

/** The pair a page's call carries in its own headers (the page attaches its cookies), if both are there. */
function carriedPair(request: Request): TokenPair | null {
  const bearer = (name: string) => /^Bearer (.+)$/.exec(request.headers.get(name) ?? '')?.[1] ?? null;
  const accessToken = bearer('Authorization');
  const refreshToken = bearer('X-Refresh-Token');
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

export function workerTokenSource(scope: ServiceWorkerGlobalScope, storage?: TokenStorage): WorkerTokenSource {
  const cookieStore = cookieStoreOf(scope);
  return cookieStore
    ? { kind: 'cookie-store', cookieStore, tokens: new WorkerTokenCache(cookieStore) }
    : { kind: 'handed', tokens: new HandedTokens(storage ?? indexedDbTokenStorage()) };
}

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

async function tellPages(
  scope: ServiceWorkerGlobalScope,
  channel: BroadcastChannel | null,
  message: SessionMessage,
): Promise<void> {
  if (message.type === 'tokens-refreshed') return;
  const envelope = wrapSessionMessage(message);
  channel?.postMessage(envelope);
  await postToWindows(scope, envelope);
}

/** To every window of the origin; token values go this way only, never to the session channel. */
async function postToWindows(
  scope: ServiceWorkerGlobalScope,
  message: SessionEnvelope | AuthTokensRenewedMessage,
): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

/** Asks to be told about changes of the four auth cookies (kept by the registration across restarts). */
async function subscribeToAuthCookies(scope: ServiceWorkerGlobalScope): Promise<void> {
  const registration = scope.registration as
    (ServiceWorkerRegistration & { cookies?: CookieSubscriptionsLike }) | undefined;
  const subscriptions = registration?.cookies;
  if (!subscriptions) return;
  try {
    await subscriptions.subscribe(AUTH_COOKIE_NAMES.map((name) => ({ name, url: registration.scope })));
  } catch {
    // No subscription: the 401 re-read and the background re-check still keep the memory current.
  }
}

/** Registers the fetch handler; call before the other routes. */
/** What the worker's other parts (the outbox's replay) use to call the services as a page's call would be sent. */
export interface WorkerAuth {
  /** Sends a request with the tokens of the moment, and the one shared refresh on `jwt expired`. */
  send(request: Request): Promise<Response>;
  /** The access token of the moment, or null when signed out. */
  accessToken(): Promise<string | null>;
  /** A service's API base for the worker's host (the pages' one). */
  apiBase(service: ServiceName): string;
}

/** A request sent with `tokens` (a copy when it has a body, so the original can be sent again). */
function attemptFor(request: Request) {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  return (tokens: TokenPair | null) => {
    const headers = new Headers(request.headers);
    if (tokens) for (const [name, value] of Object.entries(authHeaderEntries(tokens))) headers.set(name, value);
    return fetch(new Request(hasBody ? request.clone() : request, { headers }));
  };
}

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
    scope.addEventListener('message', (event) => {
      if (isAuthTokensMessage(event.data)) source.tokens.receiveFromPage(event.data.tokens);
    });
  } else {
    scope.addEventListener('message', (event) => {
      if (!isAuthTokensMessage(event.data)) return;
      const from = event.source;
      // Kept alive until stored: a worker stopped before that would forget the hand-over.
      event.waitUntil(
        source.tokens.receive(event.data.tokens).then((newer) => {
          // The page handed a pair this worker already renewed: it writes the renewed one instead.
          if (newer) from?.postMessage(newer);
        }),
      );
    });
  }

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

  return {
    send: (request) => callWithTokens(cache, coordinator, attemptFor(request), null),
    accessToken: async () => (await cache.current())?.accessToken ?? null,
    apiBase: (service) => apiBaseFor(service, scope.location.hostname, hostConfig),
  };
}

/**
 * The fast path: the tokens in memory, one call, the answer untouched unless it is a 401. A 401 goes to the
 * coordinator, which re-reads the cookies first: with the same tokens it judges this very answer (refresh,
 * notice) without calling again; with other tokens (a new sign-in, another tab's refresh) it calls again.
 */
async function callWithTokens(
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

/** Build-time `VITE_*` variables (Vite replaces `import.meta.env` in the worker bundle too). */
function buildEnv(): Record<string, unknown> {
  try {
    return ((import.meta as unknown as { env?: Record<string, unknown> }).env ?? {}) as Record<string, unknown>;
  } catch {
    return {};
  }
}
