import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HARBOR_ADMIN, signInWithCookies, waitForWorkerControl } from './session-helpers';

/**
 * A repeat visit paints the signed-in frame before the app runs (README "A repeat visit paints the frame
 * before the app runs"): the worker puts the picture the page kept into the shell, for that session only.
 */

const picture = (page: Page) => page.locator('[data-frame-snapshot]');
const pictureAvatar = (page: Page) =>
  picture(page).locator('nav[aria-label="Main"] [aria-label="Account menu"]').filter({ hasText: /^AD$/ });
const appAvatar = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' });

/** Waits until the page has kept its picture of the frame (2 s after the bar last changed). */
async function waitForKeptPicture(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('freight-desk-frame-snapshot');
          return (await cache.match('/__frame-snapshot.json')) !== undefined;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Reloads with the page's scripts switched off: what shows is the HTML the worker answered with. */
async function reloadWithoutScripts(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await page.reload();
  return async () => {
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    await cdp.detach();
  };
}

async function openDashboard(context: BrowserContext, page: Page): Promise<void> {
  await signInWithCookies(context);
  await page.goto('/dashboard');
  await waitForWorkerControl(page);
  await expect(appAvatar(page)).toHaveText('AD');
  await waitForKeptPicture(page);
}

test('a repeat visit shows the frame from the device before any script runs, then the app takes over', async ({
  page,
  context,
}) => {
  await openDashboard(context, page);

  const scriptsBack = await reloadWithoutScripts(context, page);
  // The bar as the user left it, with no script run: inert, hidden from assistive technology, and an empty
  // skeleton where the last visit's figures were.
  await expect(pictureAvatar(page)).toBeVisible();
  await expect(picture(page)).toHaveAttribute('inert', '');
  await expect(picture(page)).toHaveAttribute('aria-hidden', 'true');
  await expect(appAvatar(page)).toHaveCount(0);
  await expect(picture(page).locator('main')).toBeVisible();
  await expect(picture(page).locator('main')).toHaveText('');
  await expect(
    picture(page).locator('[data-testid="notification-badge"], [data-testid="outbox-indicator"]'),
  ).toHaveCount(0);

  // Offline too: the picture comes from the device.
  await context.setOffline(true);
  await page.reload();
  await expect(pictureAvatar(page)).toBeVisible();
  await context.setOffline(false);

  await scriptsBack();
  await page.reload();
  // React's first render replaced the picture: one bar, the app's, which answers.
  await expect(appAvatar(page)).toHaveText('AD');
  await expect(picture(page)).toHaveCount(0);
  await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(1);
  await appAvatar(page).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the picture is never shown to another session, and signing out deletes it', async ({ page, context }) => {
  await openDashboard(context, page);

  // Another user's session in the same browser (cookies replaced, nothing signed out): the shell comes plain.
  await signInWithCookies(context, HARBOR_ADMIN);
  const scriptsBack = await reloadWithoutScripts(context, page);
  await expect(page.locator('#root')).toBeEmpty();
  await scriptsBack();
  await page.reload();
  await expect(appAvatar(page)).toHaveText('AH');

  await appAvatar(page).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).includes('freight-desk-frame-snapshot')))
    .toBe(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the picture of the bar fits the screen', async ({ page, context }) => {
    await openDashboard(context, page);
    const scriptsBack = await reloadWithoutScripts(context, page);
    await expect(pictureAvatar(page)).toBeVisible();
    const box = await pictureAvatar(page).boundingBox();
    const screenWidth = await page.evaluate(() => screen.width);
    expect(box!.x + box!.width).toBeLessThanOrEqual(screenWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(screenWidth);
    await scriptsBack();
  });
});
