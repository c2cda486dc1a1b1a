import { expect, test } from '@playwright/test';
import { demoUser, openSignedIn } from './session-helpers';

/**
 * The audit trail answers a role only the entries of records it may read (issue 21): a role without the
 * users permission still sees the history of its own profile, and of a contact it may open.
 */
test.describe.configure({ timeout: 120_000 });

test('Operations opens the history of its own profile and of a contact', async ({ page }) => {
  await openSignedIn(page, demoUser('ops@demo.test'), '/settings/profile');
  const form = page.getByRole('form', { name: 'Profile' });
  const phone = `+31 20 ${Date.now() % 1_000_000}`;
  await form.getByLabel('Phone').fill(phone);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  const own = page.getByTestId('audit-history').locator('li');
  await expect(own.first().locator('tr[data-field="phone"]')).toContainText(phone);
  await page.keyboard.press('Escape');

  const name = `Ops history ${Date.now()}`;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await page.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('group', { name: 'Business types' }).getByLabel('Consignee').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox').fill(name);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'History' }).click();
  const entries = page.getByTestId('audit-history').locator('li');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('created it');

  // Escape closes the innermost dialog only: the history first, then the record.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('audit-history')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The demo company's contacts stay as the other specs expect them: deleting asks first.
  await page.getByRole('button', { name, exact: true }).click();
  const record = page.getByRole('dialog', { name });
  await record.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(record).toHaveCount(0);
  await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
});
