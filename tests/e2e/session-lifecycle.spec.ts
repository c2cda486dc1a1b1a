import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCESS_TOKEN_TTL_S } from '../../playwright.config';
import {
  IAM,
  countRenewals,
  fetchUserFromPage,
  signInWithCookies,
  waitForAccessTokenExpiry,
  waitForWorkerControl,
} from './session-helpers';

/** The build the web server serves (scripts/start.mjs serves dist/). */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/**
 * The URL of the chunk holding the page-side transport (src/lib/session/page-refresh.ts): its own chunk, or
 * the session life cycle's, which carries it (vite.config.ts). It is loaded with a dynamic import, so the
 * chunk exports the module's namespace (or the module itself); importing the same URL in the page yields
 * the very module instance the app's api-client uses (one coordinator per page).
 */
function pageRefreshChunk(): string {
  const assets = path.join(DIST, 'assets');
  const chunk = readdirSync(assets).find(
    (file) =>
      /^(page-refresh|session-lifecycle)-[\w-]+\.js$/.test(file) &&
      readFileSync(path.join(assets, file), 'utf8').includes('pageRefreshCoordinator:'),
  );
  if (!chunk) throw new Error('no chunk in dist/assets exports pageRefreshCoordinator: did the chunking change?');
  return `/assets/${chunk}`;
}

/**
 * `count` concurrent calls to fetch-user through the page's own transport, the way `authorizedFetch`
 * sends them when no worker controls the page: both headers from the cookies, the 401 interceptor, the
 * cross-tab lock.
 */
function fetchUserThroughPageTransport(page: Page, count: number): Promise<number[]> {
  return page.evaluate(
    async ({ url, n, chunk }) => {
      type Tokens = { accessToken: string; refreshToken: string } | null;
      type Transport = {
        pageRefreshCoordinator(): { fetch(attempt: (tokens: Tokens) => Promise<Response>): Promise<Response> };
      };
      const loaded = (await import(chunk)) as Record<string, unknown>;
      // The module itself, or its namespace among the chunk's exports (when the chunk carries more modules).
      const transport = (
        typeof loaded.pageRefreshCoordinator === 'function'
          ? loaded
          : Object.values(loaded).find(
              (value) =>
                typeof value === 'object' &&
                value !== null &&
                typeof (value as Partial<Transport>).pageRefreshCoordinator === 'function',
            )
      ) as Transport;
      const send = (tokens: Tokens) =>
        fetch(url, {
          headers: tokens
            ? { Authorization: `Bearer ${tokens.accessToken}`, 'X-Refresh-Token': `Bearer ${tokens.refreshToken}` }
            : {},
        });
      return Promise.all(
        Array.from({ length: n }, () =>
          transport
            .pageRefreshCoordinator()
            .fetch(send)
            .then(
              (r) => r.status,
              () => 0,
            ),
        ),
      );
    },
    { url: `${IAM}/fetch-user`, n: count, chunk: pageRefreshChunk() },
  );
}

const EXPIRED_MESSAGE = 'Your session has expired, please login again.';

test.describe('session life cycle', () => {
  test('signed-in cookies open the dashboard; deleting one logs out to /login', async ({ page, context }) => {
    await signInWithCookies(context);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await context.clearCookies({ name: '__cez_rt' });
    await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fdashboard$/, { timeout: 10_000 });
    // The guard sends the page to /login as soon as the state says "logged out", the first step of the
    // logout; the cookies go last (docs/product-rules.md section 4), after the identity provider's sign-out, so wait for it.
    await expect
      .poll(
        () =>
          page.evaluate(() => ({
            session: Object.keys(sessionStorage).filter((k) => !k.includes('stale-chunk')),
            local: Object.keys(localStorage),
            cookies: document.cookie,
          })),
        { timeout: 10_000 },
      )
      .toEqual({ session: [], local: [], cookies: '' });
  });

  test('a logged-out visit to a protected route goes to /login with redirect_uri', async ({ page }) => {
    await page.goto('/settings/profile');
    await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fsettings%2Fprofile$/);
  });
});

test.describe('token refresh through the service worker', () => {
  test.describe.configure({ timeout: (E2E_ACCESS_TOKEN_TTL_S + 40) * 1000 });

  test('20 calls from 3 tabs after expiry → exactly one refresh, all succeed', async ({ page, context }) => {
    await signInWithCookies(context);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await waitForWorkerControl(page);
    const tabs = [page, await context.newPage(), await context.newPage()];
    for (const tab of tabs.slice(1)) {
      await tab.goto('/dashboard');
      await tab.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    }

    const renewals = await countRenewals(context);

    await waitForAccessTokenExpiry(context);
    const statuses = (await Promise.all([7, 7, 6].map((n, i) => fetchUserFromPage(tabs[i]!, n)))).flat();

    expect(statuses).toHaveLength(20);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(renewals.token).toBe(1);
    expect(renewals.refresh).toBe(0);
    // The worker stored the renewed access token in the cookie.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === '__cez_at')?.value).toBeTruthy();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a refused refresh tells the user once and lands on /login', async ({ page, context }) => {
    await signInWithCookies(context);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await waitForWorkerControl(page);
    await context.route('**/iamserver/api/v1/auth/token', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'refresh token is invalid or expired', code: 'REFRESH_TOKEN_INVALID' }),
      }),
    );

    await waitForAccessTokenExpiry(context);
    const statuses = await fetchUserFromPage(page, 3);
    expect(statuses).toEqual([401, 401, 401]);

    await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fdashboard$/, { timeout: 10_000 });
    await expect(page.getByText(EXPIRED_MESSAGE)).toHaveCount(1);
    // The guard shows /login as soon as the state is cleared; the cookies go a few steps later in the
    // same logout (after the server and identity-provider sign-outs), so wait for them.
    await expect.poll(async () => (await context.cookies()).filter((c) => c.name.startsWith('__cez_'))).toEqual([]);
  });
});

test.describe('token refresh without a service worker (page-side transport)', () => {
  // Blocked workers (docs/field-notes.md: registration rejects): each page refreshes by itself, and only the
  // Web Lock and the cookies keep two tabs from sending two refreshes.
  test.use({ serviceWorkers: 'block' });
  test.describe.configure({ timeout: (E2E_ACCESS_TOKEN_TTL_S + 40) * 1000 });

  test('10 calls from 2 tabs after expiry → exactly one refresh, all succeed', async ({ page, context }) => {
    await signInWithCookies(context);
    const tabs = [page, await context.newPage()];
    for (const tab of tabs) {
      await tab.goto('/dashboard');
      await expect(tab.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      expect(await tab.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull();
    }

    const renewals = await countRenewals(context);
    const accessBefore = (await context.cookies()).find((c) => c.name === '__cez_at')?.value;

    await waitForAccessTokenExpiry(context);
    const statuses = (await Promise.all(tabs.map((tab) => fetchUserThroughPageTransport(tab, 5)))).flat();

    expect(statuses).toHaveLength(10);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    expect(renewals.token).toBe(1);
    expect(renewals.refresh).toBe(0);
    // The page stored the renewed access token in the cookie, and neither tab was logged out.
    const accessAfter = (await context.cookies()).filter((c) => c.name === '__cez_at').map((c) => c.value);
    expect(accessAfter).toHaveLength(1);
    expect(accessAfter).not.toContain(accessBefore);
    for (const tab of tabs) await expect(tab).toHaveURL(/\/dashboard$/);
  });
});
