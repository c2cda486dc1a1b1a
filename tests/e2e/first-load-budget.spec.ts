import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { signInWithCookies } from './session-helpers';

/**
 * The JavaScript budgets. Read strictly: KB = 1000 bytes, gzip level 9 (the server sends brotli, smaller
 * still), and every script the page downloads until the network is idle, including chunks loaded after the
 * load event (workbox-window) and those a session brings in (the session life cycle, the signed-in frame,
 * Firebase).
 */
/**
 * The first page load of a logged-out visitor: /login. Issue 9 sets the target at 120 kB; the app is not
 * there yet: react-dom with React ~68 kB, Chakra with emotion and its prop filters ~40 kB and React
 * Router's data router ~30 kB make ~138 of today's ~147. Replacing the data router by the declarative one
 * was measured at ~17 kB less (entry 145 → 128 kB), still above 120, and it would take `useMatches`
 * (route handles), `useNavigation` (the progress bar) and route error boundaries with it. The second
 * language (issue 11) added i18next's core, 13.9 kB gzip on its own, and the English strings: measured
 * 147 → 166 kB. So this is the regression guard at 170 kB while `npm run bench` reports the 120 kB target
 * as missed.
 */
const LOGIN_BUDGET_BYTES = 170_000;
/** The first page load of a signed-in user: /dashboard (issue 9: ≤ 230 kB). */
const DASHBOARD_BUDGET_BYTES = 230_000;

// Blocked, so every script reaches the page's own network events rather than a worker's cache.
test.use({ serviceWorkers: 'block' });

/** Loads `path` until the network is idle and sums the gzipped scripts; `ready` waits for the screen. */
async function measureFirstLoad(page: Page, path: string, ready: () => Promise<void>) {
  const bodies = new Map<string, Promise<Buffer>>();
  const collect = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = response.body();
    // A script that starts after the count below is not awaited; its body must not fail the test at its end.
    body.catch(() => undefined);
    bodies.set(response.url(), body);
  };
  page.on('response', collect);

  // Scripts in flight: the count waits until none has been for a moment after the screen is ready (the sign-in
  // page starts its app on the visitor's first move, after the load's own network idle).
  let inFlight = 0;
  let lastChange = Date.now();
  const track = (delta: number) => (request: Request) => {
    if (request.resourceType() !== 'script') return;
    inFlight += delta;
    lastChange = Date.now();
  };
  const started = track(1);
  const ended = track(-1);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);

  await page.goto(path, { waitUntil: 'networkidle' });
  await ready();
  await expect.poll(() => inFlight === 0 && Date.now() - lastChange > 500, { intervals: [100] }).toBe(true);
  page.off('response', collect);

  const sizes = await Promise.all(
    [...bodies].map(async ([url, body]) => ({ url, gzipped: gzipSync(await body, { level: 9 }).length })),
  );
  const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
  const report = sizes
    .sort((a, b) => b.gzipped - a.gzipped)
    .map(({ url, gzipped }) => `${(gzipped / 1000).toFixed(1).padStart(7)} kB  ${new URL(url).pathname}`);
  test.info().annotations.push({
    type: `first-load JavaScript ${path}`,
    description: `${(total / 1000).toFixed(1)} kB gzip -9 in ${sizes.length} files`,
  });
  console.log(
    `First-load JavaScript for ${path}, gzip -9:\n${report.join('\n')}\n  total ${(total / 1000).toFixed(1)} kB`,
  );
  expect(sizes.length).toBeGreaterThan(0);
  return { total, report: report.join('\n') };
}

test('the first page load stays within its JavaScript budget', async ({ page }) => {
  const { total, report } = await measureFirstLoad(page, '/login', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    // The page's HTML works before its app: the app comes with the visitor's first move, and counts here.
    await page.getByLabel('E-mail').focus();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  });
  expect(total, report).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});

test('the signed-in dashboard stays within its JavaScript budget', async ({ page, context }) => {
  await signInWithCookies(context);

  const { total, report } = await measureFirstLoad(page, '/dashboard', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Signed in for real (the frame's navigation bar), not a logged-out page that happens to be small.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });
  expect(total, report).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
});
