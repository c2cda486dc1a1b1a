import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { HARBOR_ADMIN, openSignedIn, signInThroughApi } from './session-helpers';
import { expectNothingBeyondTheEdge, harborApi, SHIPMENTS, uniqueContainerNumber } from './shipment-helpers';

/**
 * Milestones (issue 25) as field users record them: on a 390 px phone, "Add milestone" offers the next step
 * with the time now and the expected place, one tap saves it, and the timeline and the status follow; two
 * people offline add events to one shipment, reconnect, and both sets land (events only append, so they
 * never conflict).
 */
test.describe.configure({ timeout: 180_000 });

async function newShipment(api: ReturnType<typeof harborApi>, stamp: string) {
  const customerId = await api.customer(`Milestone Freight ${stamp}`);
  return api.createShipment({
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'USNYC',
    etd: '2026-12-02',
    eta: '2026-12-14',
    containers: [{ number: uniqueContainerNumber(), sizeType: '42G1', seals: [] }],
  });
}

async function eventCodes(request: Parameters<typeof harborApi>[0], id: string): Promise<string[]> {
  const { accessToken } = await signInThroughApi(request, HARBOR_ADMIN);
  const response = await request.get(`${SHIPMENTS}/shipments/${id}/events`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Array<{ code: string }> }).data.map((e) => e.code).sort();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a milestone added in one tap moves the timeline and the status', async ({ page, request }) => {
    const stamp = `${Date.now()}`;
    const shipment = await newShipment(harborApi(request), stamp);
    await openSignedIn(page, HARBOR_ADMIN, `/shipments/${shipment._id}`);
    const section = page.locator('[data-section="milestones"]');
    await expect(section.getByRole('heading', { name: 'Milestones' })).toBeVisible();
    await expect(section.getByText('No milestones yet.', { exact: false })).toBeVisible();
    // Who created it follows it; a tap stops following, another follows again.
    const follow = section.getByRole('button', { name: 'Following' });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await follow.tap();
    await expect(section.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await section.getByRole('button', { name: 'Follow', exact: true }).tap();
    await expect(section.getByRole('button', { name: 'Following' })).toBeVisible();

    await section.getByRole('button', { name: 'Add milestone' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Add milestone' });
    // The step that comes next is chosen, at the time now.
    await expect(dialog.getByRole('button', { name: 'Booking confirmed', pressed: true })).toBeVisible();
    await expect(dialog.getByLabel('What happened')).toHaveValue('CONF');
    await expect(dialog.getByLabel('Planned, estimated or actual')).toHaveValue('ACT');
    await expectNothingBeyondTheEdge(page);
    // The next step after it names the expected place.
    await dialog.getByRole('button', { name: 'Cargo received · NLRTM' }).tap();
    await expect(dialog.getByLabel('Where (UN/LOCODE or airport code)')).toHaveValue('NLRTM');
    await dialog.getByRole('button', { name: 'Booking confirmed' }).tap();
    await dialog.getByRole('button', { name: 'Save milestone' }).tap();
    await expect(page.getByText('Milestone saved: Booking confirmed')).toBeVisible();

    const row = section.getByTestId('milestone-row').filter({ hasText: 'Booking confirmed' });
    await expect(row.locator('[data-classifier="ACT"]')).not.toHaveText('—');
    await expect(page.locator('[data-status="booked"]')).toBeVisible();
    expect(await eventCodes(request, shipment._id)).toEqual(['CONF']);
    await expectNothingBeyondTheEdge(page);
  });
});

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

async function openIn(browser: Browser, id: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, HARBOR_ADMIN, `/shipments/${id}`);
  await expect(
    page.locator('[data-section="milestones"]').getByText('No milestones yet.', { exact: false }),
  ).toBeVisible();
  return { context, page };
}

/** Adds one milestone through the dialog: a choice of the offered steps, then Save. */
async function addOffline(page: Page, step: string) {
  const section = page.locator('[data-section="milestones"]');
  await section.getByRole('button', { name: 'Add milestone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add milestone' });
  await dialog.getByRole('button', { name: step }).click();
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(page.getByText('Saved on this device', { exact: false }).first()).toBeVisible();
  await expect(section.getByTestId('milestone-row').filter({ hasText: step.split(' · ')[0]! })).toContainText(
    'Waiting to be sent',
  );
}

test('two people offline add milestones to one shipment; back online both sets land', async ({ browser, request }) => {
  const stamp = `${Date.now()}`;
  const shipment = await newShipment(harborApi(request), stamp);
  const quay = await openIn(browser, shipment._id);
  const office = await openIn(browser, shipment._id);

  await goOffline(quay.context, quay.page);
  await goOffline(office.context, office.page);
  await addOffline(office.page, 'Booking confirmed');
  await addOffline(quay.page, 'Cargo received · NLRTM');
  await addOffline(quay.page, 'Gate in · NLRTM');
  expect(await eventCodes(request, shipment._id)).toEqual([]);

  await quay.context.setOffline(false);
  await office.context.setOffline(false);
  await expect.poll(() => eventCodes(request, shipment._id), { timeout: 60_000 }).toEqual(['CONF', 'GTIN', 'RECE']);

  // Each screen shows all three, none of them waiting any more, and the status the events give.
  for (const { page } of [quay, office]) {
    await page.reload();
    const section = page.locator('[data-section="milestones"]');
    await expect(section.getByTestId('milestone-row')).toHaveCount(3);
    await expect(section.getByText('Waiting to be sent')).toHaveCount(0);
    await expect(page.locator('[data-status="booked"]')).toBeVisible();
  }
  await quay.context.close();
  await office.context.close();
});

test('a late shipment is in Needs attention and counted on the Shipments link; its line opens it', async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const customerId = await api.customer(`Late Freight ${stamp}`);
  const shipment = await api.createShipment({
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'USNYC',
    etd: day(-20),
    eta: day(-2),
  });
  const { accessToken } = await signInThroughApi(request, HARBOR_ADMIN);
  const confirmed = await request.post(`${SHIPMENTS}/shipments/${shipment._id}/events`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      _id: crypto.randomUUID(),
      code: 'CONF',
      classifier: 'ACT',
      at: new Date(Date.now() - 86_400_000 * 19).toISOString(),
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);

  await openSignedIn(page, HARBOR_ADMIN, '/dashboard');
  const panel = page.locator('[data-widget="attention"]');
  const line = panel.getByTestId('attention-item').filter({ hasText: shipment.number });
  await expect(line).toContainText('Late');
  await expect(line).toContainText(`Late Freight ${stamp}`);
  await expect(page.getByTestId('attention-badge')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Shipments, \d+\+? need attention$/ }),
  ).toBeVisible();
  await expect(page.locator('[data-widget="arrivals"]')).toBeVisible();
  await line.getByRole('link', { name: shipment.number }).click();
  await expect(page.getByTestId('shipment-number')).toHaveText(shipment.number);
  await expect(page.locator('[data-section="milestones"]')).toContainText('Booking confirmed');
});
