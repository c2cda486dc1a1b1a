import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoUser, HARBOR_ADMIN, openSignedIn, signInThroughApi } from './session-helpers';
import { expectNothingBeyondTheEdge, harborApi, pick, SHIPMENTS, uniqueContainerNumber } from './shipment-helpers';

/**
 * Money on a job (issue 26) as a forwarder's staff meet it: an admin adds the revenue and the cost of a job
 * with no connection, sees the margin at once, and both lines land once the connection returns; Operations
 * works on the same shipments without ever seeing their money.
 */
test.describe.configure({ timeout: 180_000 });

async function chargesOf(request: APIRequestContext, id: string) {
  const { accessToken } = await signInThroughApi(request, HARBOR_ADMIN);
  const response = await request.get(`${SHIPMENTS}/shipments/${id}/charges`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Array<{ kind: string; unitPrice: string }> }).data
    .map((c) => `${c.kind} ${c.unitPrice}`)
    .sort();
}

/** Adds one line through the section's editor: the charge code in words, a price typed with a comma. */
async function addLine(page: Page, kind: 'revenue' | 'cost', code: string, price: string) {
  const section = page.locator('[data-section="charges"]');
  const label = kind === 'revenue' ? 'Add revenue line' : 'Add cost line';
  await section.getByRole('button', { name: label }).click();
  const editor = section.getByRole('form', { name: label });
  await editor.getByLabel('Charge', { exact: true }).selectOption({ label: code });
  await editor.getByLabel('Unit price').fill(price);
  await editor.getByRole('button', { name: 'Save line' }).click();
  await expect(editor).toBeHidden();
}

test('a charge added offline shows the margin at once and lands when the connection returns', async ({
  page,
  request,
}) => {
  const api = harborApi(request);
  const customerId = await api.customer(`Charges Freight ${Date.now()}`);
  const shipment = await api.createShipment({
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'USNYC',
    etd: '2026-12-02',
    eta: '2026-12-14',
    containers: [{ number: uniqueContainerNumber(), sizeType: '42G1', seals: [] }],
  });
  await openSignedIn(page, HARBOR_ADMIN, `/shipments/${shipment._id}`);
  const section = page.locator('[data-section="charges"]');
  await expect(section.getByRole('heading', { name: 'Charges' })).toBeVisible();
  await expect(section.getByText('Nothing billed to the customer yet.')).toBeVisible();
  const totals = section.getByTestId('charges-totals');
  await expect(totals).toHaveAttribute('data-profit', /^0(\.0+)?$/);

  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await addLine(page, 'revenue', 'Freight', '1500');
  await addLine(page, 'cost', 'Terminal handling', '1200,50');
  const lines = section.getByTestId('charge-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Waiting to be sent' })).toHaveCount(2);
  // The margin while offline: (1,500 − 1,200.50) ÷ 1,500.
  await expect(totals).toHaveAttribute('data-margin', '19.97');
  await expect(totals.locator('[data-figure="margin"]')).toContainText('19.97 %');
  expect(await chargesOf(request, shipment._id)).toEqual([]);

  await page.context().setOffline(false);
  await expect
    .poll(() => chargesOf(request, shipment._id), { timeout: 60_000 })
    .toEqual(['cost 1200.50', 'revenue 1500']);
  await expect(lines.filter({ hasText: 'Waiting to be sent' })).toHaveCount(0, { timeout: 30_000 });
  await expect(totals).toHaveAttribute('data-margin', '19.97');
  await expect(totals.locator('[data-figure="profit"]')).toContainText('299.50');
});

test('a charge added to a shipment created offline lands after its shipment', async ({ page, request }) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const customer = `Offline Money ${stamp}`;
  const customerId = await api.customer(customer);
  const known = await api.createShipment({ mode: 'air', customerId, origin: 'AMS', destination: 'JFK' });
  // Online once: a shipment's screen puts the charge codes and the currencies on the device.
  await openSignedIn(page, HARBOR_ADMIN, `/shipments/${known._id}`);
  const section = page.locator('[data-section="charges"]');
  await section.getByRole('button', { name: 'Add revenue line' }).click();
  await expect(section.getByLabel('Charge', { exact: true }).locator('option', { hasText: 'Freight' })).toBeAttached();
  await section.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'All shipments' }).click();
  await page.getByRole('link', { name: 'New shipment' }).first().click();
  await pick(page, 'Customer', `Money ${stamp}`, customer);
  await pick(page, 'Origin', 'valencia', /\(ESVLC\)/);
  await pick(page, 'Destination', 'genova', /\(ITGOA\)/);

  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page.getByTestId('shipment-number')).toHaveText('Number pending');
  const id = page.url().split('/').pop()!;
  await addLine(page, 'revenue', 'Freight', '900');
  await expect(section.getByTestId('charge-line').filter({ hasText: 'Waiting to be sent' })).toHaveCount(1);
  await expect(section.getByTestId('charges-totals')).toHaveAttribute('data-margin', '100.00');

  await page.context().setOffline(false);
  await expect(page.getByTestId('shipment-number')).toHaveText(/^SEA-\d{4}-\d{5}$/, { timeout: 60_000 });
  await expect.poll(() => chargesOf(request, id), { timeout: 60_000 }).toEqual(['revenue 900']);
  await expect(section.getByTestId('charge-line').filter({ hasText: 'Waiting to be sent' })).toHaveCount(0, {
    timeout: 30_000,
  });
  // Nothing failed on its way: the outbox holds no refused write.
  await expect(page.getByTestId('outbox-indicator')).toBeHidden({ timeout: 30_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the charges are cards, edited in place, with a loss in red', async ({ page, request }) => {
    const api = harborApi(request);
    const customerId = await api.customer(`Phone Money ${Date.now()}`);
    const shipment = await api.createShipment({ mode: 'air', customerId, origin: 'AMS', destination: 'JFK' });
    await openSignedIn(page, HARBOR_ADMIN, `/shipments/${shipment._id}`);
    const section = page.locator('[data-section="charges"]');
    await expect(section.getByRole('heading', { name: 'Charges' })).toBeVisible();
    await addLine(page, 'revenue', 'Freight', '100');
    await addLine(page, 'cost', 'Trucking', '130');
    await expect(section.getByRole('table')).toHaveCount(0);
    await expect(section.getByTestId('charge-line')).toHaveCount(2);
    const margin = section.getByTestId('charges-totals').locator('[data-figure="margin"] p').last();
    await expect(margin).toHaveText('-30.00 %');
    await expect(margin).toHaveAttribute('data-loss', 'true');
    await expectNothingBeyondTheEdge(page);

    await section.getByRole('button', { name: 'Edit Trucking' }).tap();
    const editor = section.getByRole('form', { name: 'Edit Trucking' });
    await editor.getByLabel('Unit price').fill('80');
    await expect(margin).toHaveText('20.00 %');
    await expectNothingBeyondTheEdge(page);
  });
});

test('Operations works on a shipment without seeing its charges', async ({ page, request }) => {
  const ops = demoUser('ops@demo.test');
  const { accessToken } = await signInThroughApi(request, ops);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const list = await request.post(`${SHIPMENTS}/shipments/paginate`, { headers, data: { page: 1, limit: 1 } });
  expect(list.ok(), await list.text()).toBe(true);
  const [first] = ((await list.json()) as { data: Array<{ _id: string; number: string }> }).data;
  expect(first).toBeDefined();
  // The service refuses the money to this role too, not the screen alone.
  const refused = await request.get(`${SHIPMENTS}/shipments/${first!._id}/charges`, { headers });
  expect(refused.status()).toBe(403);

  await openSignedIn(page, ops, `/shipments/${first!._id}`);
  await expect(page.getByTestId('shipment-number')).toHaveText(first!.number);
  await expect(page.locator('[data-section="milestones"]').getByRole('heading', { name: 'Milestones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(page.locator('[data-section="charges"]')).toHaveCount(0);
  await expect(page.getByText('Revenue', { exact: true })).toHaveCount(0);
});
