import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { serviceUrl } from './product-address';
import {
  HARBOR_ADMIN,
  accessTokenExpiry,
  signInThroughApi,
  signInThroughForm,
  waitForAccessTokenExpiry,
  waitForWorkerControl,
  waitUntilExpired,
} from './session-helpers';

/**
 * The outbox (issue 12) against the real services, worker and browser: writes made offline land exactly
 * once after reconnecting (through a reload and an expired access token), conflicts are resolved both ways,
 * refused writes stay visible. Harbor's contacts, so the demo company's dashboard counts stay untouched.
 */
test.describe.configure({ timeout: 180_000 });

const CONTACTS = serviceUrl('contactserver');

interface Contact {
  _id: string;
  name: string;
  notes: string;
  version: number;
}

async function apiToken(request: APIRequestContext): Promise<string> {
  return (await signInThroughApi(request, HARBOR_ADMIN)).accessToken;
}

/** The services as another user of the company would call them (a fresh sign-in: tokens live 20 s here). */
function api(request: APIRequestContext) {
  let token: { value: string; at: number } | null = null;
  const auth = async () => {
    if (!token || Date.now() - token.at > 10_000) token = { value: await apiToken(request), at: Date.now() };
    return { Authorization: `Bearer ${token.value}` };
  };
  return {
    create: async (name: string): Promise<Contact> => {
      const response = await request.post(`${CONTACTS}/contacts`, {
        headers: await auth(),
        data: { name, typeIds: [] },
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: Contact }).data;
    },
    remove: async (id: string) => {
      const response = await request.delete(`${CONTACTS}/contacts/${id}`, { headers: await auth() });
      expect(response.ok(), await response.text()).toBe(true);
    },
    read: async (id: string): Promise<Contact> => {
      const response = await request.get(`${CONTACTS}/contacts/${id}`, { headers: await auth() });
      return ((await response.json()) as { data: Contact }).data;
    },
    update: async (id: string, body: Record<string, unknown>): Promise<Contact> => {
      const response = await request.patch(`${CONTACTS}/contacts/${id}`, { headers: await auth(), data: body });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: Contact }).data;
    },
    /** The contact's audit entries (newest first). */
    history: async (id: string): Promise<Array<{ action: string }>> => {
      const response = await request.get(
        `${serviceUrl('logserver')}/audit-history?entity=contact&entityId=${id}&limit=50`,
        { headers: await auth() },
      );
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: Array<{ action: string }> }).data;
    },
  };
}

async function signIn(page: Page) {
  await signInThroughForm(page, HARBOR_ADMIN);
  await waitForWorkerControl(page);
}

async function openContacts(page: Page, search: string) {
  await page.goto(`/contacts?search=${encodeURIComponent(search)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
}

async function editNotes(page: Page, name: string, notes: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
}

const indicator = (page: Page) => page.getByTestId('outbox-indicator');

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('an edit made offline survives a reload offline and lands exactly once, after the token expired', async ({
  page,
  context,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const server = api(request);
  const contact = await server.create(`Outbox Offline ${stamp}`);
  await signIn(page);
  await openContacts(page, contact.name);
  await expect(page.getByRole('button', { name: contact.name, exact: true })).toBeVisible();

  await goOffline(context, page);
  await editNotes(page, contact.name, 'Made on the quay');
  await expect(page.getByText('Saved on this device. It will be sent when the connection is back.')).toBeVisible();
  await expect(indicator(page)).toContainText('Offline · 1 waiting · as of');

  // A reload offline: the screen, its data and the waiting change are all still there.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(indicator(page)).toContainText('1 waiting');
  await page.getByRole('button', { name: contact.name, exact: true }).click();
  await expect(page.getByRole('dialog', { name: contact.name }).getByLabel('Notes')).toHaveValue('Made on the quay');
  await page.keyboard.press('Escape');
  // The dashboard says so too, offline.
  await page.goto('/dashboard');
  await expect(page.locator('[data-widget="outbox"]')).toContainText('1 change waiting to be sent');

  // The access token expires while offline; the replay renews it once and sends the write.
  await waitForAccessTokenExpiry(context);
  expect((await server.read(contact._id)).notes ?? '').toBe('');
  // The replayed write as the worker sends it: which access token it carries.
  const sentWith: string[] = [];
  await context.route(`${CONTACTS}/contacts/${contact._id}`, async (route) => {
    if (route.request().method() === 'PATCH') sentWith.push(route.request().headers()['authorization'] ?? '');
    await route.fallback();
  });
  const onlineAt = Math.floor(Date.now() / 1000);
  await context.setOffline(false);

  await expect.poll(async () => (await server.read(contact._id)).notes, { timeout: 30_000 }).toBe('Made on the quay');
  // A short note says what was sent (issue 24).
  await expect(page.getByText('1 change sent')).toBeVisible();
  await expect(indicator(page)).toHaveCount(0);
  await expect(page.locator('[data-widget="outbox"]')).toContainText('All changes saved');
  const stored = await server.read(contact._id);
  expect(stored.version).toBe(contact.version + 1);
  const updates = (await server.history(contact._id)).filter((entry) => entry.action === 'contact.update');
  expect(updates).toHaveLength(1);
  // It landed with a token issued after the connection came back (the expired one was renewed first).
  expect(sentWith.length).toBeGreaterThanOrEqual(1);
  const last = sentWith.at(-1)!.replace(/^Bearer /, '');
  const claims = JSON.parse(Buffer.from(last.split('.')[1]!, 'base64url').toString()) as { iat: number };
  expect(claims.iat).toBeGreaterThanOrEqual(onlineAt - 1);
});

test('a conflict is shown side by side and resolved both ways', async ({ page, context, request }) => {
  const stamp = `${Date.now()}`;
  const server = api(request);
  const mine = await server.create(`Outbox Keep Mine ${stamp}`);
  const theirs = await server.create(`Outbox Keep Theirs ${stamp}`);
  await signIn(page);
  await openContacts(page, `Outbox Keep`);
  await expect(page.getByRole('button', { name: mine.name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: theirs.name, exact: true })).toBeVisible();

  await goOffline(context, page);
  await editNotes(page, mine.name, 'Mine wins');
  await editNotes(page, theirs.name, 'Mine loses');
  await expect(indicator(page)).toContainText('2 waiting');
  // Meanwhile someone else saves both.
  await server.update(mine._id, { notes: 'Their first', version: mine.version });
  await server.update(theirs._id, { notes: 'Their second', version: theirs.version });
  await context.setOffline(false);

  await expect(indicator(page)).toContainText('2 need you', { timeout: 30_000 });
  await indicator(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Changes waiting' })).toBeVisible();
  const keep = page.getByRole('article', { name: `Change: ${mine.name}` });
  await expect(keep.getByText('Conflict')).toBeVisible();
  // What will change, in words: only the field the user edited (issue 24).
  await expect(keep.getByTestId('outbox-entry-summary')).toHaveText(`Contact ${mine.name}: notes → Mine wins`);
  await expect(keep.getByRole('row', { name: /notes/ })).toContainText('Their first');
  await expect(keep.getByRole('row', { name: /notes/ })).toContainText('Mine wins');
  await keep.getByRole('button', { name: 'Keep mine' }).click();
  await expect(keep).toHaveCount(0, { timeout: 15_000 });
  expect((await server.read(mine._id)).notes).toBe('Mine wins');

  const drop = page.getByRole('article', { name: `Change: ${theirs.name}` });
  await drop.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(drop).toHaveCount(0);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  expect((await server.read(theirs._id)).notes).toBe('Their second');
});

test('a write the server refuses is shown with its message, never dropped', async ({ page, context, request }) => {
  const stamp = `${Date.now()}`;
  const server = api(request);
  const contact = await server.create(`Outbox Refused ${stamp}`);
  await signIn(page);
  await openContacts(page, contact.name);
  await expect(page.getByRole('button', { name: contact.name, exact: true })).toBeVisible();

  await goOffline(context, page);
  await editNotes(page, contact.name, 'Will be refused');
  // The contact is deleted elsewhere before the edit arrives: 404.
  await server.remove(contact._id);
  await context.setOffline(false);

  await expect(page.getByRole('alert').filter({ hasText: `Not saved: ${contact.name}.` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(indicator(page)).toContainText('1 need you');
  await page.goto('/outbox');
  const entry = page.getByRole('article', { name: `Change: ${contact.name}` });
  await expect(entry.getByText('Failed')).toBeVisible();
  await expect(entry.getByRole('alert')).not.toBeEmpty();
  await entry.getByRole('button', { name: 'Discard' }).click();
  // Discarding cannot be taken back: it is asked first, and Cancel keeps the change.
  const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: 'Discard' }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
});

test('a change waiting in the outbox survives closing and reopening the browser', async ({ request }) => {
  const stamp = `${Date.now()}`;
  const server = api(request);
  const contact = await server.create(`Outbox Restart ${stamp}`);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'outbox-restart-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...config.use?.launchOptions,
      baseURL: config.use?.baseURL,
      serviceWorkers: 'allow',
    });
  try {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    await signIn(page);
    await openContacts(page, contact.name);
    await expect(page.getByRole('button', { name: contact.name, exact: true })).toBeVisible();
    await goOffline(first, page);
    await editNotes(page, contact.name, 'Kept across a restart');
    await expect(indicator(page)).toContainText('1 waiting');
    await first.close();

    // The browser starts again, online: the installed app sends what was waiting.
    const second = await launch();
    const again = second.pages()[0] ?? (await second.newPage());
    await again.goto('/dashboard');
    await expect
      .poll(async () => (await server.read(contact._id)).notes, { timeout: 30_000 })
      .toBe('Kept across a restart');
    await expect(again.locator('[data-widget="outbox"]')).toContainText('All changes saved');
    await second.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a change saved offline in the evening lands when the app opens online after the token expired', async ({
  request,
}) => {
  const stamp = `${Date.now()}`;
  const server = api(request);
  const contact = await server.create(`Outbox Overnight ${stamp}`);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'outbox-overnight-'));
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...config.use?.launchOptions,
      baseURL: config.use?.baseURL,
      serviceWorkers: 'allow',
    });
    // Without Background Sync: the replay must not depend on it.
    await context.addInitScript(() =>
      Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined }),
    );
    return context;
  };
  try {
    const evening = await launch();
    const page = evening.pages()[0] ?? (await evening.newPage());
    await signIn(page);
    await openContacts(page, contact.name);
    await expect(page.getByRole('button', { name: contact.name, exact: true })).toBeVisible();
    await goOffline(evening, page);
    await editNotes(page, contact.name, 'Saved in the evening');
    await expect(indicator(page)).toContainText('1 waiting');
    const expiresAt = await accessTokenExpiry(evening);
    await evening.close();

    // The night: the access token (20 s here, 4 h in production) expires while the browser is closed.
    await waitUntilExpired(expiresAt);

    // The morning: the app opens online, signed in, and sends the change with nobody touching anything.
    const morning = await launch();
    const again = morning.pages()[0] ?? (await morning.newPage());
    await again.goto('/dashboard');
    await expect
      .poll(async () => (await server.read(contact._id)).notes, { timeout: 30_000 })
      .toBe('Saved in the evening');
    await expect(again.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(again.locator('[data-widget="outbox"]')).toContainText('All changes saved');
    await morning.close();
  } finally {
    // Chromium may still be writing into the profile after closing: a temporary folder left behind is harmless,
    // and must not hide the test's own outcome.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      console.warn(`Could not remove ${profile}`);
    }
  }
});

test('app settings, a picklist order and a mail made offline wait in the outbox and land on reconnecting', async ({
  page,
  context,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const { headers } = await signInThroughApi(request, HARBOR_ADMIN);
  const IAM = serviceUrl('iamserver');
  const MASTER = serviceUrl('master');
  const DEFAULTS = {
    language: null,
    dateFormat: 'locale',
    numberFormat: 'locale',
    timeZone: null,
    theme: 'system',
    toasts: { notifications: true, mail: true },
  };
  expect((await request.put(`${IAM}/profile/preferences`, { headers, data: DEFAULTS })).ok()).toBe(true);
  // A picklist of this test's own, so the other picklist specs' orders stay theirs.
  const group = { module: 'home', name: `outbox_${stamp}`, label: `Outbox order ${stamp}` };
  expect((await request.post(`${MASTER}/dropdown-groups`, { headers, data: group })).status()).toBe(201);
  for (const label of ['Alpha', 'Bravo', 'Charlie']) {
    const data = { module: group.module, group: group.name, value: label.toLowerCase(), label };
    expect((await request.post(`${MASTER}/dropdown`, { headers, data })).status()).toBe(201);
  }
  const serverOrder = async () => {
    const response = await request.get(`${MASTER}/dropdown?module=home&group=${group.name}&sort=sortOrder&limit=10`, {
      headers: (await signInThroughApi(request, HARBOR_ADMIN)).headers,
    });
    return ((await response.json()) as { data: Array<{ label: string }> }).data.map((o) => o.label);
  };
  const mailbox = `${serviceUrl('mailserver')}/dev/mailbox?to=${encodeURIComponent(`quay-${stamp}@example.test`)}`;

  try {
    await signIn(page);
    await page.goto('/settings/picklist');
    await page.getByRole('button', { name: new RegExp(group.label) }).click();
    const options = page.getByTestId('picklist-options').locator('li');
    await expect(options).toHaveCount(3);
    await goOffline(context, page);

    // 1. The picklist order: shown at once, and kept (not undone by a failed refetch).
    await page.getByRole('button', { name: 'Move Charlie up' }).click();
    await expect(page.getByText('Saved on this device. It will be sent when the connection is back.')).toBeVisible();
    await expect(options).toHaveText([/Alpha/, /Charlie/, /Bravo/]);
    await expect(page.getByText('Order saved')).toHaveCount(0);

    // 2. App settings: they apply on this device at once.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'App settings' }).click();
    const settings = page.getByRole('dialog', { name: 'App settings' });
    await settings.getByLabel('Theme').selectOption('dark');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toHaveCount(0);
    await expect(page.locator('html')).toHaveClass(/dark/);

    // 3. A mail: attaching says it needs the connection; the message itself waits.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mail' }).click();
    const mail = page.getByRole('dialog', { name: 'Mail' });
    await expect(mail.getByLabel('Attachments')).toBeDisabled();
    await expect(mail.getByText('Attaching a file needs a connection.', { exact: false })).toBeVisible();
    await mail.getByLabel('To', { exact: true }).fill(`quay-${stamp}@example.test`);
    await mail.getByLabel('Subject').fill(`Seal photo ${stamp}`);
    await mail.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Seal 4711 checked at the gate.');
    await mail.getByRole('button', { name: 'Send' }).click();
    await expect(mail.getByLabel('Subject')).toHaveValue('');
    await mail.getByRole('button', { name: 'Close' }).click();

    // The outbox says what waits, in words.
    await expect(indicator(page)).toContainText('3 waiting');
    await page.goto('/outbox');
    await expect(page.getByRole('article', { name: `Change: New order of the picklist ${group.label}` })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Change: Your app settings/ })).toBeVisible();
    await expect(page.getByRole('article', { name: `Change: Mail · Seal photo ${stamp}` })).toBeVisible();
    expect(await serverOrder()).toEqual(['Alpha', 'Bravo', 'Charlie']);

    await context.setOffline(false);
    await expect(page.getByText('Nothing is waiting')).toBeVisible({ timeout: 30_000 });
    expect(await serverOrder()).toEqual(['Alpha', 'Charlie', 'Bravo']);
    const stored = await request.get(`${IAM}/profile/preferences`, {
      headers: (await signInThroughApi(request, HARBOR_ADMIN)).headers,
    });
    expect(((await stored.json()) as { data: { theme: string } }).data.theme).toBe('dark');
    // Sent once, though the page and the worker may both have tried.
    await expect
      .poll(
        async () =>
          ((await (await request.get(mailbox)).json()) as { data: Array<{ subject: string }> }).data.map(
            (m) => m.subject,
          ),
        { timeout: 30_000 },
      )
      .toEqual([`Seal photo ${stamp}`]);
  } finally {
    const { headers: again } = await signInThroughApi(request, HARBOR_ADMIN);
    await request.put(`${IAM}/profile/preferences`, { headers: again, data: DEFAULTS });
  }
});
