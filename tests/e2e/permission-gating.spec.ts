/**
 * Issue 21 items 8 and 9, in a company of the spec's own (made through the app-admin API, so no other
 * spec's data changes): a role that may create and update but not delete sees Save and no Delete on
 * contacts and master data; a read-only role sees no Add and no Save, the record read-only; and with 101
 * tags and 101 business types the contacts screen offers every one of them, not the first 100.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { serviceUrl } from './product-address';
import { demoUser, IAM, openSignedIn, signInThroughApi, signInThroughForm, type Credentials } from './session-helpers';

// The machine that runs the specs is shared and often slow: a screen may take more than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const CONTACTS = serviceUrl('contactserver');
const MASTER = serviceUrl('master');
const MAILBOX = `${serviceUrl('mailserver')}/dev/mailbox`;
const SUPER_ADMIN = demoUser('support@freightdesk.test');

const stamp = Date.now().toString(36);
const PASSWORD = `Gate-${stamp}-Pass!`;
const admin = { emailId: `gate.admin.${stamp}@gating.test`, password: PASSWORD };
const editor = { emailId: `gate.editor.${stamp}@gating.test`, password: PASSWORD };
const reader = { emailId: `gate.reader.${stamp}@gating.test`, password: PASSWORD };
const contactName = `Gate Contact ${stamp}`;
const pad = (n: number) => String(n).padStart(3, '0');
const MANY = 101;

type Headers = Record<string, string>;

/** Fresh tokens for `user` (the e2e server's access tokens live 20 s, so each step signs in anew). */
async function headersOf(request: APIRequestContext, user: Credentials): Promise<Headers> {
  return (await signInThroughApi(request, user)).headers;
}

async function post(
  request: APIRequestContext,
  url: string,
  headers: Headers,
  data: unknown,
): Promise<{ _id: string }> {
  const response = await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data;
}

/** Follows the invitation mailed to `email` through the API: the invitee chooses `PASSWORD`. */
async function acceptInvitation(request: APIRequestContext, email: string): Promise<void> {
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`);
        const { data } = (await response.json()) as { data: { text: string }[] };
        const link = data.map((m) => m.text.match(/https?:\/\/\S+\/account-reset\/confirm\?\S+/)?.[0]).find(Boolean);
        token = link ? new URL(link).searchParams.get('token') : null;
        return token;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const accepted = await request.post(`${IAM}/auth/accept-invitation`, { data: { token, password: PASSWORD } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** `count` records made `batch` at a time, each batch with fresh tokens. */
async function createMany(
  request: APIRequestContext,
  url: string,
  count: number,
  body: (n: number) => unknown,
): Promise<void> {
  const batch = 20;
  for (let start = 1; start <= count; start += batch) {
    const headers = await headersOf(request, admin);
    const numbers = Array.from({ length: Math.min(batch, count - start + 1) }, (_, i) => start + i);
    await Promise.all(numbers.map((n) => post(request, url, headers, body(n))));
  }
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext();
  try {
    const support = await headersOf(request, SUPER_ADMIN);
    const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    await post(request, `${IAM}/app-admin/companies`, support, {
      name: `Gating Freight ${stamp}`,
      shortName: `GATE${stamp}`.slice(0, 20).toUpperCase(),
      expiryDate: expiry,
      admin: { email: admin.emailId, firstName: 'Gina', lastName: 'Gate' },
    });
    await acceptInvitation(request, admin.emailId);

    let headers = await headersOf(request, admin);
    const editorRole = await post(request, `${IAM}/roles`, headers, {
      name: `No delete ${stamp}`,
      permissions: { contacts: ['read', 'create', 'update'], masterData: ['read', 'create', 'update'] },
    });
    const readerRole = await post(request, `${IAM}/roles`, headers, {
      name: `Read only ${stamp}`,
      permissions: { contacts: ['read'], masterData: ['read'] },
    });
    await post(request, `${IAM}/users`, headers, {
      emailId: editor.emailId,
      firstName: 'Eddie',
      lastName: 'Editor',
      roleId: editorRole._id,
    });
    await post(request, `${IAM}/users`, headers, {
      emailId: reader.emailId,
      firstName: 'Rita',
      lastName: 'Reader',
      roleId: readerRole._id,
    });
    await acceptInvitation(request, editor.emailId);
    await acceptInvitation(request, reader.emailId);

    headers = await headersOf(request, admin);
    await post(request, `${CONTACTS}/contacts`, headers, { name: contactName });
    // More than one page of the services' largest (100): "Tag 101" and "Type 101" sort last.
    await createMany(request, `${CONTACTS}/contact-tags`, MANY, (n) => ({ name: `Tag ${pad(n)}` }));
    await createMany(request, `${MASTER}/type`, MANY, (n) => ({ name: `Type ${pad(n)}`, code: `T${pad(n)}` }));
  } finally {
    await request.dispose();
  }
});

async function openContact(page: Page) {
  await page.goto(`/contacts?search=${encodeURIComponent(contactName)}`);
  await page.getByRole('button', { name: contactName }).click();
  const dialog = page.getByRole('dialog', { name: contactName });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(contactName);
  return dialog;
}

async function openBusinessType(page: Page, name: string) {
  await page.goto(`/settings/business-types?search=${encodeURIComponent(name)}`);
  await page.getByRole('table', { name: 'Business types' }).getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  return dialog;
}

test('every tag and business type is offered, past the first 100', async ({ page }) => {
  await openSignedIn(page, admin, '/contacts');
  const tagFilter = page.getByLabel('Tag', { exact: true });
  const typeFilter = page.getByLabel('Business type', { exact: true });
  await expect(tagFilter.locator('option', { hasText: `Tag ${pad(MANY)}` })).toHaveCount(1);
  await expect(tagFilter.locator('option')).toHaveCount(MANY + 1);
  await expect(typeFilter.locator('option', { hasText: `Type ${pad(MANY)}` })).toHaveCount(1);

  // Filtering by the 101st tag works, and the contact dialog offers it too.
  await tagFilter.selectOption({ label: `Tag ${pad(MANY)}` });
  await expect(page).toHaveURL(/[?&]tag=/);
  await page.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  await expect(dialog.getByRole('checkbox', { name: `Tag ${pad(MANY)}` })).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: `Type ${pad(MANY)}` })).toHaveCount(1);
});

test('a role that may update but not delete sees Save and no Delete', async ({ page }) => {
  await signInThroughForm(page, editor);

  const contact = await openContact(page);
  await expect(contact.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(contact.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await contact.getByLabel('City').fill('Rotterdam');
  await contact.getByRole('button', { name: 'Save' }).click();
  await expect(contact).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: contactName })).toContainText('Rotterdam');
  await expect(page.getByRole('button', { name: 'Add contact' })).toBeVisible();

  const type = await openBusinessType(page, 'Type 001');
  await expect(type.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(type.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await type.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Add business type' })).toBeVisible();

  // A picklist option: Edit opens the dialog, which saves but does not delete.
  await page.goto('/settings/picklist');
  await page.getByTestId('picklist-options').getByRole('button', { name: 'Edit' }).first().click();
  const option = page.getByRole('dialog');
  await expect(option.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(option.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a read-only role sees no Add and no Save, and the record read-only', async ({ page }) => {
  await signInThroughForm(page, reader);

  await page.goto('/contacts');
  await expect(page.getByRole('table', { name: 'Contacts' })).toBeVisible();
  for (const action of ['Add contact', 'Import CSV']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Manage tags' })).toHaveCount(0);
  const contact = await openContact(page);
  await expect(contact.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(contact.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(contact.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await contact.getByRole('button', { name: 'Close' }).click();
  await expect(contact).toHaveCount(0);

  const type = await openBusinessType(page, 'Type 001');
  await expect(type.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(type.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(type.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add business type' })).toHaveCount(0);

  await page.goto('/settings/picklist');
  await expect(page.getByTestId('picklist-options').locator('li').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add option' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add group' })).toHaveCount(0);
  await expect(page.getByTestId('picklist-options').getByRole('button', { name: 'Edit' })).toHaveCount(0);
});
