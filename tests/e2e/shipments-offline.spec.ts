import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HARBOR_ADMIN, signInThroughForm, waitForWorkerControl } from './session-helpers';
import { harborApi, pick } from './shipment-helpers';

/**
 * A shipment made with no connection (issue 23): it shows at once under the id the app made for it, as
 * "Number pending"; an edit made before it lands names the same record and waits behind it; back online both
 * are sent once, in order, and the screen shows the number the service gave it.
 */
test.describe.configure({ timeout: 180_000 });

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('a shipment created offline lands once, with its number', async ({ page, context, request }) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const customer = `Offline Cargo ${stamp}`;
  await api.customer(customer);
  await signInThroughForm(page, HARBOR_ADMIN);
  await waitForWorkerControl(page);

  // Online once: the screen, the contacts and the ports are on the device.
  await page.goto('/shipments/new');
  await pick(page, 'Customer', `Cargo ${stamp}`, customer);
  await pick(page, 'Origin', 'valencia', /\(ESVLC\)/);
  await pick(page, 'Destination', 'genova', /\(ITGOA\)/);

  await goOffline(context, page);
  await page.getByLabel('Vessel').fill('MSC Offline');
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page.getByTestId('shipment-number')).toHaveText('Number pending');
  await expect(page).toHaveURL(/\/shipments\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByTestId('outbox-indicator')).toBeVisible();

  // An edit before it lands: the same record, queued behind the create.
  await page.getByLabel('Voyage').fill('OFF1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Voyage')).toHaveValue('OFF1');

  await context.setOffline(false);
  await expect(page.getByTestId('shipment-number')).toHaveText(/^SEA-\d{4}-\d{5}$/, { timeout: 60_000 });
  const number = await page.getByTestId('shipment-number').textContent();

  // Landed once, under the app's id, with the edit.
  const found = await api.search(customer);
  expect(found.map((s) => [s._id, s.number])).toEqual([[id, number]]);
  expect((await api.readShipment(id)).voyage).toBe('OFF1');
  await page.reload();
  await expect(page.getByTestId('shipment-number')).toHaveText(number!);
});
