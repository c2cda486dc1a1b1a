/**
 * The app admin console (issue 13): only a super admin (support@freightdesk.test, seeded with the demo data
 * because playwright.config.ts sets SEED_SUPER_ADMIN) sees it; extending Expired Cargo's plan takes the
 * expired banner away from its users, ending it brings the banner back; a new company comes with its
 * first admin. Other specs rely on Expired Cargo being expired: afterAll ends its plan again through the
 * API whatever happened here.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, demoUser, IAM, signInThroughApi, signInThroughForm } from './session-helpers';

const SUPER_ADMIN = demoUser('support@freightdesk.test');
const EXPIRED_ADMIN = demoUser('admin@expired.test');
const EXPIRED_BANNER = 'Your Subscription has been expired. Please Contact Support Team';

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

/** Leaves Expired Cargo expired (its plan ended yesterday), as the demo data has it. */
async function keepExpiredCargoExpired(request: APIRequestContext): Promise<void> {
  const { headers } = await signInThroughApi(request, SUPER_ADMIN);
  const list = await request.get(`${IAM}/app-admin/companies?search=Expired%20Cargo`, { headers });
  const company = ((await list.json()) as { data: { _id: string; version: number; isExpired: boolean }[] }).data[0]!;
  if (company.isExpired) return;
  const ended = await request.patch(`${IAM}/app-admin/companies/${company._id}`, {
    headers,
    data: { version: company.version, expiryDate: yesterday() },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
}

async function openConsoleFromMenu(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'App admin console' }).click();
  await expect(page).toHaveURL(/\/app-admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'App admin console' })).toBeVisible();
}

function companyRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  try {
    await keepExpiredCargoExpired(request);
  } finally {
    await request.dispose();
  }
});

test('a company admin sees no console in the avatar menu, and /app-admin is not allowed', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/app-admin/')) calls.push(request.url());
  });
  await signInThroughForm(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'App admin console' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/app-admin');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'App admin console' })).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('the super admin extends a plan and the expired banner disappears for that company’s users', async ({
  page,
  browser,
}) => {
  const expiredContext = await browser.newContext();
  try {
    const expiredPage = await expiredContext.newPage();
    await signInThroughForm(expiredPage, EXPIRED_ADMIN);
    const banner = expiredPage.locator('[data-banner="subscription-expired"]');
    // The text is SPEC's, word for word; a link to support follows it.
    await expect(banner).toContainText(EXPIRED_BANNER);
    await expect(banner.getByRole('button', { name: 'Contact support' })).toBeVisible();

    await signInThroughForm(page, SUPER_ADMIN);
    await openConsoleFromMenu(page);
    await page.getByPlaceholder('Search companies').fill('Expired Cargo');
    const row = companyRow(page, 'Expired Cargo');
    await expect(row).toHaveCount(1);
    await expect(row.getByText(/^Expired \d+ days? ago$/)).toBeVisible();

    // Extend by a year: an expired plan counts from today.
    await row.getByRole('button', { name: 'Extend plan', exact: true }).click();
    const extend = page.getByRole('dialog', { name: 'Extend the plan of Expired Cargo' });
    await expect(extend.getByText('the extension counts from today')).toBeVisible();
    await extend.getByLabel('One year').check();
    await extend.getByRole('button', { name: 'Extend plan', exact: true }).click();
    await expect(extend).toHaveCount(0);
    await expect(row.getByText(/^36[56] days left$/)).toBeVisible();

    await expiredPage.reload();
    await expect(expiredPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // End it again: expired from today on, and the banner is back.
    await row.getByRole('button', { name: 'End plan', exact: true }).click();
    const end = page.getByRole('dialog', { name: 'End the plan of Expired Cargo?' });
    await end.getByRole('button', { name: 'End plan', exact: true }).click();
    await expect(end).toHaveCount(0);
    await expect(row.getByText('Expired 1 day ago')).toBeVisible();

    await expiredPage.reload();
    await expect(banner).toContainText(EXPIRED_BANNER);
  } finally {
    await expiredContext.close();
  }
});

test('the super admin creates a company with its first admin and finds it in the list', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `Spec Freight ${stamp}`;
  const email = `first.admin.${stamp}@spec.test`;
  await signInThroughForm(page, SUPER_ADMIN);
  await openConsoleFromMenu(page);

  await page.getByRole('button', { name: 'New company' }).click();
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await dialog.getByLabel('Company', { exact: true }).fill(name);
  await dialog.getByLabel('Short name').fill(`SPEC${stamp}`.slice(0, 20).toUpperCase());
  await dialog.getByLabel('Account type').selectOption('trial');
  await dialog.getByLabel('Plan name').fill('starter');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('First name').fill('Fiona');
  await dialog.getByLabel('Last name').fill('First');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${name} was created. An invitation was sent to ${email}.`)).toBeVisible();
  await page.getByPlaceholder('Search companies').fill(name);
  const row = companyRow(page, name);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Trial')).toBeVisible();
  await expect(row.getByText('starter')).toBeVisible();
  await expect(row.getByText(/^36[56] days left$/)).toBeVisible();
});
