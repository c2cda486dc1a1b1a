import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, submitSignInForm } from './session-helpers';

/**
 * The sign-in page is prerendered at build time (README "First load", issue 24 item 8): /login arrives as
 * HTML with the form and its styles, paints before any script, and the script hydrates it without a
 * mismatch. Only a visitor who will see exactly that page gets it (src/shared/login-prerender.ts).
 */

/** brand.700 (src/app/chakra-system.ts), the sign-in button's background. */
const BRAND_SOLID = 'rgb(29, 78, 216)';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the styled sign-in form from the HTML alone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect(submit).toBeVisible();
    // Chakra's recipe, not the browser's default grey button: the critical CSS came with the page.
    await expect(submit).toHaveCSS('background-color', BRAND_SOLID);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '600');
    // Were the form ever submitted the browser's way, it would be a POST: a password never goes into a URL.
    await expect(page.locator('form')).toHaveAttribute('method', 'post');
  });

  test('a dark system theme does not see the light prerendered page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('#root')).toHaveCSS('visibility', 'hidden');
    await context.close();
  });
});

test('the prerendered page hydrates without a mismatch, and sign-in works', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The heading as the HTML parser made it, before any script of the page runs: hydration keeps that very
  // node, where a failed hydration would have React render the page again from scratch.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading = document.querySelector('h1');
    });
    // Announced by the app once React has hydrated the page (src/lib/ui/use-hydration-announcement.ts).
    document.addEventListener('freight-desk:hydrated', () => {
      (window as unknown as { hydrated: boolean }).hydrated = true;
    });
  });

  const response = await page.goto('/login', { waitUntil: 'load' });
  expect(await response?.text()).toContain('data-prerendered="/login"');
  // The page is complete as HTML: the app starts when the visitor shows they are there, not before.
  await page.waitForTimeout(1_000);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login');
  // Their first move starts it (main.tsx takes the mark off #root once it has rendered).
  await page.getByLabel('E-mail').focus();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.waitForFunction(() => (window as unknown as { hydrated?: boolean }).hydrated === true);
  expect(
    await page.evaluate(() => {
      const before = (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading;
      return before !== null && before === document.querySelector('h1') && before.isConnected;
    }),
  ).toBe(true);
  // emotion moved the page's styles out of #root into <head> before hydrating.
  await expect(page.locator('#root style')).toHaveCount(0);
  expect(problems).toEqual([]);

  await submitSignInForm(page, DEMO_ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  expect(problems.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
});

test('a sign-in clicked before the app has started is held, then goes through once it has', async ({ page }) => {
  // The app's entry waits until the click was made: the starter, not the app, receives it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entryRequested = false;
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    entryRequested = true;
    await released;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/login') posts.push(request.url());
  });
  await page.goto('/login', { waitUntil: 'load' });
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.emailId);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(() => entryRequested).toBe(true);
  // Held: the page stays as it is, and the form was not submitted the browser's way.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  expect(posts).toEqual([]);
});

test('a Spanish browser gets the app shell, rendered in Spanish, not the English page', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  const response = await page.goto('/login');
  expect(await response?.text()).not.toContain('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await context.close();
});

test('a language chosen on the page stops the English prerender for this browser', async ({ page }) => {
  await page.goto('/login');
  // Chosen before the app has started: the starter makes the choice again once React has taken over.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  const response = await page.reload();
  expect(await response?.text()).not.toContain('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
});

test("every page gets the theme's CSS with its HTML, once, and dark mode still switches it", async ({ page }) => {
  // An app page other than /login: index.html, the shell the service worker keeps too.
  const response = await page.goto('/notFound');
  expect(await response?.text()).toContain('<style id="fd-theme-css">');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's background is the theme's (bg.subtle: gray.50), drawn from that CSS.
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  // With the app running: the theme's variables are defined once, by the HTML, not again by emotion.
  const definitions = await page.evaluate(
    () =>
      [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('--chakra-colors-brand-700:'))
        .length,
  );
  expect(definitions).toBe(1);
  // Dark mode is the `dark` class on <html> (src/lib/ui/color-mode.ts); the same CSS carries its values.
  await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'));
  // bg: gray.950.
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(9, 9, 11)');
});
