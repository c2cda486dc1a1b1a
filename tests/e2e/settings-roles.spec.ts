import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoUser, openSignedIn, signInThroughForm } from './session-helpers';

/**
 * Roles (issue 11): a role built with the permission matrix, given to ops@demo.test on the users screen,
 * changes what ops may do on their very next call; deleting the role asks where its users go and moves
 * them (back to Operations, which leaves ops as the other specs expect).
 */
test.describe.configure({ timeout: 150_000 });

const signIn = (page: Page, email: string) => signInThroughForm(page, demoUser(email));

/**
 * Searches a list and waits for the search to reach the address. The list writes it there 300 ms after the
 * last keystroke, a navigation of its own: a row clicked before that, its screen still loading, is
 * dropped by it and the page stays on the list.
 */
async function searchList(page: Page, searchbox: string, text: string) {
  await page.getByRole('searchbox', { name: searchbox }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

async function opsPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'ops@demo.test');
  return page;
}

test('a role made with the matrix changes what its user may do, and its deletion moves them', async ({
  page,
  browser,
}) => {
  const name = `Master data keeper ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.test');

  const ops = await opsPage(browser);
  await ops.goto('/settings/business-types');
  await expect(ops.getByRole('heading', { level: 2, name: 'Business types' })).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Add business type' })).toHaveCount(0);

  await page.goto('/accounts/roles/create/');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Keeps the master data');
  await page.getByRole('checkbox', { name: 'All actions on Master data' }).check();
  await page.getByRole('checkbox', { name: 'Read Reference lists' }).check();
  await page.getByRole('checkbox', { name: 'Read Notifications' }).check();
  await expect(page.getByRole('checkbox', { name: 'Delete Master data' })).toBeChecked();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/roles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  // Give the role to ops on the users screen.
  await page.goto('/settings/users');
  await searchList(page, 'Search users', 'ops@demo.test');
  await page.getByRole('row').filter({ hasText: 'ops@demo.test' }).getByRole('link').click();
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Role').selectOption({ label: name });
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  try {
    // Ops's next call already runs with the new role.
    await ops.reload();
    await expect(ops.getByRole('button', { name: 'Add business type' })).toBeVisible();

    await page.goto('/settings/roles');
    await searchList(page, 'Search roles', name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.locator('[data-user-count]')).toHaveAttribute('data-user-count', '1');
  } finally {
    // Delete the role: its one user (ops) moves back to Operations.
    await page.goto('/settings/roles');
    await searchList(page, 'Search roles', name);
    await page.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete role' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('1 user holds this role');
    await dialog.getByLabel('Move them to').selectOption({ label: 'Operations' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/settings\/roles$/);
  }
  await ops.reload();
  await expect(ops.getByRole('heading', { level: 2, name: 'Business types' })).toBeVisible();
  await expect(ops.getByRole('button', { name: 'Add business type' })).toHaveCount(0);
  await ops.context().close();
});

test('the quick role dialog of the users screen makes a read-only role in one step', async ({ page }) => {
  const name = `Viewer ${Date.now().toString(36)}`;
  await openSignedIn(page, demoUser('admin@demo.test'), '/settings/users');
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByLabel('Start from')).toHaveValue('read');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/settings\/roles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Read Contacts' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Create Contacts' })).not.toBeChecked();

  await page.getByRole('button', { name: 'Delete role' }).click();
  await expect(page.getByRole('dialog')).toContainText('Nobody holds this role');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);
});
