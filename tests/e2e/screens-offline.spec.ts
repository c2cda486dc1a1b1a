import { expect, test, type Page } from '@playwright/test';
import { signInWithCookies, waitForWorkerControl } from './session-helpers';

/**
 * Every signed-in screen opens offline after one online visit, with the data it showed (issue 12): the
 * worker answers the navigation with the shell and every chunk from its precache, the persisted query cache
 * (keyed by the user) gives back the data, and the nav bar says offline and as of when.
 */
test.describe.configure({ timeout: 240_000 });

const SCREENS = [
  '/dashboard',
  '/contacts',
  '/outbox',
  '/settings/profile',
  '/settings/company',
  '/settings/users',
  '/settings/roles',
  '/settings/templates',
  '/settings/business-types',
  '/settings/receiving-locations',
  '/settings/picklist',
  '/settings/currencies',
  '/settings/countries',
  '/settings/oceanport',
  '/settings/airport',
];

/** The main area's text once nothing in it is loading any more. */
async function settledMain(page: Page): Promise<string> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(/^Loading\b/)).toHaveCount(0, { timeout: 20_000 });
  await expect(main.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expect(main.getByText('Something went wrong')).toHaveCount(0);
  return (await main.innerText()).replace(/\s+/g, ' ').trim();
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
