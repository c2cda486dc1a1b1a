import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoUser, openSignedIn } from './session-helpers';

/**
 * /settings/company (issues 10 and 11): every field saved and still there after a reload, the country,
 * currency and time zone chosen with the pickers, the change in the company's history; a role without the
 * company permission sees no Company entry and gets the not-allowed screen at its URL.
 */
test.describe.configure({ timeout: 120_000 });

const openAs = (page: Page, email: string, path: string) => openSignedIn(page, demoUser(email), path);

test('the company edit persists, with the pickers, and shows in its history', async ({ page }) => {
  await openAs(page, 'admin@harbor.test', '/settings/company');
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

  // The logo: any image, scaled down to at most 512 px, uploaded, shown after a reload.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1d4ed8';
    context.fillRect(0, 0, 1200, 300);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page
    .getByLabel('Logo file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(page.getByText('Logo updated')).toBeVisible();
  const logo = page.getByRole('img', { name: 'Logo of Harbor Logistics' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([512, 128]);
  await page.reload();
  await expect(logo).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const entries = page.getByTestId('audit-history').locator('li');
  await expect(entries.first()).toContainText('changed it');
  await expect(entries.first().locator('tr[data-field="logoFileId"]')).toBeVisible();
  await expect(entries.nth(1).locator('tr[data-field="phone"]')).toContainText(phone);
});

test('a role without the company permission sees no Company entry and is kept out', async ({ page }) => {
  await openAs(page, 'ops@demo.test', '/settings/profile');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(sections.getByRole('link', { name: 'Company' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(sections.getByRole('link', { name: 'Roles' })).toHaveCount(0);
  // Every screen it may not open says so without first asking the services for it (issue 24): no 403.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  for (const path of [
    '/settings/company',
    '/settings/users',
    '/settings/roles',
    `/settings/roles/${crypto.randomUUID()}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' }), path).toBeVisible();
  }
  await expect(page.getByRole('form', { name: 'Details' })).toHaveCount(0);
  expect(refused).toEqual([]);
});
