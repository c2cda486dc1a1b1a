import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import config, { E2E_ACCESS_TOKEN_TTL_S } from '../../playwright.config';
import { PRODUCT_HOST } from './product-address';
import {
  countRenewals,
  fetchUserFromPage,
  signInWithCookies,
  waitForAccessTokenExpiry,
  waitForWorkerControl,
} from './session-helpers';

/**
 * Issue 12, item 4: a service worker without the Cookie Store API (every browser but Chromium) still
 * attaches the tokens and runs the one refresh, with the tokens the page hands over. Chromium's worker has
 * the API, so it is taken away for real: the worker script the browser installs is the built dist/sw.js
 * behind a prefix that hides `self.cookieStore` and `registration.cookies` before any of its code runs.
 *
 * Token values are compared, never printed: a failing comparison says true/false, not the token.
 */
const HIDE_COOKIE_STORE = [
  "Object.defineProperty(self, 'cookieStore', { value: undefined, configurable: true });",
  'if (self.ServiceWorkerRegistration) delete self.ServiceWorkerRegistration.prototype.cookies;',
  '',
].join('\n');

/**
 * A script fulfilled by Playwright has no server address, so Chromium's Local Network Access checks take
 * the worker for a public site and block its calls to the services on localhost
 * (net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS). The real script comes from localhost and is never
 * blocked: the checks are off for this file's browser only, everything else as configured.
 */
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
  },
});

async function serveWorkerWithoutCookieStore(context: BrowserContext): Promise<void> {
  await context.route('**/sw.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      status: response.status(),
      // Not the original headers: the body is decoded here, so no Content-Encoding may go with it.
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
      body: HIDE_COOKIE_STORE + (await response.text()),
    });
  });
}

/** The auth cookies as the page itself reads them. */
function pageCookies(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      document.cookie
        .split(';')
        .map((part) => part.trim().split('='))
        .filter(([name]) => name?.startsWith('__cez_'))
        .map(([name, ...value]) => [name, decodeURIComponent(value.join('='))]),
    ),
  );
}

const issuedAt = (encoded: string | undefined) => (encoded ? Number(Buffer.from(encoded, 'base64').toString()) : NaN);

/**
 * The Authorization header of every fetch-user call the worker sends to the service (the page's own call,
 * answered by the worker, never reaches the network). Watched, not routed.
 */
function recordWorkerCalls(context: BrowserContext): Array<string | undefined> {
  const seen: Array<string | undefined> = [];
  context.on('request', (request) => {
    if (request.serviceWorker() === null || !request.url().endsWith('/iamserver/api/v1/fetch-user')) return;
    if (request.method() === 'GET') seen.push(request.headers()['authorization']);
  });
  return seen;
}

async function theWorker(context: BrowserContext): Promise<Worker> {
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  return context.serviceWorkers()[0]!;
}

test.describe('a service worker without the Cookie Store API', () => {
  test.describe.configure({ timeout: (E2E_ACCESS_TOKEN_TTL_S + 60) * 1000 });

  test('attaches the handed-over tokens, keeps them across a restart, and refreshes once after expiry', async ({
    page,
    context,
  }) => {
    await serveWorkerWithoutCookieStore(context);
    const signedIn = await signInWithCookies(context);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await waitForWorkerControl(page);

    // The worker that controls the page has no Cookie Store; the page still has one (it reads the cookies).
    const worker = await theWorker(context);
    expect(
      await worker.evaluate(() => ({
        cookieStore: (self as unknown as { cookieStore?: unknown }).cookieStore === undefined,
        subscriptions: 'cookies' in (self as unknown as { registration: object }).registration,
      })),
    ).toEqual({ cookieStore: true, subscriptions: false });
    expect(await page.evaluate(() => 'cookieStore' in window)).toBe(true);

    // A call from the page without headers gets them from the worker: the handed-over tokens.
    const seen = recordWorkerCalls(context);
    await expect.poll(() => fetchUserFromPage(page, 1), { timeout: 10_000 }).toEqual([200]);
    expect(seen.at(-1) === `Bearer ${signedIn.accessToken}`, 'the worker sent the handed-over access token').toBe(true);

    // A stopped worker loses its memory; the restarted one reads the tokens back from IndexedDB (the page
    // hands nothing over meanwhile: its cookies did not change, and the controller stays the same).
    await worker.evaluate(() => {
      (self as unknown as { beforeRestart?: boolean }).beforeRestart = true;
    });
    const cdp = await context.newCDPSession(page);
    const runningStatus: string[] = [];
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) =>
      runningStatus.push(...versions.map((version) => version.runningStatus)),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => runningStatus.at(-1)).toBe('stopped');
    const callsBefore = seen.length;
    expect(await fetchUserFromPage(page, 1)).toEqual([200]);
    expect(runningStatus.slice(runningStatus.lastIndexOf('stopped'))).toContain('running');
    const restarted = await theWorker(context);
    expect(await restarted.evaluate(() => 'beforeRestart' in self), 'a new worker, its memory empty').toBe(false);
    expect(seen.length).toBe(callsBefore + 1);
    expect(seen.at(-1) === `Bearer ${signedIn.accessToken}`, 'the restarted worker sent the stored token').toBe(true);

    const renewals = await countRenewals(context);

    await waitForAccessTokenExpiry(context);
    const refreshedAfter = Date.now();
    const statuses = await fetchUserFromPage(page, 5);

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(renewals.token).toBe(1);
    expect(renewals.refresh).toBe(0);
    // The worker told the page, and the page wrote the renewed pair into its cookies: a new access token
    // with a new issue time, the same refresh token.
    await expect
      .poll(
        async () => {
          const access = (await pageCookies(page))['__cez_at'];
          return Boolean(access) && access !== signedIn.accessToken;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const cookies = await pageCookies(page);
    expect(cookies['__cez_rt'] === signedIn.refreshToken, 'the refresh token is kept').toBe(true);
    expect(issuedAt(cookies['__cez_atxr'])).toBeGreaterThanOrEqual(refreshedAfter - 1000);
    const retried = seen.filter((authorization) => authorization === `Bearer ${cookies['__cez_at']}`);
    expect(retried.length, 'the retries carried the access token now in the cookies').toBeGreaterThanOrEqual(5);
    // Written over the signed-in cookies (same name, domain and path), not beside them.
    const stored = (await context.cookies()).filter((cookie) => cookie.name.startsWith('__cez_'));
    expect(stored.map((cookie) => [cookie.name, cookie.domain, cookie.path]).sort()).toEqual(
      ['__cez_at', '__cez_atxr', '__cez_rt', '__cez_rtxr'].map((name) => [name, PRODUCT_HOST, '/']),
    );

    // And the next call goes through with the renewed token, without another refresh.
    expect(await fetchUserFromPage(page, 1)).toEqual([200]);
    expect(seen.at(-1) === `Bearer ${cookies['__cez_at']}`, 'the worker sent the renewed access token').toBe(true);
    expect(renewals.token).toBe(1);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
