// @vitest-environment jsdom
// jsdom only provides the `self` global that Workbox's modules read when they load.
import { describe, expect, it } from 'vitest';
import { LOGIN_PRERENDER_COOKIE } from '../src/shared/login-prerender';
import { SERVICE_NAMES, servicePrefix } from '../src/shared/services';
import { AUTH_COOKIE_NAMES } from '../src/shared/session-cookies';
import { SERVICE_API_PATH, cookieHeaderOf, loginPageFor } from './navigation';

describe('app-shell navigation denylist', () => {
  it.each(SERVICE_NAMES)('leaves %s API paths to the network', (service) => {
    expect(SERVICE_API_PATH.test(`${servicePrefix(service)}/auth/login`)).toBe(true);
    expect(SERVICE_API_PATH.test(`${servicePrefix(service)}/filesystem/file?id=1`)).toBe(true);
  });

  it.each([
    '/',
    '/login',
    '/dashboard',
    '/settings/profile',
    '/settings/templates/1/email',
    '/accounts/roles/create/',
    '/socialSignIn/failure',
  ])('serves the app shell for %s', (path) => {
    expect(SERVICE_API_PATH.test(path)).toBe(false);
  });
});

describe('the page for a navigation to /login', () => {
  const scope = (cookies: { name: string; value: string }[] | undefined, languages: string[]) =>
    ({
      navigator: { languages },
      ...(cookies ? { cookieStore: { getAll: () => Promise.resolve(cookies), set: () => Promise.resolve() } } : {}),
    }) as unknown as ServiceWorkerGlobalScope;

  it('is the prerendered page for an English browser with no session and no other choice', async () => {
    expect(await loginPageFor(scope([{ name: 'other', value: '1' }], ['en-US', 'es']))).toBe('login.html');
    expect(await loginPageFor(scope([], ['de-DE']))).toBe('login.html');
  });

  it('is the shell for a Spanish browser, a choice of language or theme, a session, or no Cookie Store', async () => {
    expect(await loginPageFor(scope([], ['es-MX', 'en']))).toBe('index.html');
    expect(await loginPageFor(scope([{ name: LOGIN_PRERENDER_COOKIE, value: 'off' }], ['en']))).toBe('index.html');
    const session = AUTH_COOKIE_NAMES.slice(0, 2).map((name) => ({ name, value: 'token' }));
    expect(await loginPageFor(scope(session, ['en']))).toBe('index.html');
    expect(await loginPageFor(scope(undefined, ['en']))).toBe('index.html');
  });

  it('reads the Cookie Store into a Cookie header', () => {
    expect(cookieHeaderOf([{ name: 'a', value: '1' }, { name: '', value: 'x' }, { name: 'b' }])).toBe('a=1; b=');
  });
});
