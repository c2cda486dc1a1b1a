// @vitest-environment jsdom
// jsdom only provides the `self` global that Workbox's modules read when they load.
import { describe, expect, it } from 'vitest';
import { LOGIN_PRERENDER_COOKIE } from '../src/shared/login-prerender';
import { SERVICE_NAMES, servicePrefix } from '../src/shared/services';
import { AUTH_COOKIE_NAMES } from '../src/shared/session-cookies';
import { FRAME_SNAPSHOT_VERSION, type FrameSnapshot } from '../src/shared/frame-snapshot';
import { AUTH_COOKIES } from '../src/shared/session-cookies';
import { SERVICE_API_PATH, cookieHeaderOf, loginPageFor, withFrameSnapshot } from './navigation';

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

describe('the shell of a signed-in navigation, with the picture of the frame', () => {
  const NOW = Date.UTC(2026, 10, 28, 12);
  const token = (claims: object) => {
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    return `${encode({ alg: 'none' })}.${encode(claims)}.signature`;
  };
  const snapshot: FrameSnapshot = {
    version: FRAME_SNAPSHOT_VERSION,
    userId: 'u1',
    companyId: 'c1',
    savedAt: NOW - 1000,
    htmlAttributes: { lang: 'en' },
    markup: '<header data-frame-bar=""><nav aria-label="Main">AD</nav></header>',
    css: '.css-1{color:red}',
  };
  const SHELL = '<html lang="en"><body><div id="root"></div></body></html>';
  const shell = () =>
    new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-length': String(SHELL.length) } });
  const scope = (user: string, kept: Promise<Response | undefined> = Promise.resolve(undefined)) =>
    ({
      cookieStore: {
        getAll: () =>
          Promise.resolve([
            { name: AUTH_COOKIES.accessToken, value: token({ sub: user, cid: 'c1' }) },
            { name: AUTH_COOKIES.refreshToken, value: 'refresh' },
          ]),
        set: () => Promise.resolve(),
      },
      caches: { open: () => Promise.resolve({ match: () => kept }) },
    }) as unknown as ServiceWorkerGlobalScope;
  const keptPicture = () => Promise.resolve(new Response(JSON.stringify(snapshot)));

  it('carries the picture kept for this session', async () => {
    const response = await withFrameSnapshot(scope('u1', keptPicture()), '/settings/users', shell(), NOW);
    const html = await response.text();
    expect(html).toContain('<div id="root"><div data-frame-snapshot="" inert aria-hidden="true">');
    expect(html).toContain(snapshot.markup);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-length')).toBeNull();
  });

  it('is the plain shell for another user, a public path, no picture, or a cache that fails or is slow', async () => {
    const plain = async (scopeOf: ServiceWorkerGlobalScope, path = '/dashboard') =>
      (await withFrameSnapshot(scopeOf, path, shell(), NOW)).text();
    expect(await plain(scope('u2', keptPicture()))).toBe(SHELL);
    expect(await plain(scope('u1', keptPicture()), '/login')).toBe(SHELL);
    expect(await plain(scope('u1'))).toBe(SHELL);
    expect(await plain(scope('u1', Promise.reject(new Error('quota'))))).toBe(SHELL);
    expect(await plain(scope('u1', new Promise(() => undefined)))).toBe(SHELL);
  });
});
