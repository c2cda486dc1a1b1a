/**
 * The one implementation of the 401 interceptor and the token refresh (docs/product-rules.md sections 4 and 8),
 * run by the service worker for every tab it controls and by a page that no worker controls.
 *
 * - A call answered `401 jwt expired` waits for ONE refresh (a single in-flight promise; across
 *   contexts the transport's lock, Web Locks, serializes) and is retried once with the new token.
 * - After the lock is taken the tokens are read again: if another tab or the worker already replaced
 *   the access token the call was made with, that token is used and no refresh is sent. With reuse
 *   detection on the server a second refresh with the same token revokes the session (docs/field-notes.md).
 * - A refresh answered 4xx fails every waiting call and notifies `session-expired` once per refresh;
 *   a network failure fails the waiting calls without ending the session.
 * - `401 refresh token is invalid or expired` / `SESSION_REVOKED` on any call notifies `session-cleared`.
 *
 * Pure: `fetch`-standard `Response`s, everything else injected.
 */
import { ERROR_CODES, ERROR_MESSAGES } from './api-envelope';
import {
  Cooldown,
  REFRESH_SPACING_MS,
  SESSION_EXPIRED_MESSAGE,
  silentRefreshDue,
  type SilentRefreshKind,
} from './session-rules';
import type { TokenPair } from './contracts/session';
import type { SessionMessage } from './sw-messages';

export interface TokenState extends TokenPair {
  accessIssuedAt: number | null;
  refreshIssuedAt: number | null;
}

export interface RefreshTransport {
  /** Current tokens from the cookies (never from memory: a worker may have restarted). */
  readTokens(): Promise<TokenState | null>;
  /** GET {auth}/token (`token`) or {auth}/refresh (`refresh`) with both headers. May throw on network failure. */
  callRefresh(kind: SilentRefreshKind, tokens: TokenPair): Promise<Response>;
  /** Stores the renewed token(s) and their issue times. */
  writeTokens(tokens: { accessToken: string; refreshToken?: string }): Promise<void>;
  /** Runs `task` while holding the cross-context refresh lock. */
  withLock<T>(task: () => Promise<T>): Promise<T>;
  /** Tells every page (worker: postMessage to all clients; page: its own handler + BroadcastChannel). */
  notify(message: SessionMessage): void;
  now(): number;
}

/** The body of an answer read as text and parsed: JSON and blob error bodies alike. */
export async function readErrorBody(response: Response): Promise<{ code?: string; message?: string } | null> {
  try {
    const text = await response.clone().text();
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as { code?: string; message?: string }) : null;
  } catch {
    return null;
  }
}

export type AuthFailure = 'access-expired' | 'session-invalid' | null;

/** Classifies a 401: an expired access token, or a session that is over. */
export async function classifyAuthFailure(response: Response): Promise<AuthFailure> {
  if (response.status !== 401) return null;
  const body = await readErrorBody(response);
  if (!body) return null;
  if (body.code === ERROR_CODES.ACCESS_TOKEN_EXPIRED || body.message === ERROR_MESSAGES.ACCESS_TOKEN_EXPIRED) {
    return 'access-expired';
  }
  if (
    body.code === ERROR_CODES.REFRESH_TOKEN_INVALID ||
    body.code === ERROR_CODES.SESSION_REVOKED ||
    body.message === ERROR_MESSAGES.REFRESH_TOKEN_INVALID
  ) {
    return 'session-invalid';
  }
  return null;
}

/** The two headers of docs/product-rules.md section 7 for a token pair. */
export function authHeaderEntries(tokens: TokenPair): Record<string, string> {
  return { Authorization: `Bearer ${tokens.accessToken}`, 'X-Refresh-Token': `Bearer ${tokens.refreshToken}` };
}

/** Raised to waiting callers when the refresh was refused: the session is over. */
export class RefreshRefusedError extends Error {
  override readonly name = 'RefreshRefusedError';
}

/** The answer every waiting call gets when the refresh was refused. */
export function sessionExpiredResponse(): Response {
  return new Response(JSON.stringify({ code: ERROR_CODES.REFRESH_TOKEN_INVALID, message: SESSION_EXPIRED_MESSAGE }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RefreshCoordinator {
  /**
   * Runs `attempt` with the current tokens; on `401 jwt expired` waits for the single refresh and runs
   * it once more with the new tokens. `attempt` must be callable twice (clone request bodies).
   */
  fetch(attempt: (tokens: TokenPair | null) => Promise<Response>): Promise<Response>;
  /** New tokens after `staleAccessToken` was refused; one refresh however many callers ask. */
  renewAfterExpiry(staleAccessToken: string): Promise<TokenPair>;
  /** The silent refresh of docs/product-rules.md section 4, if one is due; true when tokens were renewed. */
  silentRefresh(): Promise<boolean>;
}

export function createRefreshCoordinator(transport: RefreshTransport): RefreshCoordinator {
  let inflight: Promise<TokenPair> | null = null;
  /**
   * The refresh token the server last refused. Until the page has logged out the cookies still hold
   * it; a late 401 must not send it again (a second refused refresh, and a second notice).
   */
  let refusedRefreshToken: string | null = null;
  const spacing: Record<SilentRefreshKind, Cooldown> = {
    token: new Cooldown(REFRESH_SPACING_MS),
    refresh: new Cooldown(REFRESH_SPACING_MS),
  };

  /** Sends one refresh call and stores its answer; throws RefreshRefusedError on a 4xx. */
  async function runRefresh(kind: SilentRefreshKind, tokens: TokenPair): Promise<TokenPair> {
    if (tokens.refreshToken === refusedRefreshToken) throw new RefreshRefusedError(SESSION_EXPIRED_MESSAGE);
    const response = await transport.callRefresh(kind, tokens);
    if (!response.ok) {
      if (response.status >= 400 && response.status < 500) {
        refusedRefreshToken = tokens.refreshToken;
        transport.notify({ type: 'session-expired' });
        throw new RefreshRefusedError(SESSION_EXPIRED_MESSAGE);
      }
      throw new Error(`Token refresh failed with HTTP ${response.status}`);
    }
    const body = (await response.json()) as { data?: { accessToken?: unknown; refreshToken?: unknown } };
    const accessToken = body.data?.accessToken;
    const refreshToken = body.data?.refreshToken;
    if (typeof accessToken !== 'string' || !accessToken) throw new Error('Token refresh answered without a token');
    const renewed =
      kind === 'refresh' && typeof refreshToken === 'string' && refreshToken
        ? { accessToken, refreshToken }
        : { accessToken };
    await transport.writeTokens(renewed);
    transport.notify({ type: 'tokens-refreshed' });
    return { accessToken, refreshToken: renewed.refreshToken ?? tokens.refreshToken };
  }

  function renewAfterExpiry(staleAccessToken: string): Promise<TokenPair> {
    if (inflight) return inflight;
    const run = transport.withLock(async () => {
      const current = await transport.readTokens();
      if (!current) throw new RefreshRefusedError('Signed out');
      // Someone (another tab, the worker) renewed it while this call waited for the lock.
      if (current.accessToken !== staleAccessToken) return current;
      return runRefresh('token', current);
    });
    inflight = run;
    const clear = () => {
      if (inflight === run) inflight = null;
    };
    run.then(clear, clear);
    return run;
  }

  async function fetchWithRefresh(attempt: (tokens: TokenPair | null) => Promise<Response>): Promise<Response> {
    const tokens = await transport.readTokens();
    const first = await attempt(tokens);
    const failure = await classifyAuthFailure(first);
    if (failure === 'session-invalid') {
      transport.notify({ type: 'session-cleared' });
      return first;
    }
    if (failure !== 'access-expired' || !tokens) return first;
    let renewed: TokenPair;
    try {
      renewed = await renewAfterExpiry(tokens.accessToken);
    } catch (error) {
      if (error instanceof RefreshRefusedError) return sessionExpiredResponse();
      throw error;
    }
    const second = await attempt(renewed);
    if ((await classifyAuthFailure(second)) === 'session-invalid') transport.notify({ type: 'session-cleared' });
    return second;
  }

  async function silentRefresh(): Promise<boolean> {
    const before = await transport.readTokens();
    if (!before) return false;
    const kind = silentRefreshDue(transport.now(), before.accessIssuedAt, before.refreshIssuedAt);
    if (!kind || !spacing[kind].tryEnter(transport.now())) return false;
    if (inflight) {
      await inflight.catch(() => undefined);
      return false;
    }
    const run = transport.withLock(async () => {
      // Re-read under the lock: another tab may have renewed already, and its window has closed.
      const current = await transport.readTokens();
      if (!current) return false;
      if (silentRefreshDue(transport.now(), current.accessIssuedAt, current.refreshIssuedAt) !== kind) return false;
      await runRefresh(kind, current);
      return true;
    });
    const asTokens = run.then(async () => (await transport.readTokens()) ?? before);
    inflight = asTokens;
    const clear = () => {
      if (inflight === asTokens) inflight = null;
    };
    asTokens.then(clear, clear);
    try {
      return await run;
    } catch (error) {
      if (error instanceof RefreshRefusedError) return false;
      throw error;
    }
  }

  return { fetch: fetchWithRefresh, renewAfterExpiry, silentRefresh };
}
