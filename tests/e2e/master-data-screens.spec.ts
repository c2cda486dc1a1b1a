import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { HARBOR_ADMIN, openSignedIn } from './session-helpers';

/**
 * The company master-data screens of issue 10, as Harbor Logistics' admin uses them: a business type
 * created and renamed; a receiving location whose country and seaport come from the pickers; a picklist
 * option moved and the order kept after a reload; a currency whose rate change keeps the earlier rate in
 * its history; and every screen opening offline with its data after one visit.
 */
test.describe.configure({ timeout: 150_000 });

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

const unique = Date.now().toString(36);

test('business types and receiving locations, with the pickers inside the form', async ({ page }) => {
  await openSignedIn(page, HARBOR_ADMIN, '/settings/business-types');
  await expect(page.getByRole('heading', { level: 2, name: 'Business types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add business type' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(`Broker ${unique}`);
  await dialog.getByLabel('Code').fill(`broker-${unique}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search business types' }).fill(unique);
  await page.getByRole('button', { name: `Broker ${unique}` }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(`Customs broker ${unique}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Customs broker ${unique}` })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The record's history shows the rename just made, field by field, and who made it.
  await page.getByRole('button', { name: `Customs broker ${unique}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'History' }).click();
  const history = page.getByTestId('audit-history');
  await expect(history.locator('li').first()).toContainText('Admin Harbor changed it');
  await expect(history.locator('li').first().locator('tr[data-field="name"]')).toContainText(`Broker ${unique}`);
  await expect(history.locator('li').first().locator('tr[data-field="name"]')).toContainText(
    `Customs broker ${unique}`,
  );
  await expect(history).toContainText('Admin Harbor created it');
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await page.goto('/settings/receiving-locations');
  await page.getByRole('button', { name: 'Add receiving location' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name', { exact: true }).fill(`Waalhaven ${unique}`);
  await form.getByLabel('Code', { exact: true }).fill(`WH-${unique}`);
  await form.getByLabel('City').fill('Rotterdam');
  await form.getByRole('combobox', { name: 'Country' }).fill('netherl');
  await form.getByRole('option', { name: /Netherlands \(NL\)/ }).click();
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue(/Netherlands \(NL\)/);
  const port = form.getByRole('combobox', { name: /Nearest seaport/ });
  await port.fill('rtm');
  await expect(form.getByRole('option', { name: 'Rotterdam (NLRTM)' })).toBeVisible({ timeout: 20_000 });
  await port.press('Enter');
  await expect(port).toHaveValue('Rotterdam (NLRTM)');
  await expectNoSeriousViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search receiving locations' }).fill(unique);
  const row = page.getByRole('row').filter({ hasText: `Waalhaven ${unique}` });
  await expect(row).toContainText('NLRTM');
  await expect(row).toContainText('NL');
});

test('a picklist order kept after reload, and a rate change kept in the history', async ({ page }) => {
  await openSignedIn(page, HARBOR_ADMIN, '/settings/picklist');
  await page.getByRole('button', { name: /Shipment mode/ }).click();
  const options = page.getByTestId('picklist-options').locator('li');
  await expect(options.first()).toBeVisible();
  const before = await options.evaluateAll((items) => items.map((li) => li.getAttribute('data-value')));
  const last = before[before.length - 1]!;
  const lastLabel = (await options.last().locator('p').first().textContent()) ?? '';
  await page.getByRole('button', { name: `Move ${lastLabel} up` }).click();
  await expect(page.getByText('Order saved')).toBeVisible();
  const expected = [...before.slice(0, -2), last, before[before.length - 2]];
  await page.reload();
  await page.getByRole('button', { name: /Shipment mode/ }).click();
  await expect
    .poll(() => options.evaluateAll((items) => items.map((li) => li.getAttribute('data-value'))))
    .toEqual(expected);
  // Keyboard drag: the handle picks the option up with Space, moves it with the arrows, drops it with Space.
  const handle = page.getByRole('button', { name: `Drag to reorder ${lastLabel}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  // Moved one place down while held: its row is shifted by a positive offset.
  await expect(options.filter({ has: handle })).toHaveAttribute('style', /translate3d\(0px, [1-9]/);
  // Dropped only once the drag is over the next option, as its live region tells a screen-reader user: a Space
  // in the same frame as the arrow drops it over itself (a no-op), which a person never does.
  await expect(page.getByRole('status').filter({ hasText: /was moved over droppable area/ })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect
    .poll(() => options.evaluateAll((items) => items.map((li) => li.getAttribute('data-value'))))
    .toEqual(before);
  await expectNoSeriousViolations(page);

  await page.goto('/settings/currencies');
  await expect(page.getByRole('heading', { level: 2, name: 'Currencies' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  if ((await page.getByRole('button', { name: 'JPY', exact: true }).count()) === 0) {
    await page.getByRole('button', { name: 'Add currency' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Currency' }).fill('yen');
    await dialog.getByRole('option', { name: /JPY/ }).click();
    await dialog.getByLabel('Rate', { exact: true }).fill('0.0061');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByRole('button', { name: 'JPY', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const rate = `0.0061${(Date.now() % 9) + 1}`;
  await dialog.getByLabel('Rate', { exact: true }).fill(rate);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'JPY', exact: true }).click();
  const history = page.getByTestId('rate-history').locator('li');
  await expect(history.first()).toContainText(rate);
  expect(await history.count()).toBeGreaterThanOrEqual(2);
  await expectNoSeriousViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('searchbox', { name: 'Search ISO currencies' }).fill('franc');
  await expect(page.locator('tr[data-code="CHF"]')).toBeVisible();
});

test('each master-data screen opens offline with its data after one visit', async ({ page, context }) => {
  await openSignedIn(page, HARBOR_ADMIN, '/settings/business-types');
  const screens = [
    ['/settings/business-types', 'Business types', 'Shipper'],
    ['/settings/picklist', 'Picklists', 'Shipment mode'],
    ['/settings/currencies', 'Currencies', 'JPY'],
    ['/settings/receiving-locations', 'Receiving locations', 'Waalhaven'],
  ] as const;
  for (const [path, heading, text] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await context.setOffline(true);
  for (const [path, heading, text] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await context.setOffline(false);
});
