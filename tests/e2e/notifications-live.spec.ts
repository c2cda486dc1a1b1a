import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoUser, IAM, signInThroughForm, waitForWorkerControl } from './session-helpers';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, demoUser(email));
  return page;
}

/** POST /notifications from inside A's page: the service worker adds (and refreshes) A's tokens. */
async function sendFromPage(page: Page, title: string): Promise<number> {
  return page.evaluate(
    async ({ url, title }) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ title, body: 'Sent by the live notifications spec' }),
        })
      ).status,
    { url: `${IAM}/notifications`, title },
  );
}

test('a general notification reaches another signed-in user live, and the badge reads 9+ above nine', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, 'admin@demo.test');
  const ops = await signedInPage(browser, 'ops@demo.test');
  const opsNav = ops.getByRole('navigation', { name: 'Main' });
  const badge = ops.getByTestId('notification-badge');

  // Start from nothing unread (other specs may have notified ops): opening the dialog marks all loaded.
  await opsNav.getByRole('button', { name: /^Notifications/ }).click();
  await expect(ops.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expect(badge).toHaveCount(0);
  await ops.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // Ops may not send: no form.
  await expect(ops.getByRole('heading', { name: 'Send notification' })).toHaveCount(0);

  // The admin sends one through the dialog's form.
  const title = `Gate closes early ${Date.now()}`;
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Notifications/ })
    .click();
  const adminDialog = admin.getByRole('dialog', { name: 'Notifications' });
  await adminDialog.getByLabel('Title').fill(title);
  await adminDialog.getByLabel('Message').fill('Terminal 3 closes at 16:00 today.');
  await adminDialog.getByRole('button', { name: 'Send notification' }).click();
  await expect(admin.getByText(/Notification sent to \d+ users?\./)).toBeVisible();

  // B sees it without a reload, within a few seconds.
  await expect(badge).toHaveText('1', { timeout: 5000 });

  // Ten more through the API from A's page (tokens refreshed by the worker as they expire).
  await waitForWorkerControl(admin);
  for (let i = 1; i <= 10; i++) expect(await sendFromPage(admin, `${title} #${i}`)).toBe(201);
  await expect(badge).toHaveText('9+', { timeout: 10_000 });

  // Opening the dialog lists them newest first and clears the badge.
  await opsNav.getByRole('button', { name: /^Notifications/ }).click();
  const list = ops.getByRole('dialog', { name: 'Notifications' }).getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toContainText(`${title} #10`);
  await expect(list).toContainText('Terminal 3 closes at 16:00 today.');
  await expect(badge).toHaveCount(0);
  // And it stays cleared after a reload (the server agrees).
  await ops.reload();
  await expect(opsNav).toBeVisible();
  await ops.waitForTimeout(1500);
  await expect(badge).toHaveCount(0);

  // Offline, opening the bell still marks what is new as read (the marks wait in the outbox, quietly):
  // the badge clears at once, and the server agrees once the connection is back.
  await waitForWorkerControl(ops);
  expect(await sendFromPage(admin, `${title} while ops is on the quay`)).toBe(201);
  await expect(badge).toHaveText('1', { timeout: 10_000 });
  await ops.context().setOffline(true);
  await ops.waitForFunction(() => !navigator.onLine);
  await opsNav.getByRole('button', { name: /^Notifications/ }).click();
  await expect(ops.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expect(badge).toHaveCount(0);
  await expect(ops.getByText('Saved on this device.', { exact: false })).toHaveCount(0);
  await ops.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await ops.context().setOffline(false);
  await expect
    .poll(
      () =>
        ops.evaluate(
          async (url) => ((await (await fetch(url)).json()) as { meta: { unread: number } }).meta.unread,
          `${IAM}/notifications?limit=1`,
        ),
      { timeout: 30_000 },
    )
    .toBe(0);
});
