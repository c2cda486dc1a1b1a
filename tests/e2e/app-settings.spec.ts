import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoUser, IAM, signInThroughApi, signInThroughForm } from './session-helpers';

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

const DEFAULTS = {
  language: null,
  dateFormat: 'locale',
  numberFormat: 'locale',
  timeZone: null,
  theme: 'system',
  toasts: { notifications: true, mail: true },
};

test('language, date format and theme follow the user, and hold after a reload', async ({ page, request }) => {
  // Start from the defaults, whatever an earlier run left.
  const user = demoUser('admin@expired.test');
  const { headers } = await signInThroughApi(request, user);
  expect((await request.put(`${IAM}/profile/preferences`, { headers, data: DEFAULTS })).ok()).toBe(true);

  await signInThroughForm(page, user);

  await openSettings(page, 'Account menu', 'App settings');
  const dialog = page.getByRole('dialog', { name: 'App settings' });
  await dialog.getByLabel('Language').selectOption('es');
  await dialog.getByLabel('Dates').selectOption('iso');
  await dialog.getByLabel('Theme').selectOption('dark');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();

  // Said in the language just chosen (issue 24).
  await expect(page.getByText('Ajustes guardados')).toBeVisible();
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
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/light/);
});
