// @vitest-environment node
// The worker's token memory on its own, over a fake Cookie Store whose reads the test answers by hand.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIES } from '../src/shared/session-cookies';
import { allCookies, COOKIE_READ_TIMEOUT_MS, type CookieListItemLike } from './cookie-store';
import { REVALIDATE_MS, WorkerTokenCache } from './token-cache';

const { accessToken: AT, refreshToken: RT } = AUTH_COOKIES;

/** A Cookie Store whose `getAll` waits until the test answers it. */
function heldStore() {
  const pending: Array<(cookies: CookieListItemLike[]) => void> = [];
  let reads = 0;
  return {
    reads: () => reads,
    answer: (cookies: Record<string, string>) =>
      pending.shift()!(Object.entries(cookies).map(([name, value]) => ({ name, value }))),
    getAll: () => {
      reads++;
      return new Promise<CookieListItemLike[]>((resolve) => pending.push(resolve));
    },
    set: async () => undefined,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the worker token cache', () => {
  it('fills once from the Cookie Store, then answers from memory without reading', async () => {
    const store = heldStore();
    let now = 0;
    const cache = new WorkerTokenCache(store, () => now);
    const first = cache.current();
    const second = cache.current();
    expect(store.reads()).toBe(1);
    store.answer({ [AT]: 'a%201', [RT]: 'r1' });
    expect(await first).toMatchObject({ accessToken: 'a 1', refreshToken: 'r1' });
    expect(await second).toMatchObject({ accessToken: 'a 1', refreshToken: 'r1' });
    now = REVALIDATE_MS;
    expect(cache.current()).toMatchObject({ accessToken: 'a 1', refreshToken: 'r1' });
    expect(store.reads()).toBe(1);
    // Older than REVALIDATE_MS: still answered from memory, and re-checked in the background.
    now = REVALIDATE_MS + 1;
    expect(cache.current()).toMatchObject({ accessToken: 'a 1', refreshToken: 'r1' });
    expect(store.reads()).toBe(2);
  });

  it('keeps a change that arrives while a read is under way, not the older read', async () => {
    const store = heldStore();
    const cache = new WorkerTokenCache(store, () => 0);
    const filled = cache.current();
    store.answer({ [AT]: 'a1', [RT]: 'r1' });
    await filled;
    const read = cache.read();
    cache.applyChange({ changed: [{ name: AT, value: 'a2' }] });
    store.answer({ [AT]: 'a1', [RT]: 'r1' });
    await read;
    expect(cache.current()).toMatchObject({ accessToken: 'a2', refreshToken: 'r1' });
  });

  it('lets the pages’ view stand in while the Cookie Store shows no session, until a logout is seen', async () => {
    const store = heldStore();
    const cache = new WorkerTokenCache(store, () => 0);
    const filled = cache.current();
    store.answer({});
    expect(await filled).toBeNull();
    cache.receiveFromPage({ [AT]: 'pa', [RT]: 'pr' });
    expect(cache.servingPagesView).toBe(true);
    expect(cache.current()).toMatchObject({ accessToken: 'pa', refreshToken: 'pr' });
    cache.applyChange({ deleted: [{ name: RT }] });
    expect(cache.current()).toBeNull();
  });

  it('takes a Cookie Store read that hangs as showing nothing, after its time-out', async () => {
    vi.useFakeTimers();
    const read = allCookies(heldStore());
    await vi.advanceTimersByTimeAsync(COOKIE_READ_TIMEOUT_MS);
    await expect(read).resolves.toEqual([]);
  });
});
