import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { serviceUrl } from './product-address';
import { HARBOR_ADMIN, signInThroughApi, signInThroughForm, waitForWorkerControl } from './session-helpers';

/**
 * The outbox across the app's life cycle (issue 12): a new build's worker waits while writes wait, and
 * takes over (reloading the page) once they landed; signing out with waiting changes names them first,
 * then purges, in every tab, the caches, the user's outbox and Cache Storage's API entries, keeping the shell.
 */
test.describe.configure({ timeout: 180_000 });

const CONTACTS = serviceUrl('contactserver');

async function createContact(context: BrowserContext, name: string): Promise<string> {
  const { accessToken: token } = await signInThroughApi(context.request, HARBOR_ADMIN);
  const response = await context.request.post(`${CONTACTS}/contacts`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, typeIds: [] },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function signIn(page: Page) {
  await signInThroughForm(page, HARBOR_ADMIN);
  await waitForWorkerControl(page);
}

async function queueOfflineEdit(page: Page, context: BrowserContext, name: string, notes: string) {
  await page.goto(`/contacts?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('outbox-indicator')).toContainText('1 waiting');
}

/** The outbox entries in IndexedDB, whoever they belong to. */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('freight-desk-outbox');
        open.onerror = () => reject(new Error('no outbox database'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(0);
          // Entries only: the store also keeps what replays learned about records (`chain:` keys).
          const all = db.transaction('entries').objectStore('entries').getAllKeys();
          all.onsuccess = () => resolve(all.result.filter((key) => !String(key).startsWith('chain:')).length);
        };
      }),
  );
}

test('a new version waits while changes wait, and takes over once they landed', async ({ page, context }) => {
  const name = `Outbox Update ${Date.now()}`;
  const id = await createContact(context, name);
  await signIn(page);
  await queueOfflineEdit(page, context, name, 'Before the update');

  // Back online, but the write's calls still fail on the network: it stays in the outbox.
  await context.route(`${CONTACTS}/contacts/${id}`, (route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await context.setOffline(false);
  // A new build's worker arrives: the real script under another URL (the browser's byte-for-byte update
  // check of /sw.js cannot be intercepted), installed beside the one in control, so it waits.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-build', { scope: '/' }));
  const prompt = page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Reload to update' }) });
  await expect(prompt).toContainText('A new version of Freight Desk is ready. 1 waiting.', { timeout: 30_000 });
  await prompt.getByRole('button', { name: 'Reload to update' }).click();
  await expect(prompt).toContainText('Sending 1 waiting changes first');

  // The worker refuses to take over while the write waits, even when asked directly.
  await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage({ type: 'SKIP_WAITING' }),
  );
  await page.waitForTimeout(2_000);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
    true,
  );
  expect(await outboxSize(page)).toBe(1);

  // The network heals: the write lands, then the new worker takes over and the page reloads onto it.
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  // (the replay's back-off sends it again within seconds)
  await context.unroute(`${CONTACTS}/contacts/${id}`);
  await reloaded;
  // The page now runs under the new build's worker, and nothing was lost on the way.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js\?next-build$/);
  expect(await outboxSize(page)).toBe(0);
});

test('signing out with a waiting change names it, then purges every tab', async ({ page, context }) => {
  const name = `Outbox Logout ${Date.now()}`;
  await createContact(context, name);
  await signIn(page);
  const other = await context.newPage();
  await other.goto('/contacts');
  await expect(other.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await queueOfflineEdit(page, context, name, 'Never sent');
  // Something in Cache Storage besides the precache, as a runtime cache of API answers would be.
  await page.evaluate(async () => (await caches.open('api-answers')).put('/probe', new Response('x')));

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const warning = page.getByRole('dialog', { name: '1 changes have not reached the server' });
  await expect(warning.getByRole('listitem')).toHaveText([`${name} (contacts)`]);
  await warning.getByRole('button', { name: 'Sign out and discard them' }).click();

  // The sign-in screen shows as soon as the state says signed out; the purge finishes a moment later.
  for (const tab of [page, other]) {
    await expect(tab.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() =>
        tab.evaluate(async () => ({
          cached: Object.keys(sessionStorage).filter((key) => key.startsWith('freight-desk:query-cache')),
          apiCaches: (await caches.keys()).filter((cache) => !cache.startsWith('workbox-precache')),
          precached: (await caches.keys()).some((cache) => cache.startsWith('workbox-precache')),
        })),
      )
      .toEqual({ cached: [], apiCaches: [], precached: true });
  }
  await expect.poll(() => outboxSize(page)).toBe(0);
  // The shell still opens offline.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
});
