import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyAuthFailure,
  createRefreshCoordinator,
  readErrorBody,
  type RefreshTransport,
  type TokenState,
} from './refresh-coordinator';
import { ACCESS_REFRESH_WINDOW_MS } from './session-rules';
import type { SessionMessage } from './sw-messages';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expired = () => json(401, { message: 'jwt expired', code: 'ACCESS_TOKEN_EXPIRED' });

/** A fake server + cookie jar: access tokens `a0`, `a1`…; `refreshOk` decides the refresh's answer. */
function harness(options: { refreshOk: boolean; schedule?: <T>(p: Promise<T>) => Promise<T>; now?: number }) {
  const wrap = options.schedule ?? (<T>(p: Promise<T>) => p);
  let tokens: TokenState | null = { accessToken: 'a0', refreshToken: 'r0', accessIssuedAt: 0, refreshIssuedAt: 0 };
  let generation = 0;
  const refreshCalls: string[] = [];
  const messages: SessionMessage[] = [];
  let locked: Promise<unknown> = Promise.resolve();
  const transport: RefreshTransport = {
    readTokens: () => wrap(Promise.resolve(tokens && { ...tokens })),
    callRefresh: (kind, pair) => {
      refreshCalls.push(`${kind}:${pair.refreshToken}`);
      if (!options.refreshOk) return wrap(Promise.resolve(json(401, { code: 'REFRESH_TOKEN_INVALID' })));
      generation += 1;
      return wrap(
        Promise.resolve(json(200, { data: { accessToken: `a${generation}`, refreshToken: `r${generation}` } })),
      );
    },
    writeTokens: (next) => {
      tokens = tokens && {
        ...tokens,
        accessToken: next.accessToken,
        refreshToken: next.refreshToken ?? tokens.refreshToken,
      };
      return wrap(Promise.resolve());
    },
    withLock: (task) => {
      const run = locked.then(task, task);
      locked = run.catch(() => undefined);
      return run;
    },
    notify: (message) => messages.push(message),
    now: () => options.now ?? 0,
  };
  /** The server: only the newest access token is valid. */
  const server = (pair: { accessToken: string } | null) =>
    wrap(
      Promise.resolve(pair?.accessToken === `a${generation}` && generation > 0 ? json(200, { data: 'ok' }) : expired()),
    );
  return {
    coordinator: createRefreshCoordinator(transport),
    refreshCalls,
    messages,
    server,
    get tokens() {
      return tokens;
    },
  };
}

describe('refresh coordinator', () => {
  it('N concurrent 401s in any interleaving → exactly one refresh, each call retried once and succeeding', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 20 }), async (s, n) => {
        const h = harness({ refreshOk: true, schedule: (p) => s.schedule(p) });
        let attempts = 0;
        const calls = Array.from({ length: n }, () =>
          h.coordinator.fetch((pair) => {
            attempts += 1;
            return h.server(pair);
          }),
        );
        const all = Promise.all(calls);
        await s.waitFor(all);
        const responses = await all;
        expect(h.refreshCalls).toEqual(['token:r0']);
        expect(responses.every((r) => r.status === 200)).toBe(true);
        expect(attempts).toBe(2 * n);
        expect(h.messages.filter((m) => m.type === 'session-expired')).toHaveLength(0);
      }),
      { numRuns: 60 },
    );
  });

  it('a refused refresh fails every waiting call and notifies once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 12 }), async (s, n) => {
        const h = harness({ refreshOk: false, schedule: (p) => s.schedule(p) });
        const all = Promise.all(Array.from({ length: n }, () => h.coordinator.fetch((pair) => h.server(pair))));
        await s.waitFor(all);
        const responses = await all;
        expect(responses.every((r) => r.status === 401)).toBe(true);
        expect(h.refreshCalls).toHaveLength(1);
        expect(h.messages.filter((m) => m.type === 'session-expired')).toHaveLength(1);
      }),
      { numRuns: 40 },
    );
  });

  it('a 401 arriving after another caller already refreshed reuses the new token without a refresh', async () => {
    const h = harness({ refreshOk: true });
    await h.coordinator.fetch((pair) => h.server(pair));
    expect(h.refreshCalls).toHaveLength(1);
    // A call sent with the old token, answered late.
    const renewed = await h.coordinator.renewAfterExpiry('a0');
    expect(renewed.accessToken).toBe('a1');
    expect(h.refreshCalls).toHaveLength(1);
  });

  it('clears the session on REFRESH_TOKEN_INVALID and SESSION_REVOKED from an ordinary call', async () => {
    for (const code of ['REFRESH_TOKEN_INVALID', 'SESSION_REVOKED']) {
      const h = harness({ refreshOk: true });
      const response = await h.coordinator.fetch(() => Promise.resolve(json(401, { code })));
      expect(response.status).toBe(401);
      expect(h.messages).toEqual([{ type: 'session-cleared' }]);
      expect(h.refreshCalls).toHaveLength(0);
    }
  });

  it('passes other errors through untouched', async () => {
    const h = harness({ refreshOk: true });
    const response = await h.coordinator.fetch(() => Promise.resolve(json(403, { code: 'FORBIDDEN' })));
    expect(response.status).toBe(403);
    expect(h.refreshCalls).toHaveLength(0);
  });

  it('silent refresh runs in the window once per 3000 ms', async () => {
    const h = harness({ refreshOk: true, now: ACCESS_REFRESH_WINDOW_MS.from + 1 });
    expect(await h.coordinator.silentRefresh()).toBe(true);
    expect(await h.coordinator.silentRefresh()).toBe(false);
    expect(h.refreshCalls).toEqual(['token:r0']);
  });
});

describe('error bodies', () => {
  it('reads blob bodies as text and parses them', async () => {
    const blob = new Blob([JSON.stringify({ message: 'jwt expired', code: 'ACCESS_TOKEN_EXPIRED' })], {
      type: 'application/octet-stream',
    });
    const response = new Response(blob, { status: 401 });
    expect(await classifyAuthFailure(response)).toBe('access-expired');
    expect(await readErrorBody(response)).toEqual({ message: 'jwt expired', code: 'ACCESS_TOKEN_EXPIRED' });
  });

  it('recognises the messages without codes', async () => {
    expect(await classifyAuthFailure(json(401, { message: 'jwt expired' }))).toBe('access-expired');
    expect(await classifyAuthFailure(json(401, { message: 'refresh token is invalid or expired' }))).toBe(
      'session-invalid',
    );
    expect(await classifyAuthFailure(new Response('not json', { status: 401 }))).toBeNull();
    expect(await classifyAuthFailure(json(500, { code: 'ACCESS_TOKEN_EXPIRED' }))).toBeNull();
  });
});
