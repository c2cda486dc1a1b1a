import { expect, test } from '@playwright/test';

test.describe('app shell', () => {
  test('a logged-out visit to / lands on the sign-in screen', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fdashboard$/);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('a protected deep link sends a logged-out visitor to sign in and remembers it', async ({ page }) => {
    await page.goto('/settings/users/42');

    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect_uri')).toBe('/settings/users/42');
  });

  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/no-such-page/at-all');

    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page\/at-all$/);
  });

  test('public screens render without a session', async ({ page }) => {
    await page.goto('/account-reset/confirm');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm password reset' })).toBeVisible();
  });

  test('serves the web app manifest', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as { name: string; display: string; icons: unknown[] };
    expect(manifest.name).toBe('Freight Desk');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.length).toBeGreaterThan(0);
  });
});

test.describe('without service workers', () => {
  test.use({ serviceWorkers: 'block' });

  test('the app still works when registration is refused', async ({ page }) => {
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));

    await page.goto('/login');

    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(failures).toEqual([]);
  });
});

test.describe('a lazy chunk that fails to load (stale build after a deploy)', () => {
  // Blocked, so page.route sees the chunk request instead of the worker answering it from the precache.
  test.use({ serviceWorkers: 'block' });

  test('reloads the page once, then shows the error screen instead of looping', async ({ page }) => {
    await page.route('**/assets/dashboard-screen-*.js', (route) => route.abort());
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  });
});
