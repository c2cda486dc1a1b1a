import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { serviceUrl } from './product-address';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  demoUser,
  IAM,
  openSignedIn,
  sessionHeadersOf,
  signInThroughForm,
} from './session-helpers';

/**
 * The users screens of issue 9, driven the way an administrator uses them: invite → the mail → accept →
 * the invitee signs in → disabled on the screen → their next call is 401; the version-conflict dialog;
 * and a role without the users permission neither sees nor opens the screen.
 * Every sign-in here succeeds: failed sign-ins are throttled per address and would slow other specs.
 */
const PASSWORD = DEMO_PASSWORD;
const MAILBOX = `${serviceUrl('mailserver')}/dev/mailbox`;

const signIn = (page: Page, email: string, password = PASSWORD) =>
  signInThroughForm(page, { emailId: email, password });

/** The link of the newest invitation mail to `email`, once it has arrived in the local mailbox. */
async function invitationLink(request: APIRequestContext, email: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`);
        const { data } = (await response.json()) as { data: { subject: string; text: string }[] };
        const mail = data.find((m) => m.subject.includes('invited you to Freight Desk'));
        link = mail?.text.match(/https?:\/\/\S+\/account-reset\/confirm\?\S+/)?.[0];
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  return new URL(link!);
}

/** Opens /settings/users, searches for `email` and opens that user's profile. */
async function openUser(page: Page, email: string) {
  await page.goto('/settings/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page.getByRole('form', { name: 'Profile' })).toBeVisible();
}

test.describe('the users screens', () => {
  test('invite → mail → accept → sign in → disabled on the screen → the next call is 401', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const email = `invitee-${stamp}@demo.test`;
    const invitePassword = `Cargo-${stamp}-Harbour!`;

    // The admin invites a colleague on the screen.
    await signIn(page, DEMO_ADMIN.emailId);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel('First name').fill('Ivy');
    await dialog.getByLabel('Last name').fill(`Invitee ${stamp}`);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'Operations' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

    // The list finds them by search (kept in the URL, so a reload shows the same), invited, never signed in.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
    await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(stamp);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Operations');
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Never');

    // The invitation arrives; the invitee follows its link and chooses a password.
    const link = await invitationLink(request, email);
    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(`${link.pathname}${link.search}`);
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeVisible();
    await inviteePage.getByLabel('New password').fill(invitePassword);
    await inviteePage.getByLabel('Confirm password').fill(invitePassword);
    await inviteePage.getByRole('button', { name: 'Set password' }).click();
    await expect(inviteePage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // The new user signs in with it.
    await signIn(inviteePage, email, invitePassword);
    const headers = await sessionHeadersOf(invitee);
    expect((await request.get(`${IAM}/fetch-user`, { headers })).status()).toBe(200);

    // The admin sees the sign-in, then disables them on their profile.
    await openUser(page, email);
    await expect(page.getByTestId('last-sign-in')).not.toHaveText('Never');
    await page.getByRole('button', { name: 'Disable user' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable user' })).toBeVisible();
    await expect(page.locator('[data-status="disabled"]')).toBeVisible();

    // Their sessions ended: the next call with the tokens they hold is refused, and so is renewing them
    // (the access token may have run out meanwhile; the session, not its expiry, is what ends the renewal).
    const after = await request.get(`${IAM}/fetch-user`, { headers });
    expect(after.status()).toBe(401);
    const renewal = await request.get(`${IAM}/auth/token`, { headers });
    expect(renewal.status()).toBe(401);
    await invitee.close();
  });

  test('a stale save shows who changed the user; reload and overwrite both work', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const email = `conflict-${stamp}@demo.test`;
    const context = await browser.newContext();
    const first = await context.newPage();
    await signIn(first, DEMO_ADMIN.emailId);
    const headers = await sessionHeadersOf(context);
    const created = await request.post(`${IAM}/users`, {
      headers: { ...headers, 'Idempotency-Key': `conflict-${stamp}` },
      data: { emailId: email, firstName: 'Carla', lastName: 'Conflict' },
    });
    expect(created.status()).toBe(201);
    const { data: user } = (await created.json()) as { data: { _id: string } };

    const second = await context.newPage();
    await first.goto(`/settings/users/${user._id}`);
    await second.goto(`/settings/users/${user._id}`);
    await expect(first.getByLabel('First name')).toHaveValue('Carla');
    await expect(second.getByLabel('First name')).toHaveValue('Carla');

    // The first tab saves; the second, still on the old version, saves after it.
    await first.getByLabel('First name').fill('Carlotta');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Saved', { exact: true })).toBeVisible();

    await second.getByLabel('Last name').fill('Second-Tab');
    await second.getByRole('button', { name: 'Save' }).click();
    const conflict = second.getByRole('dialog', { name: 'This user was changed meanwhile' });
    await expect(conflict).toContainText('Admin Demo changed this user');

    // Reload shows the first tab's change; the second tab's edit is dropped.
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    await expect(conflict).toHaveCount(0);
    await expect(second.getByLabel('First name')).toHaveValue('Carlotta');
    await expect(second.getByLabel('Last name')).toHaveValue('Conflict');

    // Now the first tab is the stale one; it overwrites the second tab's save.
    await second.getByLabel('Display name').fill('Carlotta from tab two');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second.getByText('Saved', { exact: true })).toBeVisible();

    await first.getByLabel('Display name').fill('Carlotta from tab one');
    await first.getByRole('button', { name: 'Save' }).click();
    const again = first.getByRole('dialog', { name: 'This user was changed meanwhile' });
    await expect(again).toContainText('Admin Demo changed this user');
    await again.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(again).toHaveCount(0);

    const stored = await request.get(`${IAM}/users/${user._id}`, { headers: await sessionHeadersOf(context) });
    const { data } = (await stored.json()) as { data: { name: string; firstName: string } };
    expect(data).toMatchObject({ name: 'Carlotta from tab one', firstName: 'Carlotta' });
    await context.close();
  });

  test('the list says when nothing matches and when it is offline', async ({ page, context }) => {
    await openSignedIn(page, DEMO_ADMIN, '/settings/users?sort=-emailId');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('row').nth(1)).toContainText('unverified@demo.test');

    await page.getByRole('searchbox', { name: 'Search users' }).fill('no-such-colleague');
    await expect(page.getByText('No users match “no-such-colleague”')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'admin@demo.test' })).toHaveCount(1);

    await context.setOffline(true);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('ops');
    await expect(page.getByText(/You are offline/)).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('ops@');
    await expect(table.getByRole('row').filter({ hasText: 'ops@demo.test' })).toHaveCount(1);
    await expect(page.getByText(/You are offline/)).toHaveCount(0);
  });

  test('a role without the users permission sees no Users section and cannot open it', async ({ page }) => {
    await openSignedIn(page, demoUser('ops@demo.test'), '/settings/profile');
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(sections.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Users' })).toHaveCount(0);

    await page.goto('/settings/users');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);

    await page.goto('/settings/users/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  });
});
