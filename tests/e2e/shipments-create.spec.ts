import { expect, test } from '@playwright/test';
import { HARBOR_ADMIN, signInThroughForm } from './session-helpers';
import { harborApi, pick, uniqueContainerNumber, wrongCheckDigit } from './shipment-helpers';

/**
 * Shipments (issue 23) made in the screens: a sea job whose container number is first typed with a wrong
 * check digit and corrected as the add-container row says, and an air job whose air waybill is corrected the
 * same way, with its chargeable weight shown while the cargo is typed. Harbor's data, a customer per run.
 */
test.describe.configure({ timeout: 150_000 });

test('a sea and an air shipment, each with a wrong number corrected on the way', async ({ page, request }) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const customer = `Quayside Traders ${stamp}`;
  await api.customer(customer);
  await signInThroughForm(page, HARBOR_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();

  // Sea.
  await page.getByRole('link', { name: 'New shipment' }).click();
  await expect(page).toHaveURL(/\/shipments\/new$/);
  await expect(page.getByLabel('Mode')).toHaveValue('sea-fcl');
  await pick(page, 'Customer', `Traders ${stamp}`, customer);
  await pick(page, 'Origin', 'rotterdam', /\(NLRTM\)/);
  await pick(page, 'Destination', 'singapore', /\(SGSIN\)/);
  await page.getByLabel('ETD').fill('2026-12-01');
  await page.getByLabel('ETA').fill('2026-12-28');
  await page.getByLabel('Vessel').fill('Maersk Essen');
  await page.getByLabel('Voyage').fill('148W');
  await expect(page.getByLabel('Flight')).toHaveCount(0);

  const container = uniqueContainerNumber();
  const { wrong, expected } = wrongCheckDigit(container);
  const add = page.getByTestId('add-container');
  await add.getByLabel('Container number').fill(wrong);
  await expect(add.getByText(`check digit should be ${expected}`)).toBeVisible();
  await expect(add.getByRole('button', { name: 'Add container' })).toBeDisabled();
  // Typed the way it is painted on the box.
  await add.getByLabel('Container number').fill(`${container.slice(0, 4)} ${container.slice(4, 10)}-${container[10]}`);
  await expect(add.getByText('Check digit is right')).toBeVisible();
  await add.getByRole('button', { name: 'Add container' }).click();
  await expect(page.locator('[data-container-row="0"]').getByLabel('Container number')).toHaveValue(container);

  await page.getByRole('button', { name: 'Add cargo line' }).click();
  const line = page.locator('[data-cargo-row="0"]');
  await line.getByLabel('Description').fill('Machine parts');
  await line.getByLabel('Packages').fill('12');
  await line.getByLabel('Gross weight (kg)').fill('8400');
  await line.getByLabel('Volume (m³)').fill('30.5');
  await line.getByLabel('In container').selectOption(container);
  await expect(page.locator('[data-total="packages"]')).toContainText('12');
  await expect(page.locator('[data-total="gross"]')).toContainText(/8,?400 kg/);
  await expect(page.locator('[data-total="chargeable"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page.getByTestId('shipment-number')).toHaveText(/^SEA-\d{4}-\d{5}$/);
  await expect(page).toHaveURL(/\/shipments\/[0-9a-f-]{36}$/);
  const sea = (await api.search(container)).map((s) => s.number);
  expect(sea).toEqual([await page.getByTestId('shipment-number').textContent()]);

  // Air.
  await page.goto('/shipments/new');
  await page.getByLabel('Mode').selectOption('air');
  await expect(page.getByTestId('add-container')).toHaveCount(0);
  await expect(page.getByLabel('Vessel')).toHaveCount(0);
  await pick(page, 'Customer', `Traders ${stamp}`, customer);
  await pick(page, 'Origin', 'schiphol', /\(AMS\)/);
  await pick(page, 'Destination', 'changi', /\(SIN\)/);
  await page.getByLabel('Flight').fill('KL 835');
  // 1234567 mod 7 is 5: a last digit of 0 is wrong, and the field says which is right once it is left.
  const awb = page.getByLabel('Master air waybill');
  await awb.fill('074-12345670');
  await awb.blur();
  await expect(page.getByText('check digit should be 5')).toBeVisible();
  await awb.fill('074-12345675');
  await expect(page.getByText('check digit should be 5')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add cargo line' }).click();
  const pallets = page.locator('[data-cargo-row="0"]');
  await pallets.getByLabel('Description').fill('Spare parts on two pallets');
  await pallets.getByLabel('Packages').fill('2');
  await pallets.getByLabel('Package type').selectOption('PX');
  await pallets.getByLabel('Gross weight (kg)').fill('400');
  // 2 pallets of 100 × 120 × 110 cm: 2.64 m³, 440 kg at 6,000 cm³ per kg, more than their 400 kg.
  await pallets.getByLabel('Volume (m³)').fill('2.64');
  await expect(page.locator('[data-total="chargeable"]')).toContainText('440 kg');

  await page.getByRole('button', { name: 'Create shipment' }).click();
  await expect(page.getByTestId('shipment-number')).toHaveText(/^AIR-\d{4}-\d{5}$/);
  await expect(page.getByLabel('Flight')).toHaveValue('KL835');
  await expect(page.getByLabel('Master air waybill')).toHaveValue('074-12345675');
});
