import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { PRODUCT_HOST, serviceUrl, WEB_ORIGIN } from './product-address';

export const IAM = serviceUrl('iamserver');
/** The password of every demo user (docs/api.md section 3). */
export const DEMO_PASSWORD = 'Freight!2026';
export const DEMO_ADMIN = { emailId: 'admin@demo.test', password: DEMO_PASSWORD };

/** A demo user by e-mail, with the demo password. */
export function demoUser(emailId: string): Credentials {
  return { emailId, password: DEMO_PASSWORD };
}

/** A demo user's e-mail and password (docs/api.md section 3). */
export interface Credentials {
  emailId: string;
  password: string;
}

/** A signed-in user's tokens, and both auth headers to call a service with them (docs/api.md section 5). */
export interface ApiSession {
  accessToken: string;
  refreshToken: string;
  headers: { Authorization: string; 'X-Refresh-Token': string };
}

/**
 * Signs `user` in through the API, for specs that call the services directly. The e2e access token lives
 * 20 s, so a caller signs in right before the calls it makes, not once for a whole spec.
 */
export async function signInThroughApi(request: APIRequestContext, user: Credentials): Promise<ApiSession> {
  const response = await request.post(`${IAM}/auth/login`, { data: user });
  expect(response.ok(), `sign-in of ${user.emailId} answered ${response.status()}`).toBe(true);
  const { data } = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
  return { ...data, headers: authHeaders(data) };
}

function authHeaders(tokens: { accessToken: string; refreshToken: string }): ApiSession['headers'] {
  return { Authorization: `Bearer ${tokens.accessToken}`, 'X-Refresh-Token': `Bearer ${tokens.refreshToken}` };
}

/**
 * The page's session as both auth headers, to call a service as the signed-in user of `context`. The
 * access token in the cookie may be older than the e2e token's 20 s (a slow machine takes that long between
 * two steps), so it is renewed first with `/auth/token`, which leaves the refresh token, and so the page's
 * session, as it is. Call it right before the calls it serves, again for calls later in the spec.
 */
export async function sessionHeadersOf(context: BrowserContext): Promise<ApiSession['headers']> {
  const cookies = await context.cookies(WEB_ORIGIN);
  const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  const refreshToken = value('__cez_rt');
  const renewed = await context.request.get(`${IAM}/auth/token`, {
    headers: authHeaders({ accessToken: value('__cez_at'), refreshToken }),
  });
  expect(renewed.ok(), `renewing the page's access token answered ${renewed.status()}`).toBe(true);
  const { data } = (await renewed.json()) as { data: { accessToken: string } };
  return authHeaders({ accessToken: data.accessToken, refreshToken });
}

/** Signs in through the API and stores the four cookies the way the app does (docs/api.md section 5). */
export async function signInWithCookies(
  context: BrowserContext,
  user: Credentials = DEMO_ADMIN,
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await context.request.post(`${IAM}/auth/login`, { data: user });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
  await context.addCookies(sessionCookies(data));
  return data;
}

/** The four session cookies for this worker's product host, issued now (docs/api.md section 5). */
export function sessionCookies(tokens: { accessToken: string; refreshToken: string }) {
  const issued = Buffer.from(String(Date.now())).toString('base64');
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: PRODUCT_HOST,
    path: '/',
    sameSite: 'Lax' as const,
  });
  return [
    cookie('__cez_at', tokens.accessToken),
    cookie('__cez_rt', tokens.refreshToken),
    cookie('__cez_atxr', issued),
    cookie('__cez_rtxr', issued),
  ];
}

/** Waits until a service worker controls the page (reloading once after the first install). */
export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** `count` calls to fetch-user from inside the page, without headers: the worker adds them. */
export function fetchUserFromPage(page: Page, count: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, n }) =>
      Promise.all(
        Array.from({ length: n }, () =>
          fetch(url).then(
            (r) => r.status,
            () => 0,
          ),
        ),
      ),
    { url: `${IAM}/fetch-user`, n: count },
  );
}

/** The Harbor company's admin (demo seed): specs that change data use it so the demo company's counts stay. */
export const HARBOR_ADMIN = demoUser('admin@harbor.test');

/**
 * Fills the sign-in form already on screen and submits it, waiting for nothing: for specs that check what
 * follows (a wrong password, a redirect back to a deep link, another user after a sign-out).
 */
export async function submitSignInForm(page: Page, user: Credentials): Promise<void> {
  await page.getByLabel('E-mail').fill(user.emailId);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login');
  await submitSignInForm(page, user);
  // Sign-in, set-up and the dashboard's first data: more than the default 5 s on a busy 2-core machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
}

/**
 * Opens `path` signed in as `user`, for specs that do not test the sign-in itself: the session comes from
 * the API as cookies (as the form would leave them), so the spec skips the login page and the dashboard it
 * leads to. Waits for the signed-in shell (its first load builds the session: slower than a later one) and
 * for the service worker to control the page, so that the app is installed for offline use as it would be
 * after the form's longer way.
 */
export async function openSignedIn(page: Page, user: Credentials, path: string): Promise<void> {
  await signInWithCookies(page.context(), user);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  await waitForWorkerControl(page);
}

/** Every settings screen with a list or a form of its own (the role and template record screens aside). */
export const SETTINGS_SCREENS = [
  '/settings/profile',
  '/settings/company',
  '/settings/users',
  '/settings/roles',
  '/settings/templates',
  '/settings/issues',
  '/settings/business-types',
  '/settings/receiving-locations',
  '/settings/picklist',
  '/settings/currencies',
  '/settings/countries',
  '/settings/oceanport',
  '/settings/airport',
];

/**
 * Counts the renewal calls a context makes from now on (`/auth/token` and `/auth/refresh`), so a test can
 * say that many tabs or retries shared one renewal.
 */
export async function countRenewals(context: BrowserContext): Promise<{ token: number; refresh: number }> {
  const calls = { token: 0, refresh: 0 };
  await context.route('**/iamserver/api/v1/auth/token', (route) => {
    calls.token += 1;
    return route.continue();
  });
  await context.route('**/iamserver/api/v1/auth/refresh', (route) => {
    calls.refresh += 1;
    return route.continue();
  });
  return calls;
}

/**
 * Waits until the access token in the session cookie of `context` has expired (its own `exp`, plus a second
 * for the server's whole-second check), rather than a whole token lifetime from now: the sign-in and page
 * loads before the wait already used part of it. Read the cookie while the context is open, then wait with
 * `waitUntilExpired` when the browser is to be closed meanwhile.
 */
export async function waitForAccessTokenExpiry(context: BrowserContext): Promise<void> {
  await waitUntilExpired(await accessTokenExpiry(context));
}

/** When the access token in the session cookie of `context` expires, epoch milliseconds. */
export async function accessTokenExpiry(context: BrowserContext): Promise<number> {
  const token = (await context.cookies(WEB_ORIGIN)).find((c) => c.name === '__cez_at')?.value;
  if (!token) throw new Error('no access token cookie to wait out');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof payload.exp !== 'number') throw new Error('the access token has no expiry');
  return payload.exp * 1000;
}

/** Waits until a second past `expiresAt` (epoch milliseconds). */
export async function waitUntilExpired(expiresAt: number): Promise<void> {
  const left = expiresAt + 1_000 - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
