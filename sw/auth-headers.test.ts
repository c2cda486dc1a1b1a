// @vitest-environment node
// Not jsdom: a worker has no DOM, and jsdom's Blob is not one that Node's Response can read, which would
// defeat the blob-body cases. The worker scope is the fake below; the network is a fake `fetch` that plays
// the services, with Node's own Request, Response and Blob (the same standard classes a worker has).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES } from '../src/shared/api-envelope';
import { decodeIssuedAt, encodeIssuedAt } from '../src/shared/session-cookies';
import type { AuthCookieValues } from '../src/shared/worker-token-message';
import { DEFAULT_HOST_CONFIG } from '../src/shared/session-hosts';
import { unwrapSessionMessage, type SessionMessage } from '../src/shared/sw-messages';
import { registerAuthHeaders } from './auth-headers';
import { COOKIE_READ_TIMEOUT_MS } from './cookie-store';
import { REVALIDATE_MS } from './token-cache';
import type { TokenStorage } from './token-handoff';

const IAM = 'http://localhost:3003/iamserver/api/v1';

interface FetchEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

/** What the pages were told: through the BroadcastChannel and through `clients.postMessage`. */
let broadcast: SessionMessage[] = [];
let posted: SessionMessage[] = [];
/** Everything the window got through `clients.postMessage`, session message or not. */
let windowMessages: unknown[] = [];

class FakeBroadcastChannel {
  constructor(readonly name: string) {}
  postMessage(data: unknown) {
    const message = unwrapSessionMessage(data);
    if (message) broadcast.push(message);
  }
  close() {}
}

/**
 * A worker scope with a Cookie Store over `cookies`, one window client, and the listeners kept. The
 * Cookie Store does not fire `cookiechange` by itself: a test sends it (or not: a missed event).
 * `withCookieStore: false`: the scope of a browser without the Cookie Store API (no `cookieStore`, no
 * `registration.cookies`); the tokens come from `handOver` and live in `tokenStorage`.
 */
function fakeWorker(
  cookies: Map<string, string>,
  { withCookieStore = true, tokenStorage }: { withCookieStore?: boolean; tokenStorage?: TokenStorage } = {},
) {
  const listeners = new Map<string, (event: never) => void>();
  const store = {
    reads: 0,
    getAll: async () => {
      store.reads++;
      return [...cookies].map(([name, value]) => ({ name, value }));
    },
    set: async ({ name, value }: { name: string; value: string }) => void cookies.set(name, value),
  };
  const subscribed: Array<{ name?: string; url: string }> = [];
  const scope = {
    location: { hostname: 'localhost' },
    navigator: {},
    registration: {
      scope: 'http://localhost:8080/',
      cookies: withCookieStore
        ? { subscribe: async (list: Array<{ name?: string; url: string }>) => void subscribed.push(...list) }
        : undefined,
    },
    clients: {
      matchAll: async () => [
        {
          postMessage: (data: unknown) => {
            windowMessages.push(data);
            const message = unwrapSessionMessage(data);
            if (message) posted.push(message);
          },
        },
      ],
    },
    cookieStore: withCookieStore ? store : undefined,
    addEventListener: (type: string, listener: (event: never) => void) => void listeners.set(type, listener),
  };
  const auth = registerAuthHeaders(scope as unknown as ServiceWorkerGlobalScope, {
    hostConfig: DEFAULT_HOST_CONFIG,
    tokenStorage,
  });
  return {
    /** What the worker's other parts (the outbox's replay) send with. */
    auth,
    store,
    subscribed,
    /** The worker's answer, or undefined when it let the request through untouched (no respondWith). */
    dispatch(request: Request | { url: string; mode: string }): Promise<Response> | undefined {
      let answer: Promise<Response> | undefined;
      const event: FetchEventLike = {
        request: request as Request,
        respondWith: (response) => void (answer = response),
      };
      listeners.get('fetch')?.(event as never);
      return answer;
    },
    /** A `cookiechange` event, after writing the change to the cookies themselves. */
    cookieChange(changed: Array<[string, string]>, deleted: string[] = []) {
      for (const [name, value] of changed) cookies.set(name, value);
      for (const name of deleted) cookies.delete(name);
      listeners.get('cookiechange')?.({
        changed: changed.map(([name, value]) => ({ name, value })),
        deleted: deleted.map((name) => ({ name })),
      } as never);
    },
    /**
     * A page hands its auth cookies over (`postMessage` to the worker); resolves once the worker is done
     * with it, with what the worker answered that page.
     */
    async handOver(tokens: AuthCookieValues | null): Promise<unknown[]> {
      const replies: unknown[] = [];
      const pending: Array<Promise<unknown>> = [];
      listeners.get('message')?.({
        data: { type: 'auth-tokens', tokens },
        source: { postMessage: (data: unknown) => void replies.push(data) },
        waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
      } as never);
      await Promise.all(pending);
      return replies;
    },
    /** Runs a lifecycle event's handler and waits for what it passed to `waitUntil`. */
    async lifecycle(type: 'install' | 'activate') {
      const pending: Array<Promise<unknown>> = [];
      listeners.get(type)?.({ waitUntil: (promise: Promise<unknown>) => void pending.push(promise) } as never);
      await Promise.all(pending);
    },
  };
}

function signedInCookies(): Map<string, string> {
  const issued = encodeIssuedAt(Date.now() - 60_000);
  return new Map([
    ['__cez_at', 'access-1'],
    ['__cez_rt', 'refresh-1'],
    ['__cez_atxr', issued],
    ['__cez_rtxr', issued],
  ]);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** An error body the way some services send it: bytes, no JSON content type (read as a blob). */
const blob = (status: number, body: unknown) =>
  new Response(new Blob([JSON.stringify(body)], { type: 'application/octet-stream' }), { status });

const jwtExpired = { code: ERROR_CODES.ACCESS_TOKEN_EXPIRED, message: ERROR_MESSAGES.ACCESS_TOKEN_EXPIRED };
const refreshInvalid = { code: ERROR_CODES.REFRESH_TOKEN_INVALID, message: ERROR_MESSAGES.REFRESH_TOKEN_INVALID };

/** The services: fetch-user wants the current access token; /auth/token renews it. */
function fakeServices({
  expiredAnswer = json,
  tokenAnswer = () => json(200, { data: { accessToken: 'access-2' } }),
}: {
  expiredAnswer?: (status: number, body: unknown) => Response;
  tokenAnswer?: () => Response;
} = {}) {
  const seen: Array<{ url: string; authorization: string | null; refresh: string | null }> = [];
  const fetchFake = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    seen.push({
      url: request.url,
      authorization: request.headers.get('Authorization'),
      refresh: request.headers.get('X-Refresh-Token'),
    });
    const path = new URL(request.url).pathname;
    if (path.endsWith('/auth/token')) return tokenAnswer();
    if (request.headers.get('Authorization') === 'Bearer access-2') return json(200, { data: [{ _id: 'u1' }] });
    if (request.headers.get('Authorization') === 'Bearer access-1') return expiredAnswer(401, jwtExpired);
    return json(401, { code: 'UNAUTHENTICATED', message: 'no token' });
  });
  vi.stubGlobal('fetch', fetchFake);
  return { seen, tokenCalls: () => seen.filter((call) => call.url.endsWith('/auth/token')).length };
}

beforeEach(() => {
  broadcast = [];
  posted = [];
  windowMessages = [];
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the auth headers', () => {
  it.each([
    `${IAM}/fetch-user`,
    'http://localhost:3000/master/api/v1/country',
    'http://localhost:3014/logserver/api/v1/audit',
    `https://${DEFAULT_HOST_CONFIG.production.apiHost}/mailserver/api/v1/send`,
  ])('attaches both headers to a call to a service base: %s', async (url) => {
    const services = fakeServices();
    const cookies = signedInCookies();
    cookies.set('__cez_at', 'access-2');
    const worker = fakeWorker(cookies);

    const response = await worker.dispatch(new Request(url));

    expect(response?.status).toBe(200);
    expect(services.seen[0]).toEqual({ url, authorization: 'Bearer access-2', refresh: 'Bearer refresh-1' });
  });

  it.each([
    'http://localhost:8080/assets/index.js',
    'http://localhost:8080/iamserver/api/v1/fetch-user',
    'http://localhost:3000/iamserver/api/v1/fetch-user',
    'https://maps.googleapis.com/iamserver/api/v1/x',
    'https://identitytoolkit.googleapis.com/v1/accounts:lookup',
    'http://localhost:3003/not-a-service/api/v1/x',
  ])('leaves everything else alone, so no token leaks: %s', (url) => {
    const services = fakeServices();
    const worker = fakeWorker(signedInCookies());

    expect(worker.dispatch(new Request(url))).toBeUndefined();
    expect(services.seen).toEqual([]);
  });

  it('leaves navigations alone', () => {
    fakeServices();
    const worker = fakeWorker(signedInCookies());
    expect(worker.dispatch({ url: `${IAM}/fetch-user`, mode: 'navigate' })).toBeUndefined();
  });

  it('sends a call without headers when there are no cookies', async () => {
    const services = fakeServices();
    const worker = fakeWorker(new Map());

    const response = await worker.dispatch(new Request(`${IAM}/fetch-user`));

    expect(response?.status).toBe(401);
    expect(services.seen[0]).toMatchObject({ authorization: null, refresh: null });
  });

  it('passes the refresh call itself through with the headers the page chose', async () => {
    const services = fakeServices();
    const worker = fakeWorker(signedInCookies());
    const request = new Request(`${IAM}/auth/token`, {
      headers: { Authorization: 'Bearer page-access', 'X-Refresh-Token': 'Bearer page-refresh' },
    });

    await worker.dispatch(request);

    expect(services.seen).toEqual([
      { url: `${IAM}/auth/token`, authorization: 'Bearer page-access', refresh: 'Bearer page-refresh' },
    ]);
  });
});

describe('401 handling', () => {
  it('answers "jwt expired" with one refresh while the other calls wait, then retries each', async () => {
    const services = fakeServices();
    const cookies = signedInCookies();
    const worker = fakeWorker(cookies);
    const before = Date.now();

    const responses = await Promise.all(
      Array.from({ length: 5 }, () => worker.dispatch(new Request(`${IAM}/fetch-user`))),
    );

    expect(responses.map((response) => response?.status)).toEqual([200, 200, 200, 200, 200]);
    expect(services.tokenCalls()).toBe(1);
    const refresh = services.seen.find((call) => call.url.endsWith('/auth/token'));
    expect(refresh).toMatchObject({ authorization: 'Bearer access-1', refresh: 'Bearer refresh-1' });
    // Retried with the new token, and the new token (with its issue time) is in the cookies for every tab.
    const retries = services.seen.filter(
      (call) => call.url.endsWith('/fetch-user') && call.authorization === 'Bearer access-2',
    );
    expect(retries).toHaveLength(5);
    expect(cookies.get('__cez_at')).toBe('access-2');
    expect(cookies.get('__cez_rt')).toBe('refresh-1');
    expect(decodeIssuedAt(cookies.get('__cez_atxr'))).toBeGreaterThanOrEqual(before);
    expect(posted).toEqual([]);
  });

  it('reads an error body sent as a blob and still recognises "jwt expired"', async () => {
    const services = fakeServices({ expiredAnswer: blob });
    const worker = fakeWorker(signedInCookies());

    const response = await worker.dispatch(new Request(`${IAM}/fetch-user`));

    expect(response?.status).toBe(200);
    expect(services.tokenCalls()).toBe(1);
  });

  it('fails every waiting call and tells the pages once when the refresh is refused', async () => {
    const services = fakeServices({ tokenAnswer: () => json(401, refreshInvalid) });
    const worker = fakeWorker(signedInCookies());

    const responses = await Promise.all(
      Array.from({ length: 3 }, () => worker.dispatch(new Request(`${IAM}/fetch-user`))),
    );

    expect(responses.map((response) => response?.status)).toEqual([401, 401, 401]);
    expect(services.tokenCalls()).toBe(1);
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'session-expired' }]));
    expect(broadcast).toEqual([{ type: 'session-expired' }]);
  });

  it.each([
    ['JSON', json],
    ['a blob', blob],
  ])('clears the session on REFRESH_TOKEN_INVALID sent as %s, without refreshing', async (_, answer) => {
    const services = fakeServices({ expiredAnswer: (status) => answer(status, refreshInvalid) });
    const worker = fakeWorker(signedInCookies());

    const response = await worker.dispatch(new Request(`${IAM}/fetch-user`));

    expect(response?.status).toBe(401);
    expect(await response?.json()).toEqual(refreshInvalid);
    expect(services.tokenCalls()).toBe(0);
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'session-cleared' }]));
    expect(broadcast).toEqual([{ type: 'session-cleared' }]);
  });

  it('passes other errors on untouched', async () => {
    const services = fakeServices();
    const worker = fakeWorker(new Map([...signedInCookies(), ['__cez_at', 'access-9']]));

    const response = await worker.dispatch(new Request(`${IAM}/fetch-user`));

    expect(response?.status).toBe(401);
    expect(await response?.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'no token' });
    expect(services.tokenCalls()).toBe(0);
    expect(posted).toEqual([]);
  });
});

describe('the tokens in worker memory', () => {
  const fetchUser = () => new Request(`${IAM}/fetch-user`);
  /** Services that accept any token, so that no 401 (and no re-read) gets in the way. */
  const acceptingServices = () => {
    const seen: Array<{ authorization: string | null; refresh: string | null }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push({
          authorization: request.headers.get('Authorization'),
          refresh: request.headers.get('X-Refresh-Token'),
        });
        return json(200, { data: [] });
      }),
    );
    return { seen };
  };

  it('reads the Cookie Store once, on first use, and answers later calls from memory', async () => {
    const services = fakeServices();
    const cookies = signedInCookies();
    cookies.set('__cez_at', 'access-2');
    const worker = fakeWorker(cookies);

    const responses = await Promise.all([worker.dispatch(fetchUser()), worker.dispatch(fetchUser())]);
    await worker.dispatch(fetchUser());

    expect(responses.map((response) => response?.status)).toEqual([200, 200]);
    expect(worker.store.reads).toBe(1);
    expect(services.seen.map((call) => call.authorization)).toEqual(Array(3).fill('Bearer access-2'));
  });

  it('subscribes to the four auth cookies on install and on activate', async () => {
    fakeServices();
    const worker = fakeWorker(signedInCookies());

    await worker.lifecycle('install');
    await worker.lifecycle('activate');

    const names = worker.subscribed.map((subscription) => subscription.name);
    expect(new Set(names)).toEqual(new Set(['__cez_at', '__cez_rt', '__cez_atxr', '__cez_rtxr']));
    expect(worker.subscribed.every((subscription) => subscription.url === 'http://localhost:8080/')).toBe(true);
  });

  it('follows a cookie change event without reading the Cookie Store again', async () => {
    const services = acceptingServices();
    const cookies = signedInCookies();
    cookies.set('__cez_at', 'access-2');
    const worker = fakeWorker(cookies);
    await worker.dispatch(fetchUser());

    worker.cookieChange([
      ['__cez_at', 'access-3'],
      ['__cez_rt', 'refresh-3'],
    ]);
    await worker.dispatch(fetchUser());
    worker.cookieChange([], ['__cez_rt']);
    await worker.dispatch(fetchUser());

    expect(worker.store.reads).toBe(1);
    expect(services.seen[1]).toMatchObject({ authorization: 'Bearer access-3', refresh: 'Bearer refresh-3' });
    // Signed out (one cookie gone): no headers, and nothing leaks.
    expect(services.seen[2]).toMatchObject({ authorization: null, refresh: null });
  });

  it('ignores a change event that lands while the first read is under way', async () => {
    const services = fakeServices();
    const cookies = signedInCookies();
    const worker = fakeWorker(cookies);
    const getAll = worker.store.getAll;
    // The read sees the old cookies; the change arrives before the read answers.
    worker.store.getAll = async () => {
      const snapshot = await getAll();
      worker.cookieChange([['__cez_at', 'access-2']]);
      return snapshot;
    };
    await worker.dispatch(fetchUser()); // 401 → re-read → access-2, retried

    worker.store.getAll = getAll;
    await worker.dispatch(fetchUser());

    expect(services.seen.at(-1)).toMatchObject({ authorization: 'Bearer access-2' });
    expect(services.tokenCalls()).toBe(0);
  });

  it('a restarted worker (empty memory) reads the Cookie Store on first use', async () => {
    const services = acceptingServices();
    const cookies = signedInCookies();
    cookies.set('__cez_at', 'access-2');
    await fakeWorker(cookies).dispatch(fetchUser());
    // While the worker was stopped the page renewed the cookies; the event went to no one.
    cookies.set('__cez_at', 'access-2b');
    cookies.set('__cez_rt', 'refresh-2b');

    const restarted = fakeWorker(cookies);
    await restarted.dispatch(fetchUser());

    expect(restarted.store.reads).toBe(1);
    expect(services.seen[1]).toMatchObject({ authorization: 'Bearer access-2b', refresh: 'Bearer refresh-2b' });
  });

  it('a 401 re-reads the cookies first: a missed change means a retry with the new tokens, not a refresh', async () => {
    const services = fakeServices();
    const cookies = signedInCookies();
    const worker = fakeWorker(cookies);
    cookies.set('__cez_at', 'access-2'); // before the first read: the worker starts with access-2
    await worker.dispatch(fetchUser());
    // The page signs in again and its change event is missed; the old token has expired meanwhile.
    worker.cookieChange([['__cez_at', 'access-1']]);
    cookies.set('__cez_at', 'access-2');

    const response = await worker.dispatch(fetchUser());

    expect(response?.status).toBe(200);
    expect(services.seen.slice(1).map((call) => call.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(services.tokenCalls()).toBe(0);
    // And the memory follows what was read.
    await worker.dispatch(fetchUser());
    expect(services.seen.at(-1)).toMatchObject({ authorization: 'Bearer access-2' });
  });

  it('a revoked old session does not log out a page that signed in again (missed change event)', async () => {
    const fetchFake = vi.fn(async (input: Request) =>
      input.headers.get('Authorization') === 'Bearer access-new' ? json(200, { data: [] }) : json(401, refreshInvalid),
    );
    vi.stubGlobal('fetch', fetchFake);
    const cookies = signedInCookies();
    const worker = fakeWorker(cookies);
    await worker.dispatch(fetchUser());
    posted = [];
    broadcast = [];
    cookies.set('__cez_at', 'access-new');
    cookies.set('__cez_rt', 'refresh-new');

    const response = await worker.dispatch(fetchUser());

    expect(response?.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posted).toEqual([]);
    expect(broadcast).toEqual([]);
  });

  it('stores its own refresh in memory: the next call uses the new token without reading the cookies', async () => {
    const services = fakeServices();
    const worker = fakeWorker(signedInCookies());
    await worker.dispatch(fetchUser()); // access-1 → 401 → refresh → access-2
    const reads = worker.store.reads;

    await worker.dispatch(fetchUser());

    expect(services.seen.at(-1)).toMatchObject({ authorization: 'Bearer access-2', refresh: 'Bearer refresh-1' });
    expect(services.tokenCalls()).toBe(1);
    expect(worker.store.reads).toBe(reads);
  });

  it(`re-checks the Cookie Store in the background when the memory is older than ${REVALIDATE_MS} ms`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const services = fakeServices();
      const cookies = signedInCookies();
      cookies.set('__cez_at', 'access-2');
      const worker = fakeWorker(cookies);
      await worker.dispatch(fetchUser());
      cookies.delete('__cez_rt'); // signed out in a tab; the change event was missed

      await worker.dispatch(fetchUser());
      expect(worker.store.reads).toBe(1);
      vi.setSystemTime(Date.now() + REVALIDATE_MS + 1);
      await worker.dispatch(fetchUser()); // answered from memory, re-check started
      await vi.waitFor(() => expect(worker.store.reads).toBe(2));
      await worker.dispatch(fetchUser());

      expect(services.seen.map((call) => call.authorization)).toEqual([
        'Bearer access-2',
        'Bearer access-2',
        'Bearer access-2',
        null,
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the fast path', () => {
  it('passes an answer that is not a 401 on untouched, without cloning a bodyless request', async () => {
    const answer = json(500, { message: 'boom' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    const clone = vi.spyOn(Request.prototype, 'clone');
    const readText = vi.spyOn(Response.prototype, 'text');
    const cloneResponse = vi.spyOn(Response.prototype, 'clone');
    const worker = fakeWorker(signedInCookies());

    const response = await worker.dispatch(new Request(`${IAM}/fetch-user`));

    expect(response).toBe(answer);
    expect(response?.bodyUsed).toBe(false);
    expect(clone).not.toHaveBeenCalled();
    expect(readText).not.toHaveBeenCalled();
    expect(cloneResponse).not.toHaveBeenCalled();
  });

  it('keeps a request body for the retry after a refresh', async () => {
    const bodies: Array<[string | null, string]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string, init?: RequestInit) => {
        const request = typeof input === 'string' ? new Request(input, init) : input;
        if (request.url.endsWith('/auth/token')) return json(200, { data: { accessToken: 'access-2' } });
        bodies.push([request.headers.get('Authorization'), await request.text()]);
        return request.headers.get('Authorization') === 'Bearer access-2' ? json(201, {}) : json(401, jwtExpired);
      }),
    );
    const worker = fakeWorker(signedInCookies());

    const response = await worker.dispatch(
      new Request(`${IAM}/users`, {
        method: 'POST',
        body: '{"name":"x"}',
        headers: { 'Content-Type': 'application/json' },
      }),
    );

    expect(response?.status).toBe(201);
    expect(bodies).toEqual([
      ['Bearer access-1', '{"name":"x"}'],
      ['Bearer access-2', '{"name":"x"}'],
    ]);
  });
});

describe('a Cookie Store that shows the worker no session while the pages have one (a restarted browser)', () => {
  const expiredPair = { accessToken: 'access-1', refreshToken: 'refresh-1' };

  it('refreshes the pair a page call carries once, and hands the renewed pair to the pages to write', async () => {
    const services = fakeServices();
    const worker = fakeWorker(new Map());

    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        worker.dispatch(
          new Request(`${IAM}/fetch-user`, {
            headers: { Authorization: `Bearer ${expiredPair.accessToken}`, 'X-Refresh-Token': 'Bearer refresh-1' },
          }),
        ),
      ),
    );

    expect(answers.map((answer) => answer?.status)).toEqual([200, 200, 200]);
    expect(services.tokenCalls()).toBe(1);
    expect(windowMessages).toEqual([
      {
        type: 'auth-tokens-renewed',
        tokens: expect.objectContaining({ __cez_at: 'access-2', __cez_rt: 'refresh-1' }),
        replaces: 'access-1',
      },
    ]);
  });

  it('sends the outbox replay, which carries no tokens, with what a page handed over, through the one refresh', async () => {
    const services = fakeServices();
    const worker = fakeWorker(new Map());
    await worker.handOver(Object.fromEntries(signedInCookies()) as AuthCookieValues);

    expect(await worker.auth.accessToken()).toBe('access-1');
    const answer = await worker.auth.send(new Request(`${IAM}/fetch-user`, { method: 'GET' }));

    expect(answer.status).toBe(200);
    expect(services.tokenCalls()).toBe(1);
    expect(services.seen.at(-1)).toMatchObject({ authorization: 'Bearer access-2', refresh: 'Bearer refresh-1' });
  });

  it(`gives up a Cookie Store read that hangs after ${COOKIE_READ_TIMEOUT_MS} ms and sends with the pages' pair`, async () => {
    const services = fakeServices();
    const worker = fakeWorker(new Map());
    worker.store.getAll = () => new Promise(() => undefined);
    await worker.handOver(Object.fromEntries(signedInCookies()) as AuthCookieValues);

    const answer = await worker.auth.send(new Request(`${IAM}/fetch-user`));

    expect(answer.status).toBe(200);
    expect(services.tokenCalls()).toBe(1);
  });

  it('uses the renewed pair when the Cookie Store refuses to store it, and hands it to the pages', async () => {
    const services = fakeServices();
    const worker = fakeWorker(new Map());
    worker.store.set = () => Promise.reject(new TypeError('refused'));
    await worker.handOver(Object.fromEntries(signedInCookies()) as AuthCookieValues);

    const first = await worker.auth.send(new Request(`${IAM}/fetch-user`));
    const second = await worker.auth.send(new Request(`${IAM}/fetch-user`));

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(services.tokenCalls()).toBe(1);
    expect(windowMessages).toEqual([
      { type: 'auth-tokens-renewed', tokens: expect.objectContaining({ __cez_at: 'access-2' }), replaces: 'access-1' },
    ]);
  });

  it('forgets the pages’ pair when it sees the cookies deleted (a logout)', async () => {
    fakeServices();
    const worker = fakeWorker(new Map());
    await worker.handOver(Object.fromEntries(signedInCookies()) as AuthCookieValues);
    expect(await worker.auth.accessToken()).toBe('access-1');

    worker.cookieChange([], ['__cez_at', '__cez_rt']);

    expect(await worker.auth.accessToken()).toBeNull();
  });
});

describe('without a Cookie Store: the tokens the pages hand over', () => {
  const fetchUser = () => new Request(`${IAM}/fetch-user`);
  const handedValues = (cookies: Map<string, string> = signedInCookies()) =>
    Object.fromEntries(cookies) as AuthCookieValues;
  /** IndexedDB as the worker sees it, in memory: it outlives a worker, unlike the worker's own memory. */
  const memoryStorage = () => {
    const storage = {
      value: null as AuthCookieValues | null,
      loads: 0,
      load: async () => {
        storage.loads++;
        return storage.value && { ...storage.value };
      },
      save: async (values: AuthCookieValues | null) => void (storage.value = values && { ...values }),
    };
    return storage;
  };
  const workerWithout = (tokenStorage: TokenStorage) => fakeWorker(new Map(), { withCookieStore: false, tokenStorage });

  it('attaches both headers from the handed tokens, and stores them', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const worker = workerWithout(storage);
    await worker.lifecycle('install');

    const before = await worker.dispatch(fetchUser()); // nothing handed over yet
    const cookies = signedInCookies();
    cookies.set('__cez_at', 'access-2');
    expect(await worker.handOver(handedValues(cookies))).toEqual([]);
    const after = await worker.dispatch(fetchUser());

    expect(before?.status).toBe(401);
    expect(after?.status).toBe(200);
    expect(services.seen.map(({ authorization, refresh }) => ({ authorization, refresh }))).toEqual([
      { authorization: null, refresh: null },
      { authorization: 'Bearer access-2', refresh: 'Bearer refresh-1' },
    ]);
    expect(storage.value).toEqual(handedValues(cookies));
    expect(worker.subscribed).toEqual([]); // no registration.cookies to subscribe to
  });

  it('a restarted worker (memory lost) reads the handed tokens back from IndexedDB', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const cookies = signedInCookies();
    cookies.set('__cez_at', 'access-2');
    await workerWithout(storage).handOver(handedValues(cookies));

    const restarted = workerWithout(storage);
    const responses = await Promise.all([restarted.dispatch(fetchUser()), restarted.dispatch(fetchUser())]);

    expect(responses.map((response) => response?.status)).toEqual([200, 200]);
    expect(services.seen.map((call) => call.authorization)).toEqual(['Bearer access-2', 'Bearer access-2']);
    expect(storage.loads).toBe(2); // once per worker start, then memory
  });

  it('refreshes once for every waiting call, stores the new pair and tells the pages to write it', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const worker = workerWithout(storage);
    await worker.handOver(handedValues());
    const before = Date.now();

    const responses = await Promise.all(Array.from({ length: 5 }, () => worker.dispatch(fetchUser())));

    expect(responses.map((response) => response?.status)).toEqual([200, 200, 200, 200, 200]);
    expect(services.tokenCalls()).toBe(1);
    expect(storage.value).toMatchObject({ __cez_at: 'access-2', __cez_rt: 'refresh-1' });
    expect(decodeIssuedAt(storage.value?.__cez_atxr)).toBeGreaterThanOrEqual(before);
    // The window is told the four cookie values to write, once; nothing with tokens on the session channel.
    expect(windowMessages).toEqual([{ type: 'auth-tokens-renewed', tokens: storage.value, replaces: 'access-1' }]);
    expect(broadcast).toEqual([]);

    // A worker restarted after the refresh uses the renewed pair: no second refresh.
    const restarted = workerWithout(storage);
    expect((await restarted.dispatch(fetchUser()))?.status).toBe(200);
    expect(services.tokenCalls()).toBe(1);
  });

  it('a page that hands over the pair the worker renewed gets the renewed one back, and no second refresh', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const worker = workerWithout(storage);
    const old = handedValues();
    await worker.handOver(old);
    await worker.dispatch(fetchUser()); // access-1 → 401 → refresh → access-2
    const renewed = storage.value;

    // A tab whose cookies still hold the old pair (it was not open when the worker told the pages).
    const replies = await worker.handOver(old);
    const response = await worker.dispatch(fetchUser());

    expect(replies).toEqual([{ type: 'auth-tokens-renewed', tokens: renewed, replaces: 'access-1' }]);
    expect(response?.status).toBe(200);
    expect(services.seen.at(-1)).toMatchObject({ authorization: 'Bearer access-2' });
    expect(services.tokenCalls()).toBe(1);
    expect(storage.value).toEqual(renewed);
  });

  it('a newer pair from a page (a new sign-in) replaces the one the worker holds', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const worker = workerWithout(storage);
    await worker.handOver(handedValues());
    const issued = encodeIssuedAt(Date.now());
    const signedInAgain = handedValues(
      new Map([
        ['__cez_at', 'access-2'],
        ['__cez_rt', 'refresh-9'],
        ['__cez_atxr', issued],
        ['__cez_rtxr', issued],
      ]),
    );

    expect(await worker.handOver(signedInAgain)).toEqual([]);
    await worker.dispatch(fetchUser());

    expect(services.seen.at(-1)).toMatchObject({ authorization: 'Bearer access-2', refresh: 'Bearer refresh-9' });
    expect(services.tokenCalls()).toBe(0);
    expect(storage.value).toEqual(signedInAgain);
  });

  it('a hand-over of no tokens (logged out) clears the memory and IndexedDB', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const worker = workerWithout(storage);
    await worker.handOver(handedValues());

    await worker.handOver(null);
    await worker.dispatch(fetchUser());
    const restarted = workerWithout(storage);
    await restarted.dispatch(fetchUser());

    expect(storage.value).toBeNull();
    expect(services.seen.map((call) => call.authorization)).toEqual([null, null]);
    expect(services.tokenCalls()).toBe(0);
  });

  it('ignores a message that is not a hand-over', async () => {
    const services = fakeServices();
    const storage = memoryStorage();
    const worker = workerWithout(storage);
    await worker.handOver({ __cez_at: 'access-2', evil: 'x' } as AuthCookieValues);

    await worker.dispatch(fetchUser());

    expect(storage.value).toBeNull();
    expect(services.seen[0]).toMatchObject({ authorization: null });
  });
});
