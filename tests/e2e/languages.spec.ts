import { expect, test } from '@playwright/test';

/**
 * Two languages (issue 11): the browser's language is the default before anyone signs in, the user's own
 * choice wins and stays on the device, and every string on the page follows.
 */
test.describe('a Spanish-speaking browser', () => {
  test.use({ locale: 'es-ES' });

  test('gets the sign-in page in Spanish, and the choice of English sticks across a reload', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();

    // A failed sign-in explains itself in Spanish too (a field left empty: no call, no throttle).
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Introduzca su correo electrónico y su contraseña.')).toBeVisible();

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Enter your e-mail address and your password.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('an English browser can switch the sign-in page to Spanish', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Restablecer la contraseña' })).toBeVisible();
});
