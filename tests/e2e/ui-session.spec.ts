import { expect, test, type Page } from '@playwright/test';
import { WEB_ORIGIN } from './product-address';
import { demoUser, submitSignInForm } from './session-helpers';

/** Opens `path` (the sign-in form, or a deep link that leads to it) and signs a demo user in there, waiting for nothing. */
async function signIn(page: Page, email: string, path = '/login') {
  await page.goto(path);
  await submitSignInForm(page, demoUser(email));
}

test.describe('sign-in and the signed-in frame', () => {
  test('signs in through the form and shows the user in the avatar menu, then signs out', async ({ page }) => {
    await signIn(page, 'admin@demo.test');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: /go to the dashboard/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/profile');
    // No unread notifications yet: no badge.
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    // A verified user with a valid plan sees no banner.
    await expect(page.getByText('Please verify your email to activate your account.')).toHaveCount(0);

    await nav.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('group', { name: 'Account' });
    await expect(menu.getByText('Admin Demo')).toBeVisible();
    await expect(menu.getByText('admin@demo.test')).toBeVisible();
    await expect(menu.getByText('Available')).toBeVisible();

    // The mail dialog opens with its compose form.
    await page.keyboard.press('Escape');
    await nav.getByRole('button', { name: 'Mail' }).click();
    await expect(page.getByRole('dialog', { name: 'Mail' }).getByLabel('Subject')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await nav.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('goes to the redirect_uri after sign-in', async ({ page }) => {
    await signIn(page, 'admin@demo.test', '/login?redirect_uri=/settings/company');
    await expect(page).toHaveURL(/\/settings\/company$/);
  });

  test('refuses an open redirect and goes to the dashboard instead', async ({ page }) => {
    await signIn(page, 'admin@demo.test', '/login?redirect_uri=//evil.example/phish');
    await expect(page).toHaveURL(`${WEB_ORIGIN}/dashboard`);
  });

  test('a signed-in visit to /login goes on to the first redirect_uri', async ({ page }) => {
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login?redirect_uri=/settings/roles&redirect_uri=/settings/company');
    await expect(page).toHaveURL(/\/settings\/roles$/);
  });

  test('explains wrong credentials', async ({ page }) => {
    await page.goto('/login');
    await submitSignInForm(page, { emailId: 'ops@demo.test', password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an expired company sees the banner, and mail gives the error instead of the dialog', async ({ page }) => {
    await signIn(page, 'admin@expired.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    const message = 'Your Subscription has been expired. Please Contact Support Team';
    // The text is SPEC's, word for word; a link to support follows it.
    const banner = page.locator('[data-banner="subscription-expired"]');
    await expect(banner).toContainText(message);
    await expect(banner.getByRole('button', { name: 'Contact support' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mail' }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Mail' })).toHaveCount(0);
  });

  test('an unverified user sees the verification banner', async ({ page }) => {
    await signIn(page, 'unverified@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Please verify your email to activate your account.')).toBeVisible();
    await expect(page.locator('[data-banner="subscription-expired"]')).toHaveCount(0);
  });

  test('forgot password gives a neutral confirmation', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('E-mail').fill('nobody@nowhere.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for this address');
  });

  test('a reset link that is not valid says so', async ({ page }) => {
    await page.goto('/account-reset/confirm?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm password reset' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  });

  test('a failed social sign-in goes back to /login with a message', async ({ page }) => {
    await page.goto('/socialSignIn?code=x');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toContainText('Signing in with your social account failed');
  });
});
