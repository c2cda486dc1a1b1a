import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HARBOR_ADMIN, signInThroughForm, waitForWorkerControl } from './session-helpers';
import { harborApi, pick } from './shipment-helpers';

/**
 * A shipment made with no connection (issue 23): it shows at once under the id the app made for it, as
 * "Number pending"; an edit made before it lands names the same record and waits behind it; back online both
 * are sent once, in order, and the screen shows the number the service gave it. And "Prepare for offline":
 * a shipment leaving today, never opened on the device, opens offline with its milestones, its documents
 * list and its charges.
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

test('"Prepare for offline" keeps the milestones, documents and charges of a shipment leaving today', async ({
  page,
  context,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const customerId = await api.customer(`Prepared Cargo ${stamp}`);
  // Leaving today: among the open shipments whose ETD or ETA lies nearest, which get their sections kept.
  const shipment = await api.createShipment({
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'USNYC',
    etd: day(0),
    eta: day(12),
  });
  await api.addEvent(shipment._id, 'CONF');
  await api.attachPdf(shipment._id, `Packing list ${stamp}.pdf`, 'packing-list');
  await api.addCharge(shipment._id, { kind: 'revenue', chargeCode: 'FRT', unitPrice: '1500', currency: 'EUR' });

  await signInThroughForm(page, HARBOR_ADMIN);
  await waitForWorkerControl(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Prepare for offline' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Ready for offline \(\d+ lists\)$/ })).toBeVisible({
    timeout: 60_000,
  });

  // Offline, and a fresh load of its screen: what shows comes from the persisted copy alone.
  await goOffline(context, page);
  await page.goto(`/shipments/${shipment._id}`);
  await expect(page.getByTestId('shipment-number')).toHaveText(shipment.number);
  await expect(page.locator('[data-section="milestones"]')).toContainText('Booking confirmed');
  const documents = page.locator('[data-section="documents"]');
  await expect(documents.getByTestId('document')).toHaveCount(1);
  await expect(documents.getByTestId('document')).toContainText(`Packing list ${stamp}.pdf`);
  const charges = page.locator('[data-section="charges"]');
  await expect(charges.getByTestId('charge-line')).toHaveCount(1);
  await expect(charges.getByTestId('charge-line')).toHaveAttribute('data-charge-code', 'FRT');
  await expect(charges.getByTestId('charges-totals')).toHaveAttribute('data-profit', /^1500(\.0+)?$/);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await context.setOffline(false);
});
