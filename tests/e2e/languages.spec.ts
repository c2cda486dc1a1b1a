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

test('a Spanish choice made before signing in carries into the signed-in frame, the dashboard and a settings screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await page.getByLabel('Correo electrónico').fill('admin@harbor.test');
  await page.getByLabel('Contraseña').fill('Freight!2026');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ajustes', exact: true })).toBeVisible();
  await expect(page.locator('[data-widget="links"]')).toContainText('Ajustes de la empresa');

  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { level: 2, name: 'Usuarios' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar usuarios' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Último inicio de sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // Spanish all the way down (issue 24): the seeded roles and business types, and country names.
  await page.goto('/settings/roles');
  await expect(page.getByRole('link', { name: 'Operaciones', exact: true })).toBeVisible();
  await expect(page.getByText('Operaciones del día a día')).toBeVisible();
  await page.goto('/settings/business-types');
  await expect(page.getByText('Agente de aduanas')).toBeVisible();
  await page.goto('/settings/countries');
  await expect(page.getByText('Alemania').first()).toBeVisible();
});
