/**
 * The worker's tokens (issue 4): reading the cookies through the Cookie Store on every call cost more than
 * the call itself, so the worker keeps them in memory (`WorkerTokenCache`):
 * - filled from the Cookie Store on first use after a (re)start: a stopped worker loses its memory
 *   (docs/field-notes.md), so nothing is assumed from before;
 * - kept current by `cookiechange` events (subscribed to in `install`/`activate`) and by the worker's own
 *   refresh writes;
 * - a `change` event can be missed, so: any 401 re-reads the cookies before the coordinator decides (the
 *   page may have just signed in again, or another tab refreshed), the refresh path re-reads under the
 *   lock, session calls read the cookies, and the memory is re-checked in the background when it is older
 *   than `REVALIDATE_MS`.
 * Without a Cookie Store (every browser but Chromium, issue 12) the pages hand the cookies over and the
 * worker keeps them in memory and IndexedDB (`HandedTokens`, token-handoff.ts).
 */
import type { TokenState } from '../src/shared/refresh-coordinator';
import { AUTH_COOKIE_NAMES, AUTH_COOKIES, tokenStateOf } from '../src/shared/session-cookies';
import type { TokenPair } from '../src/shared/contracts/session';
import type { AuthCookieValues } from '../src/shared/worker-token-message';
import {
  allCookies,
  cookieStoreOf,
  decodeCookieValue,
  type CookieChangeEventLike,
  type CookieStoreLike,
} from './cookie-store';
import { HandedTokens, indexedDbTokenStorage, type TokenStorage } from './token-handoff';

/** Memory older than this is re-checked against the Cookie Store in the background (missed events). */
export const REVALIDATE_MS = 2_000;

const AUTH_NAMES = new Set<string>(AUTH_COOKIE_NAMES);

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

/**
 * Where the worker's tokens come from: the cookies through the Cookie Store, or, where the worker has none,
 * what the pages handed over.
 */
export type WorkerTokenSource =
  | { kind: 'cookie-store'; cookieStore: CookieStoreLike; tokens: WorkerTokenCache }
  | { kind: 'handed'; tokens: HandedTokens };

/** The same two reads from either source (and, from the Cookie Store's, taking a page's pair). */
export type WorkerTokens = Pick<WorkerTokenCache, 'current' | 'read'> & Partial<Pick<WorkerTokenCache, 'adopt'>>;

/** The source this scope has: its Cookie Store if any, else the pages' hand-over kept in `storage`. */
export function workerTokenSource(scope: ServiceWorkerGlobalScope, storage?: TokenStorage): WorkerTokenSource {
  const cookieStore = cookieStoreOf(scope);
  return cookieStore
    ? { kind: 'cookie-store', cookieStore, tokens: new WorkerTokenCache(cookieStore) }
    : { kind: 'handed', tokens: new HandedTokens(storage ?? indexedDbTokenStorage()) };
}
