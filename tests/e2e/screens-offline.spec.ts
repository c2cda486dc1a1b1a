import { expect, test, type Page } from '@playwright/test';
import {
  HARBOR_ADMIN,
  SETTINGS_SCREENS,
  signInWithCookies,
  submitSignInForm,
  waitForWorkerControl,
} from './session-helpers';

/**
 * Every signed-in screen opens offline after one online visit, with the data it showed (issue 12): the
 * worker answers the navigation with the shell and every chunk from its precache, the persisted query cache
 * (keyed by the user) gives back the data, and the nav bar says offline and as of when.
 */
test.describe.configure({ timeout: 240_000 });

const SCREENS = ['/dashboard', '/contacts', '/reports', '/outbox', ...SETTINGS_SCREENS];

/** The main area's text once nothing in it is loading any more. */
async function settledMain(page: Page): Promise<string> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(/^Loading\b/)).toHaveCount(0, { timeout: 20_000 });
  await expect(main.getByText('Something went wrong')).toHaveCount(0);
  // The dashboard's shipments and profit widgets are chunks of their own, shown once they and their figures
  // arrived (the demo admin may read charges, so the profit widget shows).
  if (new URL(page.url()).pathname === '/dashboard') {
    await expect(main.locator('[data-widget="shipments"]')).toBeVisible();
    await expect(main.locator('[data-widget="profit"]')).toBeVisible();
  }
  // Offline, the dashboard's widgets add "As of …" (checked in dashboard.spec.ts) and the lists say they are
  // as last loaded.
  // Offline, actions that need the connection say so before the user starts (needs-connection.tsx).
  await main.evaluate((element) =>
    element.querySelectorAll<HTMLElement>('[data-needs-connection]').forEach((note) => (note.style.display = 'none')),
  );
  // Parts that load on their own (a lazy widget, a select's options) may still arrive: the text must have
  // stayed the same for half a second.
  let text = await main.innerText();
  for (let round = 0; round < 20; round++) {
    await page.waitForTimeout(500);
    const again = await main.innerText();
    if (again === text) break;
    text = again;
  }
  return text
    .replace(/As of \d[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .replace(' This could not be loaded. Try again', '')
    .replace(' You are offline: this is the list as last loaded.', '')
    .replace(' · updating…', '')
    .replace(/ Offline: the list as of .*?\d\d:\d\d/, '')
    .trim();
}

test('every signed-in screen opens offline with the data of its last visit', async ({ page, context }) => {
  await signInWithCookies(context);
  await page.goto('/dashboard');
  await waitForWorkerControl(page);

  const online = new Map<string, string>();
  for (const path of SCREENS) {
    await page.goto(path);
    online.set(path, await settledMain(page));
  }

  await context.setOffline(true);
  for (const path of SCREENS) {
    await page.goto(path);
    const text = await settledMain(page);
    expect(text, path).toBe(online.get(path));
    await expect(page.getByTestId('outbox-indicator'), path).toContainText(/^Offline · 0 waiting · as of \d/);
  }
  await context.setOffline(false);
});

test('"Prepare for offline" loads the lists of screens not yet visited', async ({ page, context }) => {
  await signInWithCookies(context);
  await page.goto('/dashboard');
  await waitForWorkerControl(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Prepare for offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Ready for offline \(\d+ lists\)$/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Prepare for offline' })).toHaveAttribute('aria-valuenow', '100');

  await context.setOffline(true);
  // The demo company has no receiving locations: an empty list, as the server answered it.
  await page.goto('/settings/receiving-locations');
  await expect(page.getByText('No receiving locations yet')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.goto('/settings/business-types');
  await expect(page.getByRole('table')).toContainText('Shipper');
  await context.setOffline(false);
});

test('one user’s cached screens are never shown to the next user of the browser', async ({ page, context }) => {
  await signInWithCookies(context);
  await page.goto('/settings/users');
  await waitForWorkerControl(page);
  await expect(page.getByRole('table')).toContainText('admin@demo.test');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await submitSignInForm(page, HARBOR_ADMIN);
  // Back where the first user signed out, as the second user.
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('AH');

  await context.setOffline(true);
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('admin@demo.test')).toHaveCount(0);
  await context.setOffline(false);
});
