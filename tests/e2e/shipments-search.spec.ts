import { expect, test } from '@playwright/test';
import { HARBOR_ADMIN, signInThroughForm } from './session-helpers';
import { harborApi, uniqueContainerNumber } from './shipment-helpers';

/**
 * Finding a shipment (issue 23): a container number typed the way it is painted on the box, with spaces
 * and a dash, finds the one shipment that carries it; the search lives in the URL, so a reload shows the
 * same row.
 */
test.describe.configure({ timeout: 120_000 });

test('a container number typed with spaces and a dash finds its shipment', async ({ page, request }) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const customerId = await api.customer(`Painted Box Ltd ${stamp}`);
  const container = uniqueContainerNumber();
  const shipment = await api.createShipment({
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'CNSGH',
    containers: [{ number: container, sizeType: '45G1' }],
  });

  await signInThroughForm(page, HARBOR_ADMIN);
  await page.goto('/shipments');
  const typed = `${container.slice(0, 4).toLowerCase()} ${container.slice(4, 10)}-${container[10]}`;
  await page.getByRole('searchbox').fill(typed);
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === typed);
  const rows = page.getByRole('table', { name: 'Shipments' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: shipment.number });
  await expect(row).toContainText(`Painted Box Ltd ${stamp}`);
  await expect(row).toContainText('NLRTM → CNSGH');
  await expect(row).toContainText('Draft');

  await page.reload();
  await expect(page.getByRole('searchbox')).toHaveValue(typed);
  await page.getByRole('link', { name: shipment.number }).click();
  await expect(page.getByTestId('shipment-number')).toHaveText(shipment.number);
  await expect(page.locator('[data-container-row="0"]').getByLabel('Container number')).toHaveValue(container);
});
