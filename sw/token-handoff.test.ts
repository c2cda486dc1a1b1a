// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cookieWritesFor, encodeIssuedAt } from '../src/shared/session-cookies';
import type { AuthCookieValues } from '../src/shared/worker-token-message';
import { HandedTokens, type TokenStorage } from './token-handoff';

function pair(access: string, refresh: string, issuedAt = Date.now() - 60_000): AuthCookieValues {
  const issued = encodeIssuedAt(issuedAt);
  return { __cez_at: access, __cez_rt: refresh, __cez_atxr: issued, __cez_rtxr: issued };
}

/** IndexedDB in memory; `failing` makes every call throw (no IndexedDB, a private mode). */
function memoryStorage(value: AuthCookieValues | null = null) {
  const storage = {
    value,
    failing: false,
    load: async () => {
      if (storage.failing) throw new Error('no IndexedDB');
      return storage.value && { ...storage.value };
    },
    save: async (values: AuthCookieValues | null) => {
      if (storage.failing) throw new Error('no IndexedDB');
      storage.value = values && { ...values };
    },
  };
  return storage satisfies TokenStorage;
}

describe('HandedTokens', () => {
  it('a hand-over that lands while the stored pair is being loaded is not undone by the load', async () => {
    const storage = memoryStorage(pair('access-1', 'refresh-1'));
    const tokens = new HandedTokens(storage);

    const [loaded] = await Promise.all([tokens.current(), tokens.receive(pair('access-2', 'refresh-2', Date.now()))]);

    expect(loaded).toMatchObject({ accessToken: 'access-1' }); // what was stored at start
    expect(await tokens.current()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(storage.value).toMatchObject({ __cez_at: 'access-2' });
  });

  it('does not store its renewal when a page handed over another pair while the refresh was under way', async () => {
    const storage = memoryStorage();
    const tokens = new HandedTokens(storage);
    await tokens.receive(pair('access-1', 'refresh-1'));
    const signedInAgain = pair('access-9', 'refresh-9', Date.now());
    await tokens.receive(signedInAgain);

    const renewed = await tokens.storeRenewal(cookieWritesFor({ accessToken: 'access-2' }, Date.now()), 'access-1');

    expect(renewed).toBeNull(); // no page is told to overwrite its cookies
    expect(await tokens.read()).toMatchObject({ accessToken: 'access-9', refreshToken: 'refresh-9' });
    expect(storage.value).toEqual(signedInAgain);
  });

  it('read() picks up a pair that another worker (an update still serving a tab) stored meanwhile', async () => {
    const storage = memoryStorage();
    const tokens = new HandedTokens(storage);
    await tokens.receive(pair('access-1', 'refresh-1'));
    storage.value = pair('access-2', 'refresh-1', Date.now());

    expect(await tokens.current()).toMatchObject({ accessToken: 'access-1' }); // the fast path: memory
    expect(await tokens.read()).toMatchObject({ accessToken: 'access-2' });
    expect(await tokens.current()).toMatchObject({ accessToken: 'access-2' });
  });

  it('without IndexedDB keeps working from memory, and never goes back to an older stored pair', async () => {
    const storage = memoryStorage(pair('access-0', 'refresh-0'));
    storage.failing = true;
    const tokens = new HandedTokens(storage);

    expect(await tokens.current()).toBeNull();
    await tokens.receive(pair('access-1', 'refresh-1'));
    storage.failing = false; // back, but it missed the hand-over

    expect(await tokens.read()).toMatchObject({ accessToken: 'access-1' });
    expect(await tokens.current()).toMatchObject({ accessToken: 'access-1' });
  });
});
