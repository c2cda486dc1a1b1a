import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The app settings dialog (issue 11): the user's language, date format and theme, kept on the server, so
 * they hold after a reload; then put back. Signs in as Expired Cargo's admin, whom no other spec reads
 * dates or languages from.
 */
test.describe.configure({ timeout: 120_000 });

async function openSettings(page: Page, menu: string, item: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('button', { name: item }).click();
}

test('language, date format and theme follow the user, and hold after a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('admin@expired.test');
  await page.getByLabel('Password').fill('Freight!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await openSettings(page, 'Account menu', 'App settings');
  const dialog = page.getByRole('dialog', { name: 'App settings' });
  await dialog.getByLabel('Language').selectOption('es');
  await dialog.getByLabel('Dates').selectOption('iso');
  await dialog.getByLabel('Theme').selectOption('dark');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('[data-widget="plan"]')).toContainText(/\d{4}-\d{2}-\d{2}/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.locator('[data-widget="plan"]')).toContainText(/\d{4}-\d{2}-\d{2}/);

  // Back to the defaults, in Spanish now.
  await openSettings(page, 'Menú de la cuenta', 'Ajustes de la aplicación');
  const ajustes = page.getByRole('dialog', { name: 'Ajustes de la aplicación' });
  await ajustes.getByLabel('Idioma').selectOption('en');
  await ajustes.getByLabel('Fechas').selectOption('locale');
  await ajustes.getByLabel('Tema').selectOption('light');
  await ajustes.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/light/);
});
