import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * /settings/company (issues 10 and 11): every field saved and still there after a reload, the country,
 * currency and time zone chosen with the pickers, the change in the company's history; a role without the
 * company permission sees no Company entry and gets the not-allowed screen at its URL.
 */
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Freight!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('the company edit persists, with the pickers, and shows in its history', async ({ page }) => {
  await signIn(page, 'admin@harbor.test');
  await page.goto('/settings/company');
  const form = page.getByRole('form', { name: 'Details' });
  await expect(form).toBeVisible();
  const phone = `+31 10 ${Date.now() % 1_000_000}`;
  await form.getByLabel('Phone').fill(phone);
  await form.getByLabel('Street and number').fill('Waalhaven Oostzijde 1');
  await form.getByLabel('City').fill('Rotterdam');
  await form.getByRole('combobox', { name: 'Operating country' }).fill('nether');
  await page.getByRole('option', { name: /Netherlands \(NL\)/ }).click();
  await form.getByRole('combobox', { name: 'Base currency' }).fill('eur');
  await page.getByRole('option', { name: /^EUR/ }).click();
  await form.getByRole('combobox', { name: 'Time zone' }).fill('berlin');
  await page.getByRole('option', { name: /Europe\/Berlin/ }).click();
  await expect(page.getByText('Plans are changed by Freight Desk support.')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Phone')).toHaveValue(phone);
  await expect(form.getByLabel('Street and number')).toHaveValue('Waalhaven Oostzijde 1');
  await expect(form.getByRole('combobox', { name: 'Operating country' })).toHaveValue(/Netherlands \(NL\)/);
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/Europe\/Berlin/);

  await page.getByRole('button', { name: 'History' }).click();
  const latest = page.getByTestId('audit-history').locator('li').first();
  await expect(latest).toContainText('changed it');
  await expect(latest.locator('tr[data-field="phone"]')).toContainText(phone);
});

test('a role without the company permission sees no Company entry and is kept out', async ({ page }) => {
  await signIn(page, 'ops@demo.test');
  await page.goto('/settings/profile');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Company' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  await page.goto('/settings/company');
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Details' })).toHaveCount(0);
});
