import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { HARBOR_ADMIN, openSignedIn } from './session-helpers';

/**
 * The reference-list screens of issue 10: /settings/oceanport, /settings/airport and /settings/countries
 * search as you type (case and accents ignored, an exact code first), the country filter combines with the
 * search, a row shows its details with a map link; after one online visit each opens and searches with no
 * connection; any other /settings/{port} is the not-found screen.
 */
test.describe.configure({ timeout: 120_000 });

const openAs = (page: Page, path: string) => openSignedIn(page, HARBOR_ADMIN, path);

const firstCodes = (page: Page, n: number) =>
  page
    .locator('[data-testid="place-rows"] button[data-code]')
    .evaluateAll((buttons, count) => buttons.slice(0, count).map((b) => b.getAttribute('data-code')), n);

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('ocean ports: search, country filter, details; then the same offline', async ({ page, context }) => {
  await openAs(page, '/settings/oceanport');
  await expect(page.getByRole('heading', { level: 2, name: 'Ocean ports' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });

  await search.fill('rtm');
  // The first answer waits for the whole list to arrive and be indexed (seconds on a busy 2-core machine).
  await expect.poll(() => firstCodes(page, 1), { timeout: 20_000 }).toEqual(['NLRTM']);
  await search.fill('sao paulo');
  await expect(page.locator('[data-testid="place-rows"] button[data-code]').first()).toContainText('São Paulo');
  await search.fill('koln');
  await expect(page.locator('button[data-code="DECGN"]')).toBeVisible();

  // Only the visible rows are in the page, out of some 17,000.
  await search.fill('');
  await expect
    .poll(async () => Number((await page.getByTestId('match-count').textContent())?.replace(/\D/g, '')))
    .toBeGreaterThan(15_000);
  expect(await page.locator('[data-testid="place-rows"] li').count()).toBeLessThan(60);

  // The country filter combines with the search.
  await page.getByRole('combobox', { name: 'Country' }).fill('nether');
  await page.getByRole('option', { name: /Netherlands \(NL\)/ }).click();
  await search.fill('ro');
  await expect.poll(() => firstCodes(page, 5).then((codes) => codes.every((c) => c?.startsWith('NL')))).toBe(true);
  await page.locator('button[data-code="NLRTM"]').click();
  const detail = page.getByTestId('place-detail');
  await expect(detail).toContainText('NLRTM');
  await expect(detail).toContainText('seaport');
  await expect(page.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=51\.\d+&mlon=4\.\d+/,
  );
  await expectNoSeriousViolations(page);

  await context.setOffline(true);
  await page.goto('/settings/oceanport');
  await expect(page.getByRole('heading', { level: 2, name: 'Ocean ports' })).toBeVisible();
  await expect(page.getByText(/Offline: the list as of/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('rotterdam');
  await expect.poll(() => firstCodes(page, 1)).toEqual(['NLRTM']);
  await page.getByRole('searchbox', { name: 'Search' }).fill('sao paulo');
  await expect(page.locator('[data-testid="place-rows"] button[data-code]').first()).toContainText('São Paulo');
  await context.setOffline(false);
});

test('airports and countries: search online and offline; an unknown list is not found', async ({ page, context }) => {
  await openAs(page, '/settings/airport');
  await expect(page.getByRole('heading', { level: 2, name: 'Airports' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('ams');
  await expect.poll(() => firstCodes(page, 1), { timeout: 20_000 }).toEqual(['AMS']);
  await expectNoSeriousViolations(page);

  await page.goto('/settings/countries');
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('espana');
  await expect(page.locator('tr[data-code="ES"]')).toContainText('ESP');
  await expect(page.locator('tr[data-code="ES"]')).toContainText('+34');
  await expect(page.locator('tr[data-code="ES"]')).toContainText('EUR');
  await expectNoSeriousViolations(page);

  await page.goto('/settings/seaports');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/settings/airport').catch(() => undefined);
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search' }).fill('schiphol');
  await expect.poll(() => firstCodes(page, 1)).toEqual(['AMS']);
  await page.goto('/settings/countries').catch(() => undefined);
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('nl');
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-code', 'NL');
  await context.setOffline(false);
});
