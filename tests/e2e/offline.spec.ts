import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

/** The build the web server serves (scripts/start.mjs and `vite preview` both serve dist/). */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/**
 * Waits until the service worker has installed (so the precache is complete) and controls this page.
 * The first visit is normally claimed on activation; reloading covers a worker that activated without
 * claiming the page.
 */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign in' });

test.describe('offline', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await expect(signInHeading(page)).toBeVisible();
    await waitForServiceWorkerControl(page);
  });

  test.afterEach(async ({ context }) => {
    await context.setOffline(false);
  });

  test('the shell reloads offline and deep links still render it', async ({ page, context }) => {
    await context.setOffline(true);

    await page.reload();
    await expect(signInHeading(page)).toBeVisible();

    // A navigation, not a client-side route change: the worker must answer it with index.html, and
    // the lazy chunks of the settings area must come from the precache.
    await page.goto('/settings/profile');
    await expect(signInHeading(page)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe('/settings/profile');
  });

  test('every screen loads offline', async ({ page, context }) => {
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await context.setOffline(true);

    // Public screens show themselves; protected ones load their chunk, then send the visitor to sign in.
    // Without a code, /socialSignIn has nothing to exchange: its chunk sends the visitor on to
    // /socialSignIn/failure, whose chunk raises the toast (a lazy chunk too) and goes back to /login. So
    // that toast on /login proves all three chunks came from the precache; a missing one would end on
    // the error screen instead.
    const socialFailure = 'Signing in with your social account failed. Please try again.';
    const expectations: ReadonlyArray<readonly [path: string, heading: string, landsOn?: string, message?: string]> = [
      ['/account-reset/confirm', 'Confirm password reset'],
      ['/socialSignIn', 'Sign in', '/login', socialFailure],
      ['/socialSignIn/failure', 'Sign in', '/login', socialFailure],
      ['/no-such-page', 'Page not found'],
      ['/dashboard', 'Sign in'],
      ['/notFound', 'Sign in'],
      ['/accounts/roles/create/', 'Sign in'],
      ['/settings/roles/42', 'Sign in'],
      ['/settings', 'Sign in'],
      ['/settings/company', 'Sign in'],
      ['/settings/users', 'Sign in'],
      ['/settings/users/42', 'Sign in'],
      ['/settings/roles', 'Sign in'],
      ['/settings/picklist', 'Sign in'],
      ['/settings/oceanport', 'Sign in'],
      ['/settings/countries', 'Sign in'],
      ['/settings/templates', 'Sign in'],
      ['/settings/templates/7/email', 'Sign in'],
      ['/settings/currencies', 'Sign in'],
    ];
    for (const [target, heading, landsOn, message] of expectations) {
      await page.goto(target);
      await expect(page.getByRole('heading', { level: 1, name: heading }), target).toBeVisible();
      if (landsOn) await expect(page, target).toHaveURL((url) => url.pathname === landsOn);
      if (message) await expect(page.getByRole('alert').filter({ hasText: message }), target).toBeVisible();
      await expect(page.getByText('Something went wrong'), target).toHaveCount(0);
    }
    expect(failures).toEqual([]);
  });

  test('every file of the build is precached', async ({ page }) => {
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });

    // The .br and .gz copies are the same files in another transfer encoding (server/web/static-site.ts).
    const built = readdirSync(path.join(DIST, 'assets'))
      .filter((file) => !/\.(br|gz)$/.test(file))
      .map((file) => `/assets/${file}`);
    expect(built.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of [...built, '/index.html', '/manifest.webmanifest']) {
      expect(cached, file).toContain(file);
    }
  });
});
