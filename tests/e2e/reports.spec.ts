import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { serviceUrl } from './product-address';
import { DEMO_ADMIN, HARBOR_ADMIN, signInThroughApi, signInThroughForm } from './session-helpers';

/**
 * Reports (issue 13): a contacts report built in the UI (columns chosen and ordered, two filters, a sort,
 * a chart by country), run with the right rows and the chart's bars, exported as CSV and XLSX (the files
 * read back), kept across a reload, refused offline, with its history; an audit report with its activity
 * per day, then deleted; and the sources a role without users may report on. Harbor's data, so that the
 * demo company's counts stay as the other specs expect.
 */
test.describe.configure({ timeout: 150_000 });

const CONTACTS = serviceUrl('contactserver');

/** Creates contacts through the API as Harbor's admin (the e2e access token lives 20 s: used at once). */
async function createContacts(request: APIRequestContext, contacts: { name: string; city: string; country: string }[]) {
  const { headers } = await signInThroughApi(request, HARBOR_ADMIN);
  for (const contact of contacts) {
    const created = await request.post(`${CONTACTS}/contacts`, { data: contact, headers });
    expect(created.status(), await created.text()).toBe(201);
  }
}

/** Opens /reports from the main navigation and makes a report of `source`; resolves on its builder. */
async function newReport(page: Page, name: string, source: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New report' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Source').selectOption({ label: source });
  await dialog.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/reports\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a contacts report: built, run, charted, exported and kept', async ({ page, context }) => {
  const stamp = `${Date.now()}`;
  const tag = `Rpt ${stamp}`;
  await createContacts(page.request, [
    { name: `${tag} Alpha`, city: 'Rotterdam', country: 'NL' },
    { name: `${tag} Bravo`, city: 'Hamburg', country: 'DE' },
    { name: `${tag} Charlie`, city: 'Amsterdam', country: 'NL' },
    { name: `${tag} Delta`, city: 'Le Havre', country: 'FR' },
    { name: `${tag} Echo`, city: 'Valencia', country: 'ES' },
  ]);
  await signInThroughForm(page, HARBOR_ADMIN);
  const name = `Europe ${stamp}`;
  await newReport(page, name, 'Contacts');

  // Columns: the source's defaults to start with; Name, City, Country in that order.
  const order = page.getByRole('list', { name: 'Column order' });
  await expect(order.getByRole('listitem')).toHaveText([/^1\.Name/, /^2\.Business types/, /^3\.E-mail/, /^4\.Country/]);
  const columns = page.getByRole('group', { name: 'Columns' });
  await columns.getByLabel('Business types').uncheck();
  await columns.getByLabel('E-mail').uncheck();
  await columns.getByLabel('City').check();
  await expect(order.getByRole('listitem')).toHaveText([/^1\.Name/, /^2\.Country/, /^3\.City/]);
  await page.getByRole('button', { name: 'Move City up' }).click();
  await expect(order.getByRole('listitem')).toHaveText([/^1\.Name/, /^2\.City/, /^3\.Country/]);

  // Filters: this run's contacts, not the Spanish one.
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect(page.getByLabel('Filter 1 condition')).toHaveValue('contains');
  await page.getByLabel('Filter 1 value').fill(tag);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByLabel('Filter 2 field').selectOption({ label: 'Country' });
  await page.getByLabel('Filter 2 condition').selectOption({ label: 'is empty' });
  await expect(page.getByLabel('Filter 2 value')).toHaveCount(0);
  await page.getByLabel('Filter 2 condition').selectOption({ label: 'is not' });
  await page.getByLabel('Filter 2 value').fill('ES');

  // Sort by name, Z to A; the chart counts by country.
  await page.getByLabel('Sort by').selectOption({ label: 'Name' });
  await page.getByLabel('Direction').selectOption({ label: 'Descending' });
  await page.getByLabel('Chart counts by').selectOption({ label: 'Country' });
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Run saves first, then shows the rows and the chart.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Report saved')).toBeVisible();
  await expect(page.getByTestId('report-total')).toHaveText('4 rows');
  const table = page.getByRole('table', { name: 'Report rows' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'City', 'Country']);
  await expect(table.locator('tbody tr')).toHaveText([
    `${tag} DeltaLe HavreFR`,
    `${tag} CharlieAmsterdamNL`,
    `${tag} BravoHamburgDE`,
    `${tag} AlphaRotterdamNL`,
  ]);
  const chart = page.getByRole('img', { name: 'Contacts by Country' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/^NL: 2, (DE: 1, FR: 1|FR: 1, DE: 1)$/);
  await expect(chart.locator('g[data-label="NL"]')).toHaveAttribute('data-count', '2');
  await expect(chart.locator('g[data-label]')).toHaveCount(3);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // CSV: every row, labelled as the report shows them.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(new RegExp(`^Europe-${stamp}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = readFileSync((await csvFile.path())!, 'utf8');
  expect(csv.startsWith('\ufeff')).toBe(true);
  expect(csv.slice(1).split('\r\n')).toEqual([
    'Name,City,Country',
    `${tag} Delta,Le Havre,FR`,
    `${tag} Charlie,Amsterdam,NL`,
    `${tag} Bravo,Hamburg,DE`,
    `${tag} Alpha,Rotterdam,NL`,
    '',
  ]);

  // XLSX: the same cells, read back with exceljs.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsxFile = await xlsxDownload;
  expect(xlsxFile.suggestedFilename()).toMatch(new RegExp(`^Europe-${stamp}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxFile.path())!);
  const sheet = workbook.worksheets[0]!;
  const values = sheet.getSheetValues().slice(1) as unknown[][];
  expect(values.map((row) => row.slice(1))).toEqual([
    ['Name', 'City', 'Country'],
    [`${tag} Delta`, 'Le Havre', 'FR'],
    [`${tag} Charlie`, 'Amsterdam', 'NL'],
    [`${tag} Bravo`, 'Hamburg', 'DE'],
    [`${tag} Alpha`, 'Rotterdam', 'NL'],
  ]);

  // Kept: the definition is there after a reload, and in the list.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(order.getByRole('listitem')).toHaveText([/^1\.Name/, /^2\.City/, /^3\.Country/]);
  await expect(page.getByLabel('Filter 1 value')).toHaveValue(tag);
  await expect(page.getByLabel('Filter 2 field')).toHaveValue('country');
  await expect(page.getByLabel('Filter 2 value')).toHaveValue('ES');
  await expect(page.getByLabel('Direction')).toHaveValue('desc');

  // Offline: running and exporting say they need a connection.
  await context.setOffline(true);
  await expect(page.getByText('Running and exporting a report need a connection.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();

  // Its history: created, then the builder's changes.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByTestId('audit-history');
  await expect(history.locator('li')).toHaveCount(2);
  await expect(history.locator('li').first().locator('tr[data-field="filters"]')).toContainText(tag);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: '← Reports' }).click();
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Contacts');
});

test('an audit report charts the activity per day, and is deleted', async ({ page }) => {
  const stamp = `${Date.now()}`;
  const today = new Date().toISOString().slice(0, 10);
  await signInThroughForm(page, HARBOR_ADMIN);
  const name = `Activity ${stamp}`;
  await newReport(page, name, 'Audit log');
  await expect(page.getByLabel('Chart counts by')).toHaveValue('createdAt');

  // Today's changes to reports: at least this one's creation.
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect(page.getByLabel('Filter 1 field')).toHaveValue('createdAt');
  await expect(page.getByLabel('Filter 1 condition')).toHaveValue('after');
  await expect(page.getByLabel('Filter 1 value')).toHaveAttribute('type', 'date');
  await page.getByLabel('Filter 1 value').fill(today);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByLabel('Filter 2 field').selectOption({ label: 'Record type' });
  await page.getByLabel('Filter 2 condition').selectOption({ label: 'is' });
  await page.getByLabel('Filter 2 value').fill('reportSketch');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  const total = page.getByTestId('report-total');
  await expect(total).toHaveText(/^\d+ rows?/);
  const count = Number((await total.textContent())!.match(/^(\d+)/)![1]);
  expect(count).toBeGreaterThanOrEqual(1);
  const table = page.getByRole('table', { name: 'Report rows' });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Record type']);
  await expect(table.locator('tbody tr').first()).toContainText('reportSketch.');
  const chart = page.getByRole('img', { name: 'Activity per day' });
  await expect(chart).toHaveAccessibleDescription(new RegExp(`^[^,]+: ${count}$`));
  await expect(chart.locator(`g[data-label="${today}"]`)).toHaveAttribute('data-count', String(count));

  // Deleted after a confirmation: gone from the list.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Delete report ${name}?` })
    .getByRole('button', { name: 'Delete report' })
    .click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByText(`No reports match “${name}”`)).toBeVisible();
});

test('a role without users may report on contacts, the audit log and shipments, not on users', async ({
  page,
  request,
}) => {
  // The admin's report on users: Operations sees it listed read-only, with the reason (issue 24).
  const usersReport = `Team list ${Date.now()}`;
  const { headers } = await signInThroughApi(request, DEMO_ADMIN);
  const made = await request.post(`${serviceUrl('reportserver')}/reportSketch`, {
    headers,
    data: { name: usersReport, source: 'users', columns: ['name'] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const reportId = ((await made.json()) as { data: { _id: string } }).data._id;

  await signInThroughForm(page, { emailId: 'ops@demo.test', password: 'Freight!2026' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('button', { name: 'New report' }).click();
  const dialog = page.getByRole('dialog', { name: 'New report' });
  await expect(dialog.getByLabel('Source').locator('option')).toHaveText(['Contacts', 'Audit log', 'Shipments']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox').fill(usersReport);
  await expect(page.locator('[data-report-not-allowed]')).toHaveText('Read-only: your role may not read “Users”.');
  await page.goto(`/reports/${reportId}`);
  await expect(page.getByTestId('report-not-allowed')).toContainText('Your role may not read “Users”');
  await expect(page.getByRole('button', { name: 'Run' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
});
