import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { serviceUrl } from './product-address';
import { HARBOR_ADMIN, openSignedIn, sessionHeadersOf, signInThroughForm } from './session-helpers';

const CONTACTS = serviceUrl('contactserver');

/**
 * Contacts (issue 13): a tag made with its colour, a contact created with business types, a tag and a
 * country, found by search and by the tag filter, the duplicate warning on the same name, an edit that
 * persists, the filtered list exported as CSV, the change in its history, and a stale edit overwritten
 * from the version-conflict dialog. Every record it reads it creates first, with a unique stamp, so
 * it passes alone, in any order and beside other specs (the dashboard spec reads its counts live).
 */
test.describe.configure({ timeout: 150_000 });

test('create, tag, search, filter and edit a contact', async ({ page, context, request }) => {
  const stamp = `${Date.now()}`;
  const name = `Rotterdam Reefers ${stamp}`;
  await signInThroughForm(page, HARBOR_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();

  // A tag with its colour.
  await page.getByRole('link', { name: 'Manage tags' }).click();
  await expect(page).toHaveURL(/\/contacts\/tags$/);
  const tags = page.getByRole('region', { name: 'Contact tags' });
  await tags.getByLabel('Tag name').fill(`Reefer ${stamp}`);
  await tags.getByRole('button', { name: 'Add tag' }).click();
  await expect(tags.getByText(`Reefer ${stamp}`, { exact: true })).toBeVisible();
  await tags.getByRole('link', { name: 'Back to contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();

  // The contact.
  await page.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('group', { name: 'Business types' }).getByLabel('Consignee').check();
  await dialog.getByRole('group', { name: 'Business types' }).getByLabel('Shipper').check();
  await dialog.getByLabel('E-mail').fill('ops@reefers.example');
  await dialog.getByLabel('City').fill('Rotterdam');
  await dialog.getByRole('combobox', { name: 'Country' }).fill('nether');
  await page.getByRole('option', { name: /Netherlands \(NL\)/ }).click();
  await dialog.getByLabel('Tax id').fill(`NL${stamp}B01`);
  await dialog.getByRole('group', { name: 'Tags' }).getByLabel(`Reefer ${stamp}`).check();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // Found by search, with its types, country and tag.
  await page.getByRole('searchbox').fill(`Reefers ${stamp}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Consignee, Shipper');
  await expect(row).toContainText('NL');
  await expect(row).toContainText(`Reefer ${stamp}`);

  // The tag filter keeps it; another tag's filter would not.
  await page.getByRole('searchbox').fill('');
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: `Reefer ${stamp}` });
  await expect(page).toHaveURL(/tag=/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one contact

  // Export: the filtered list as CSV, types and tags by name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
  expect(csv[0]).toBe('Name,Business types,E-mail,Phone,Address,City,Country,Tax id,Tags,Notes');
  expect(csv[1]).toBe(`${name},Consignee; Shipper,ops@reefers.example,,,Rotterdam,NL,NL${stamp}B01,Reefer ${stamp},`);
  expect(csv).toHaveLength(2);
  await expect(page.getByText('1 contact exported')).toBeVisible();

  // The same name again: the form warns before saving.
  await page.getByRole('button', { name: 'Add contact' }).click();
  const again = page.getByRole('dialog', { name: 'New contact' });
  await again.getByLabel('Name').fill(name.toUpperCase());
  await expect(again.getByText(`A contact named ${name} already exists.`)).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // An edit persists and shows in the history.
  await page.getByRole('button', { name, exact: true }).click();
  const edit = page.getByRole('dialog', { name });
  await edit.getByLabel('Notes').fill('Reefer plugs at the terminal');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('dialog', { name }).getByLabel('Notes')).toHaveValue('Reefer plugs at the terminal');
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'History' }).click();
  await expect(page.getByTestId('audit-history').locator('li').first().locator('tr[data-field="notes"]')).toContainText(
    'Reefer plugs at the terminal',
  );

  // Someone else changes the contact while the dialog is open: "Overwrite with mine" saves this form over theirs.
  await page.reload();
  await page.getByRole('button', { name, exact: true }).click();
  const stale = page.getByRole('dialog', { name });
  await expect(stale.getByLabel('Notes')).toHaveValue('Reefer plugs at the terminal');
  const headers = await sessionHeadersOf(context);
  const found = (await (
    await request.post(`${CONTACTS}/contacts/paginate`, { headers, data: { search: `Reefers ${stamp}` } })
  ).json()) as { data: { _id: string; version: number }[] };
  const theirs = await request.patch(`${CONTACTS}/contacts/${found.data[0]!._id}`, {
    headers,
    data: { version: found.data[0]!.version, notes: 'Their note' },
  });
  expect(theirs.ok()).toBe(true);
  await stale.getByLabel('Notes').fill('My note');
  await stale.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('dialog', { name: 'This contact was changed meanwhile' });
  await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(stale).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('dialog', { name }).getByLabel('Notes')).toHaveValue('My note');
});

test('import contacts from CSV: every problem named first, then all rows at once', async ({ page }) => {
  const stamp = `${Date.now()}`;
  await openSignedIn(page, HARBOR_ADMIN, '/contacts');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
  const file = (lines: string[]) => ({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Name,Business types,E-mail,Country', ...lines].join('\r\n')),
  });

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      file([`Import A ${stamp},Shipper,a@example.com,NL`, `Import B ${stamp},Astronaut,not-mail,Netherlands`]),
    );
  const problems = dialog.getByRole('alert');
  await expect(problems).toContainText('2 problems: fix the file and choose it again.');
  await expect(problems).toContainText('Line 3, types: no business type "Astronaut"');
  await expect(problems).toContainText('Line 3, email:');
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      file([
        `Import A ${stamp},Shipper,a@example.com,NL`,
        `Import B ${stamp},Consignee; Agent,b@example.com,Netherlands`,
      ]),
    );
  await expect(dialog.getByText('2 contacts are ready to import.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'The first lines of the file' })).toContainText(`Import B ${stamp}`);
  await dialog.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByText('2 contacts imported')).toBeVisible();
  await page.getByRole('searchbox').fill(`Import B ${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: `Import B ${stamp}` })).toContainText('Agent, Consignee');
});
