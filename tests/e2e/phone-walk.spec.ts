import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, demoUser, openSignedIn, SETTINGS_SCREENS, type Credentials } from './session-helpers';
import { expectNothingBeyondTheEdge } from './shipment-helpers';

/**
 * Every main screen on a 390 px phone (issue 24), for an admin and for Operations, online and offline: the
 * top bar's controls all lie on the screen, nothing lies beyond its edge, the page never scrolls sideways,
 * and a settings screen's content comes before its navigation. One page per user, moved from screen to
 * screen inside the app (no reload), so that the walk costs little more than the screens' own data.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const MAIN_SCREENS = ['/dashboard', '/shipments', '/contacts', '/contacts/tags', '/reports', '/outbox'];

/** Moves to `path` the way a link does (the router listens to popstate), without loading the app again. */
async function goInside(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
  // The screen's heading, then its data: a list says "Loading …" until its rows come.
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
}

/** The top bar's own controls are all on the screen: the gear and the account menu last of all. */
async function expectTopBarFits(page: Page, where = '') {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const edge = await page.evaluate(() => window.screen.width);
  for (const control of [
    nav.getByRole('link', { name: 'Settings' }),
    nav.getByRole('button', { name: 'Account menu' }),
    nav.getByRole('button', { name: /^Notifications/ }),
  ]) {
    const box = await control.boundingBox();
    expect.soft(box, `${where}: a top bar control is not shown`).not.toBeNull();
    if (!box) continue;
    expect.soft(box.x + box.width, `${where}: a top bar control lies beyond the edge`).toBeLessThanOrEqual(edge);
    expect.soft(box.y + box.height, `${where}: the top bar wraps`).toBeLessThanOrEqual(64);
  }
}

/** Visits `path` and checks the phone rules there, softly: one run names every screen's problems. */
async function check(page: Page, path: string) {
  await test.step(path, async () => {
    await goInside(page, path);
    await expectNothingBeyondTheEdge(page, { soft: true, where: path });
    await expectTopBarFits(page, path);
    if (path.startsWith('/settings/')) {
      // The screen's own title shows on the first screenful, not below the sections' navigation.
      // Waited for: the settings frame's own heading may show before the screen's lazy chunk has rendered.
      const title = page.locator('main h2:not(nav h2)').first();
      await expect.soft(title, `${path}: no title`).toBeVisible();
      const box = await title.boundingBox();
      expect.soft(box, `${path}: no title`).not.toBeNull();
      expect.soft(box?.y ?? 0, `${path}: the content starts below the first screenful`).toBeLessThan(400);
    }
  });
}

/** The href of the first link on the current screen that leads under `prefix` (a record to open). */
async function firstLinkUnder(page: Page, prefix: string): Promise<string | null> {
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  return (await link.count()) > 0 ? await link.getAttribute('href') : null;
}

async function walk(page: Page, user: Credentials) {
  await openSignedIn(page, user, '/dashboard');
  for (const path of MAIN_SCREENS) await check(page, path);

  // A record's dialog opens whole on the screen.
  await goInside(page, '/contacts');
  const add = page.getByRole('button', { name: 'Add contact' });
  if (await add.isVisible()) {
    await add.tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNothingBeyondTheEdge(page, { soft: true, where: 'the new contact dialog' });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).tap();
  }

  await goInside(page, '/reports');
  const report = await firstLinkUnder(page, '/reports/');
  if (report) {
    await check(page, report);
    // The builder's action bar keeps to one row, and Run brings the results into view.
    const run = page.getByRole('button', { name: 'Run', exact: true });
    const bar = page.locator('form [data-toast-avoid]');
    expect.soft((await bar.boundingBox())?.height ?? 0, 'the action bar takes two rows').toBeLessThanOrEqual(64);
    // A report the role may only read (its records or a job's money hidden from it) offers no Run.
    if ((await run.count()) > 0 && (await run.isEnabled())) {
      await run.tap();
      await expect(page.getByRole('heading', { level: 2, name: 'Preview' })).toBeInViewport();
    }
  }
  for (const path of SETTINGS_SCREENS) await check(page, path);
  await goInside(page, '/settings/roles');
  const role = await firstLinkUnder(page, '/settings/roles/');
  if (role) await check(page, role);
  await goInside(page, '/settings/templates');
  const template = await firstLinkUnder(page, '/settings/templates/');
  if (template) await check(page, template);

  // Offline the status shows as a compact pill that keeps the bar on one row and opens the details.
  await page.context().setOffline(true);
  await check(page, '/dashboard');
  const pill = page.getByTestId('outbox-indicator');
  await expect(pill).toBeVisible();
  const pillBox = await pill.boundingBox();
  expect(pillBox!.height).toBeLessThanOrEqual(40);
  await pill.tap();
  await expect(page).toHaveURL(/\/outbox$/);
  await expectNothingBeyondTheEdge(page, { soft: true, where: 'offline /outbox' });
  await expectTopBarFits(page, 'offline /outbox');
  await page.context().setOffline(false);
}

test('an admin walks every main screen on a 390 px phone', async ({ page }) => {
  await walk(page, DEMO_ADMIN);
});

test('Operations walks every main screen on a 390 px phone', async ({ page }) => {
  await walk(page, demoUser('ops@demo.test'));
});
