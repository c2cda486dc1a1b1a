import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_COOKIES,
  authCookieAttributes,
  cookieWritesFor,
  decodeIssuedAt,
  encodeIssuedAt,
  parseCookieString,
  serializeCookie,
  tokensFromCookies,
} from './session-cookies';

describe('issue-time codec', () => {
  it('is base64 of the decimal milliseconds', () => {
    expect(encodeIssuedAt(1_700_000_000_000)).toBe(btoa('1700000000000'));
    expect(decodeIssuedAt(btoa('1700000000000'))).toBe(1_700_000_000_000);
  });

  it('round-trips every time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => decodeIssuedAt(encodeIssuedAt(ms)) === ms),
    );
  });

  it('rejects what is not a base64 decimal', () => {
    expect(decodeIssuedAt(undefined)).toBeNull();
    expect(decodeIssuedAt('')).toBeNull();
    expect(decodeIssuedAt('%%%')).toBeNull();
    expect(decodeIssuedAt(btoa('12a'))).toBeNull();
  });
});

describe('cookie names and parsing', () => {
  it('uses the names of docs/product-rules.md section 3', () => {
    expect(AUTH_COOKIES).toEqual({
      accessToken: '__cez_at',
      refreshToken: '__cez_rt',
      accessIssuedAt: '__cez_atxr',
      refreshIssuedAt: '__cez_rtxr',
    });
  });

  it('is signed in only with both token cookies', () => {
    expect(tokensFromCookies(parseCookieString('__cez_at=a; __cez_rt=r'))).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
    expect(tokensFromCookies(parseCookieString('__cez_at=a'))).toBeNull();
    expect(tokensFromCookies(parseCookieString('__cez_rt=r; other=1'))).toBeNull();
  });

  it('writes issue times with the tokens; the refresh pair only with a refresh token', () => {
    expect(cookieWritesFor({ accessToken: 'a' }, 5).map(([n]) => n)).toEqual(['__cez_at', '__cez_atxr']);
    expect(cookieWritesFor({ accessToken: 'a', refreshToken: 'r' }, 5)).toEqual([
      ['__cez_at', 'a'],
      ['__cez_atxr', btoa('5')],
      ['__cez_rt', 'r'],
      ['__cez_rtxr', btoa('5')],
    ]);
  });
});

describe('cookie attributes per host (docs/api.md section 2)', () => {
  it('adds domain, Secure and SameSite=Lax on hosts containing the product domain', () => {
    expect(authCookieAttributes('app.freight-desk.example', 'freight-desk.example')).toEqual({
      path: '/',
      domain: 'freight-desk.example',
      secure: true,
      sameSite: 'lax',
    });
    expect(
      serializeCookie('__cez_at', 'x', authCookieAttributes('app.freight-desk.example', 'freight-desk.example'), 60),
    ).toBe('__cez_at=x; path=/; max-age=60; domain=freight-desk.example; secure; samesite=lax');
  });

  it('is path / only elsewhere', () => {
    expect(authCookieAttributes('localhost', 'freight-desk.example')).toEqual({ path: '/', secure: false });
    expect(serializeCookie('__cez_at', '', { path: '/', secure: false }, 0)).toBe(
      '__cez_at=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });
});
