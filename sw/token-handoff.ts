/**
 * The tokens of a worker that has no Cookie Store API (Firefox, Safari: issue 12). The pages read the auth
 * cookies and hand them over (`auth-tokens` messages, src/lib/session/worker-token-handoff.ts); the worker
 * keeps them in memory and in IndexedDB, because a stopped worker loses its memory and is restarted by the
 * next call, before any page has a reason to hand them over again.
 *
 * - `current()` answers from memory, loaded from IndexedDB on first use after a (re)start;
 * - `read()` (the coordinator's slow paths) asks IndexedDB again: an older worker that was still serving
 *   a tab during an update may have stored a renewed pair;
 * - a page can hand over an older pair than the worker holds (its cookies not yet rewritten after the
 *   worker's refresh, or a tab opened meanwhile): sending that one would mean a second refresh of a token
 *   already renewed, so the worker keeps its pair and answers with it instead;
 * - the worker's own refresh is stored, and the pages are told the new values to write into the cookies.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { TokenState } from '../src/shared/refresh-coordinator';
import { tokenStateOf } from '../src/shared/session-cookies';
import {
  isAuthCookieValues,
  sameCookieValues,
  type AuthCookieValues,
  type AuthTokensRenewedMessage,
} from '../src/shared/worker-token-message';

/** Where the handed tokens outlive the worker. */
export interface TokenStorage {
  load(): Promise<AuthCookieValues | null>;
  save(values: AuthCookieValues | null): Promise<void>;
}

/** The worker's own IndexedDB database (not idb-keyval's default store, which the page clears on logout). */
export const TOKEN_DB = { name: 'freight-desk-worker', store: 'tokens', key: 'auth-cookies' } as const;

/** IndexedDB through idb-keyval; the database is opened on first use, not when the worker starts. */
export function indexedDbTokenStorage(): TokenStorage {
  let store: UseStore | null = null;
  const db = () => (store ??= createStore(TOKEN_DB.name, TOKEN_DB.store));
  return {
    load: async () => {
      const stored: unknown = await get(TOKEN_DB.key, db());
      return isAuthCookieValues(stored) && tokensFromValues(stored) ? stored : null;
    },
    save: (values) => (values ? set(TOKEN_DB.key, values, db()) : del(TOKEN_DB.key, db())),
  };
}

function tokensFromValues(values: AuthCookieValues | null): TokenState | null {
  return values ? tokenStateOf(new Map(Object.entries(values))) : null;
}

/**
 * True when a page's hand-over replaces what the worker holds: a logout, a first pair, the same pair, or a
 * pair issued later (a new sign-in, the page's own silent refresh). An older pair is one the worker renewed.
 */
function replacesHeld(handed: TokenState | null, held: TokenState | null): boolean {
  if (!handed || !held) return true;
  if (handed.accessToken === held.accessToken && handed.refreshToken === held.refreshToken) return true;
  const times = [handed.accessIssuedAt, handed.refreshIssuedAt, held.accessIssuedAt, held.refreshIssuedAt];
  if (times.some((time) => time === null)) return true; // Nothing to compare: the page's cookies win.
  return handed.accessIssuedAt! > held.accessIssuedAt! || handed.refreshIssuedAt! > held.refreshIssuedAt!;
}

/** The auth tokens handed over by the pages, in memory and in `storage`. */
export class HandedTokens {
  private values: AuthCookieValues | null = null;
  private tokens: TokenState | null = null;
  private loading: Promise<TokenState | null> | null = null;
  private loaded = false;
  /** Bumped by every change to the memory, so that a storage read that raced a change does not undo it. */
  private version = 0;
  /** The saves, one after the other, so that the last change is the one stored. */
  private saving: Promise<void> = Promise.resolve();
  /** A save failed (no IndexedDB, a private mode): memory only from then on, never an older stored pair. */
  private storageFailed = false;

  constructor(private readonly storage: TokenStorage) {}

  /** The tokens from memory, loaded from storage on first use after a (re)start. */
  current(): TokenState | null | Promise<TokenState | null> {
    if (this.loaded) return this.tokens;
    this.loading ??= this.loadOnce();
    return this.loading;
  }

  /** The tokens as stored now (the slow paths); memory when storage fails or changed meanwhile. */
  async read(): Promise<TokenState | null> {
    await this.current();
    await this.saving;
    if (this.storageFailed) return this.tokens;
    const started = this.version;
    let stored: AuthCookieValues | null;
    try {
      stored = await this.storage.load();
    } catch {
      return this.tokens;
    }
    if (this.version === started && !sameCookieValues(stored, this.values)) this.remember(stored);
    return this.tokens;
  }

  /**
   * A page's hand-over (`null`: logged out). Resolves once stored; with the pair to write into the cookies
   * when the page handed an older one than the worker holds.
   */
  async receive(handed: AuthCookieValues | null): Promise<AuthTokensRenewedMessage | null> {
    await this.current();
    const handedTokens = tokensFromValues(handed);
    const values = handedTokens ? handed : null;
    if (sameCookieValues(values, this.values)) return null;
    if (!replacesHeld(handedTokens, this.tokens)) {
      return { type: 'auth-tokens-renewed', tokens: { ...this.values }, replaces: handedTokens!.accessToken };
    }
    this.remember(values);
    await this.save(values);
    return null;
  }

  /**
   * The worker's own refresh of the pair whose access token was `renewedAccessToken`: stored, and the
   * message for the pages to write it. Null when the pair changed while the refresh was under way (a page
   * signed in again or logged out): the page's pair wins, and no page is told to overwrite its cookies.
   */
  async storeRenewal(
    writes: ReadonlyArray<readonly [string, string]>,
    renewedAccessToken: string,
  ): Promise<AuthTokensRenewedMessage | null> {
    await this.current();
    if (!this.values || this.tokens?.accessToken !== renewedAccessToken) return null;
    const values: AuthCookieValues = { ...this.values, ...Object.fromEntries(writes) };
    this.remember(values);
    await this.save(values);
    return { type: 'auth-tokens-renewed', tokens: { ...values }, replaces: renewedAccessToken };
  }

  private async loadOnce(): Promise<TokenState | null> {
    const started = this.version;
    let stored: AuthCookieValues | null = null;
    try {
      stored = await this.storage.load();
    } catch {
      // No IndexedDB here: the pages hand the tokens over again at their next change or start.
    }
    if (this.version === started) this.remember(stored);
    this.loaded = true;
    return this.tokens;
  }

  private remember(values: AuthCookieValues | null): void {
    this.version++;
    this.values = values ? { ...values } : null;
    this.tokens = tokensFromValues(this.values);
  }

  private save(values: AuthCookieValues | null): Promise<void> {
    this.saving = this.saving.then(() =>
      this.storage.save(values).catch(() => {
        this.storageFailed = true;
      }),
    );
    return this.saving;
  }
}
