import { expect, test } from '@playwright/test';
import { HARBOR_ADMIN, signInThroughForm } from './session-helpers';
import { expectNothingBeyondTheEdge, harborApi, uniqueContainerNumber } from './shipment-helpers';

/**
 * Shipments on a phone (issue 23), as a field user on the quay opens them: 390 px wide, touch. The list is
 * cards, not a table; the detail's sections stack; nothing lies beyond the screen's edge on either page, and
 * Save sits where a thumb reaches it.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the list and a shipment on a 390 px phone', async ({ page, request }) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const customerId = await api.customer(`Quay Phone Logistics International ${stamp}`);
  const shipment = await api.createShipment({
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'USNYC',
    etd: '2026-12-02',
    eta: '2026-12-14',
    vesselName: 'Maersk Essen',
    containers: [{ number: uniqueContainerNumber(), sizeType: '42G1', seals: ['ML-123456'] }],
    cargo: [{ description: 'Furniture', packages: 40, packageType: 'CT', grossWeightKg: 5200, volumeM3: 58 }],
  });

  await signInThroughForm(page, HARBOR_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' }).click();
  await page.getByRole('searchbox').fill(stamp);
  const card = page.getByTestId('shipment-card').filter({ hasText: shipment.number });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Quay Phone Logistics International ${stamp}`);
  await expect(card).toContainText('NLRTM → USNYC');
  await expect(card).toContainText('Draft');
  await expect(page.getByRole('table', { name: 'Shipments' })).toBeHidden();
  await page.getByRole('button', { name: 'More filters' }).click();
  await expect(page.getByLabel('ETD from')).toBeVisible();
  await expectNothingBeyondTheEdge(page);

  await card.click();
  await expect(page.getByTestId('shipment-number')).toHaveText(shipment.number);
  for (const section of ['Overview', 'Parties', 'Route and dates', 'Containers', 'Cargo', 'Totals', 'History'])
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  await expect(page.getByText(/created the shipment/)).toBeVisible();
  await expectNothingBeyondTheEdge(page);

  // Save stays at the foot of the screen while the form scrolls under it.
  await page.getByLabel('Voyage').fill('201E');
  const save = page.getByRole('button', { name: 'Save changes' });
  const box = await save.boundingBox();
  const screen = await page.evaluate(() => ({ width: window.screen.width, height: window.innerHeight }));
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(screen.height);
  expect(box!.y).toBeGreaterThan(screen.height / 2);
  await save.tap();
  await expect(page.getByText('Shipment saved')).toBeVisible();
  expect((await api.readShipment(shipment._id)).voyage).toBe('201E');
});
