import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughForm } from './session-helpers';

/**
 * The user's own account on /settings/profile (issue 11): the password change with the policy ticked as
 * it is met, which signs every other session out; the list of sessions and "sign out everywhere else".
 * The password is put back at the end, so the other specs still sign in with the demo password.
 */
test.describe.configure({ timeout: 150_000 });

const EMAIL = 'unverified@demo.test';
const DEMO = DEMO_PASSWORD;
const NEW = 'Harbour!2027x';

const signIn = (page: Page, password = DEMO) => signInThroughForm(page, { emailId: EMAIL, password });

async function secondBrowser(browser: Browser, password = DEMO) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, password);
  return page;
}

async function changePassword(page: Page, from: string, to: string) {
  const form = page.getByRole('form', { name: 'Password' });
  await form.getByLabel('Current password', { exact: true }).fill(from);
  await form.getByLabel('New password', { exact: true }).fill(to);
  await form.getByLabel('Confirm the new password').fill(to);
  await form.getByRole('button', { name: 'Change password' }).click();
}

test('a password change signs out the other sessions; "sign out everywhere else" too', async ({ page, browser }) => {
  await signIn(page);
  const other = await secondBrowser(browser);
  await page.goto('/settings/profile');
  await expect(page.getByTestId('own-sessions').locator('li')).not.toHaveCount(1);
  // The browser and system in words (issue 24), never the User-Agent header.
  await expect(page.getByTestId('own-sessions').locator('li[data-current="true"]')).toContainText(
    'This browser (Chrome on Linux)',
  );
  await expect(page.getByTestId('own-sessions')).not.toContainText('Mozilla/');

  const form = page.getByRole('form', { name: 'Password' });
  await form.getByLabel('New password', { exact: true }).fill('abc');
  await expect(form.locator('li[data-met="true"]')).toHaveCount(1);
  await form.getByLabel('New password', { exact: true }).fill(NEW);
  await expect(form.locator('li[data-met="false"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await changePassword(page, 'not my password', NEW);
  await expect(form.getByText('is not your current password')).toBeVisible();
  try {
    await changePassword(page, DEMO, NEW);
    await expect(page.getByText(/Password changed\. \d+ other sessions? (was|were) signed out\./)).toBeVisible();
    // The other browser's next call finds its session ended.
    await other.reload();
    await expect(other).toHaveURL(/\/login/);

    // A third session, then "sign out everywhere else" from the first.
    const third = await secondBrowser(browser, NEW);
    await page.reload();
    await expect(page.getByTestId('own-sessions').locator('li')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out everywhere else?' })
      .getByRole('button', { name: 'Yes, sign them out' })
      .click();
    await expect(page.getByText('1 other session signed out.')).toBeVisible();
    await third.reload();
    await expect(third).toHaveURL(/\/login/);
    await third.context().close();
  } finally {
    await page.goto('/settings/profile');
    await changePassword(page, NEW, DEMO);
    await expect(page.getByText(/Password changed/)).toBeVisible();
  }
  await other.context().close();
});
