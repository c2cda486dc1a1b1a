import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serviceUrl } from './product-address';
import { HARBOR_ADMIN, IAM, sessionHeadersOf, signInThroughForm } from './session-helpers';

const REPORTS = serviceUrl('reportserver');
const CONTACTS = serviceUrl('contactserver');

/**
 * The dashboard of issue 13: every widget shows the company's real data (plan and days left, the setup
 * checklist while `account_setup` is off, unread notifications, recent activity, counts, quick links);
 * then, after that one online visit, the page opens offline with the same figures and an "as of" time.
 * Signs in as Harbor Logistics' admin, whose data no other spec changes.
 */
const signIn = (page: Page) => signInThroughForm(page, HARBOR_ADMIN);

const widget = (page: Page, id: string) => page.locator(`[data-widget="${id}"]`);

test('each widget shows the company’s data, and the page opens offline with an "as of" time', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const headers = await sessionHeadersOf(context);

  const me = (await (await request.get(`${IAM}/users?search=admin%40harbor.test`, { headers })).json()) as {
    data: { _id: string; companyId: string }[];
  };
  const { _id: userId, companyId } = me.data[0]!;
  const users = (await (await request.get(`${IAM}/users?limit=1`, { headers })).json()) as { meta: { total: number } };
  // One saved report of its own, so the reports count is not just the empty state.
  const report = await request.post(`${REPORTS}/reportSketch`, {
    headers,
    data: { name: `Dashboard count ${Date.now()}`, source: 'contacts', columns: ['name'] },
  });
  expect(report.status()).toBe(201);
  const total = async (url: string, init?: { data: unknown }) =>
    (
      (
        await (init ? request.post(url, { headers, data: init.data }) : request.get(url, { headers }))
      ).json() as Promise<{
        meta: { total: number };
      }>
    ).then((answer) => answer.meta.total);
  const reports = await total(`${REPORTS}/reportSketch?limit=1`);
  const contacts = await total(`${CONTACTS}/contacts/paginate`, { data: { page: 1, limit: 1 } });
  expect(reports).toBeGreaterThan(0);

  // One unread notification, and one audited change: the setup checklist switched back on.
  const title = `Vessel MSC Aurora berthed ${Date.now()}`;
  expect(
    (await request.post(`${IAM}/notifications`, { headers, data: { title, body: 'Berth 7', userIds: [userId] } })).ok(),
  ).toBe(true);
  const company = (await (await request.get(`${IAM}/companies/${companyId}`, { headers })).json()) as {
    data: { version: number };
  };
  const patched = await request.patch(`${IAM}/companies/${companyId}`, {
    headers,
    data: { version: company.data.version, account_setup: false },
  });
  expect(patched.ok()).toBe(true);

  try {
    await page.reload();
    await expect(widget(page, 'plan')).toContainText(/\d+ days left, until/);
    await expect(widget(page, 'setup')).toContainText('of 4 done');
    await expect(widget(page, 'setup').locator('[data-step="team"]')).toBeVisible();
    await expect(widget(page, 'notifications')).toContainText(title);
    // Words, not codes (issue 24): the entry is a sentence.
    await expect(widget(page, 'activity')).toContainText('changed a company');
    await expect(widget(page, 'activity')).not.toContainText('company.update');
    // The badge says the plan's state; the count of days is said once, in the sentence below it.
    await expect(widget(page, 'plan').getByText('Active', { exact: true })).toBeVisible();
    await expect(widget(page, 'counts').locator('[data-count="users"] [data-value]')).toHaveAttribute(
      'data-value',
      String(users.meta.total),
    );
    for (const [count, value] of [
      ['reports', reports],
      ['contacts', contacts],
    ] as const) {
      await expect(widget(page, 'counts').locator(`[data-count="${count}"] [data-value]`)).toHaveAttribute(
        'data-value',
        String(value),
      );
    }
    await expect(widget(page, 'links').getByRole('link', { name: 'Company settings' })).toBeVisible();

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // The same figures with no connection, from the persisted cache, each marked with its time.
    await context.setOffline(true);
    await page.reload();
    await expect(widget(page, 'notifications')).toContainText(title);
    await expect(widget(page, 'notifications').locator('[data-as-of]')).toContainText('As of');
    await expect(widget(page, 'counts').locator('[data-count="users"] [data-value]')).toHaveAttribute(
      'data-value',
      String(users.meta.total),
    );
    await context.setOffline(false);
  } finally {
    await context.setOffline(false);
    const later = await sessionHeadersOf(context);
    const now = (await (await request.get(`${IAM}/companies/${companyId}`, { headers: later })).json()) as {
      data: { version: number };
    };
    await request.patch(`${IAM}/companies/${companyId}`, {
      headers: later,
      data: { version: now.data.version, account_setup: true },
    });
  }

  // Done: the checklist is gone.
  await page.reload();
  await expect(widget(page, 'plan')).toBeVisible();
  await expect(widget(page, 'setup')).toHaveCount(0);
});

test('a failing widget shows its own error and the rest of the page carries on', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await context.route(
    (url) => url.pathname.endsWith('/logserver/api/v1/audit'),
    (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"boom"}' }),
  );
  await page.reload();
  await expect(widget(page, 'activity').getByRole('alert')).toContainText('could not be loaded');
  await expect(widget(page, 'activity').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(widget(page, 'plan')).toContainText('days left');
  await expect(widget(page, 'links').getByRole('link', { name: 'Your profile' })).toBeVisible();
});
