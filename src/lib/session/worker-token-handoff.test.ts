// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE_MAX_AGE_S, AUTH_COOKIE_NAMES, encodeIssuedAt } from '../../shared/session-cookies';
import { COOKIE_POLL_MS } from '../../shared/session-rules';
import type { AuthCookieValues } from '../../shared/worker-token-message';
import { startWorkerTokenHandoff } from './worker-token-handoff';

const ISSUED = encodeIssuedAt(Date.now() - 60_000);
const SIGNED_IN: AuthCookieValues = {
  __cez_at: 'access-1',
  __cez_rt: 'refresh-1',
  __cez_atxr: ISSUED,
  __cez_rtxr: ISSUED,
};

/** `navigator.serviceWorker` with a controller that records what it was handed (jsdom has none). */
class FakeContainer extends EventTarget {
  controller: { postMessage: ReturnType<typeof vi.fn> } | null = { postMessage: vi.fn() };
  handed(): unknown[] {
    return this.controller?.postMessage.mock.calls.map(([message]) => message) ?? [];
  }
  /** A message from the worker. */
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

function setCookies(values: AuthCookieValues) {
  for (const [name, value] of Object.entries(values)) document.cookie = `${name}=${value}; path=/`;
}

function clearCookies() {
  for (const name of AUTH_COOKIE_NAMES) document.cookie = `${name}=; path=/; max-age=0`;
}

let container: FakeContainer;
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  container = new FakeContainer();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  clearCookies();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearCookies();
});

describe('startWorkerTokenHandoff', () => {
  it('hands the auth cookies to the worker at start and on every change, null once logged out', () => {
    setCookies(SIGNED_IN);
    stop = startWorkerTokenHandoff();

    vi.advanceTimersByTime(COOKIE_POLL_MS * 3); // unchanged: nothing more
    setCookies({ __cez_at: 'access-2' });
    vi.advanceTimersByTime(COOKIE_POLL_MS);
    clearCookies();
    vi.advanceTimersByTime(COOKIE_POLL_MS);

    expect(container.handed()).toEqual([
      { type: 'auth-tokens', tokens: SIGNED_IN },
      { type: 'auth-tokens', tokens: { ...SIGNED_IN, __cez_at: 'access-2' } },
      { type: 'auth-tokens', tokens: null },
    ]);
  });

  it('hands them to a new controller when another worker takes over', () => {
    setCookies(SIGNED_IN);
    stop = startWorkerTokenHandoff();
    const first = container.controller!;
    container.controller = { postMessage: vi.fn() };

    container.dispatchEvent(new Event('controllerchange'));

    expect(first.postMessage).toHaveBeenCalledTimes(1);
    expect(container.handed()).toEqual([{ type: 'auth-tokens', tokens: SIGNED_IN }]);
  });

  it("writes the worker's renewed pair with the auth cookies' attributes, and does not hand it back", () => {
    setCookies(SIGNED_IN);
    stop = startWorkerTokenHandoff();
    const writes = vi.spyOn(document, 'cookie', 'set');
    const renewed = { ...SIGNED_IN, __cez_at: 'access-2', __cez_atxr: encodeIssuedAt(Date.now()) };

    container.receive({ type: 'auth-tokens-renewed', tokens: renewed, replaces: 'access-1' });
    vi.advanceTimersByTime(COOKIE_POLL_MS);

    expect(writes.mock.calls.map(([cookie]) => cookie)).toEqual(
      Object.entries(renewed).map(
        ([name, value]) => `${name}=${encodeURIComponent(value)}; path=/; max-age=${AUTH_COOKIE_MAX_AGE_S}`,
      ),
    );
    expect(document.cookie).toContain('__cez_at=access-2');
    expect(container.handed()).toHaveLength(1);
  });

  it('leaves cookies that moved on alone: a logout or a new sign-in is not overwritten', () => {
    stop = startWorkerTokenHandoff();
    const renewed = { ...SIGNED_IN, __cez_at: 'access-2' };

    container.receive({ type: 'auth-tokens-renewed', tokens: renewed, replaces: 'access-1' }); // logged out
    setCookies({ ...SIGNED_IN, __cez_at: 'access-9', __cez_rt: 'refresh-9' });
    container.receive({ type: 'auth-tokens-renewed', tokens: renewed, replaces: 'access-1' }); // signed in again

    expect(document.cookie).toContain('__cez_at=access-9');
    expect(document.cookie).toContain('__cez_rt=refresh-9');
  });

  it('hands nothing over while no worker controls the page, and stops when asked', () => {
    setCookies(SIGNED_IN);
    const controller = container.controller!;
    container.controller = null;
    stop = startWorkerTokenHandoff();
    container.controller = controller;
    stop();

    setCookies({ __cez_at: 'access-2' });
    vi.advanceTimersByTime(COOKIE_POLL_MS * 2);
    container.dispatchEvent(new Event('controllerchange'));

    expect(container.handed()).toEqual([]);
  });
});
