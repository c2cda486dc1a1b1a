import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { serviceUrl } from './product-address';
import { demoUser, openSignedIn, signInThroughForm } from './session-helpers';

/**
 * Mail templates (issue 11): the list by type, the editor with merge fields as chips and the server's live
 * preview, saving (audited), save as new; the company's next invitation mail uses the edited default
 * template; the mail dialog starts from a general template. Harbor's templates are edited, so that the
 * demo company's invitation mail (users-screen.spec.ts) stays as it is.
 */
test.describe.configure({ timeout: 150_000 });

const MAILBOX = `${serviceUrl('mailserver')}/dev/mailbox`;

const signIn = (page: Page, email: string) => signInThroughForm(page, demoUser(email));

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('edit the default invitation template → the next invitation mail uses it', async ({ page, request }) => {
  const stamp = `${Date.now()}`;
  await signIn(page, 'admin@harbor.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'Mail templates' })
    .click();
  const invitations = page.getByRole('region', { name: 'Invitation', exact: true });
  await expect(invitations.getByRole('listitem')).toHaveCount(2);
  await expect(invitations.getByRole('listitem').first()).toContainText('Default');
  await expectNoSeriousViolations(page);

  await invitations.getByRole('link', { name: 'Invitation', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/templates\/[0-9a-f-]{36}\/invitation$/);
  const form = page.getByRole('form', { name: 'Invitation' });
  const body = form.getByRole('textbox', { name: 'Message' });
  // The stored placeholders show as chips, with their labels.
  await expect(body.locator('[data-merge-field="invitedByName"]')).toHaveText('Invited by');
  await expect(body.locator('[data-merge-field="companyName"]')).toHaveText('Company name');
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText('Subject: Ada Admin invited you to Freight Desk');
  await expectNoSeriousViolations(page);

  // A field in the subject, typed at the cursor by its button, and a chip at the end of the message.
  const subject = form.getByLabel('Subject');
  await subject.fill(`Ahoy ${stamp} from `);
  await form.getByRole('button', { name: 'Insert Company name' }).click();
  await expect(subject).toHaveValue(`Ahoy ${stamp} from {{companyName}}`);
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Sent to ');
  await form.getByRole('button', { name: 'Insert Recipient e-mail' }).click();
  await expect(body.locator('[data-merge-field="recipientEmail"]')).toHaveText('Recipient e-mail');
  // The server renders the draft with sample values.
  await expect(preview).toContainText(`Subject: Ahoy ${stamp} from Demo Freight`);
  await expect(preview).toContainText('Sent to new.colleague@example.com');

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Template saved', { exact: true })).toBeVisible();

  // The change is in the template's history, field by field.
  await page.getByRole('button', { name: 'History' }).click();
  const latest = page.getByTestId('audit-history').locator('li').first();
  await expect(latest.locator('tr[data-field="subject"]')).toContainText(`Ahoy ${stamp} from {{companyName}}`);
  await page.keyboard.press('Escape');

  // Invite someone: the mail is the edited template, filled in.
  const email = `deckhand.${stamp}@harbor.test`;
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByLabel('First name').fill('Deck');
  await dialog.getByLabel('Last name').fill(`Hand ${stamp}`);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Operations' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  let mail: { subject: string; text: string; html: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`);
        mail = ((await response.json()) as { data: (typeof mail)[] }).data[0];
        return mail?.subject;
      },
      { timeout: 30_000 },
    )
    .toBe(`Ahoy ${stamp} from Harbor Logistics`);
  expect(mail!.text).toContain(`Sent to ${email}`);
  expect(mail!.text).toMatch(/Accept the invitation: https?:\/\/\S+\/account-reset\/confirm\?token=[\w-]+&invite=1/);
});

test('save as new template, then make it the default', async ({ page }) => {
  const stamp = `${Date.now()}`;
  await openSignedIn(page, demoUser('admin@harbor.test'), '/settings/templates');
  const general = page.getByRole('region', { name: 'General mail' });
  await general.getByRole('link', { name: 'General message', exact: true }).click();
  const form = page.getByRole('form', { name: 'General message' });
  await form.getByLabel('Subject').fill(`Weekly update ${stamp}`);
  await form.getByRole('button', { name: 'Save as new template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as a new template' });
  await dialog.getByLabel('Name').fill(`Weekly update ${stamp}`);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Save as new template' }).click();
  await expect(page.getByText('Template created', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Weekly update ${stamp}` })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/templates\/[0-9a-f-]{36}\/general$/);

  await page.getByRole('button', { name: 'Set as default' }).click();
  await expect(page.getByText(`Weekly update ${stamp} is now the default`)).toBeVisible();
  await expect(page.getByText('Default for this type')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The mail dialog starts from it, filled with what is known.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mail' }).click();
  const mail = page.getByRole('dialog', { name: 'Mail' });
  await mail.getByLabel('Start from a template').selectOption({ label: `Weekly update ${stamp}` });
  await expect(mail.getByLabel('Subject')).toHaveValue(`Weekly update ${stamp}`);
  await expect(mail.getByRole('textbox', { name: 'Message' })).toContainText('Harbor Logistics');
  await mail.getByRole('button', { name: 'Close' }).click();

  // The old default can be deleted no more than the new one could: make it the default again first.
  await page.goto('/settings/templates');
  await general.getByRole('link', { name: 'General message', exact: true }).click();
  await page.getByRole('button', { name: 'Set as default' }).click();
  await expect(page.getByText('General message is now the default')).toBeVisible();
});

test('a template URL of another type is the not-found message, not an editor', async ({ page }) => {
  await openSignedIn(page, demoUser('admin@harbor.test'), '/settings/templates');
  const href = await page
    .getByRole('region', { name: 'Invitation', exact: true })
    .getByRole('link')
    .first()
    .getAttribute('href');
  await page.goto(href!.replace(/invitation$/, 'general'));
  await expect(page.getByText(/There is no template .* of this type\./)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
});

test('Operations sees and edits the general templates only; a sign-in template is not allowed', async ({ page }) => {
  const templateCalls: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/mailserver/api/v1/templates')) templateCalls.push(`${response.status()}`);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, demoUser('ops@demo.test'), '/settings/templates');
  const general = page.getByRole('region', { name: 'General mail' });
  await expect(general.getByRole('listitem').first()).toBeVisible();
  for (const name of ['Invitation', 'Password reset', 'E-mail verification', 'Two-factor sign-in code'])
    await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
  await expect(page.getByText('The sign-in mail (invitations, password resets, verification, codes)')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The general template opens in the editor, editable.
  await general.getByRole('link', { name: 'General message', exact: true }).click();
  const form = page.getByRole('form', { name: 'General message' });
  await expect(form.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  // The editor (a lazy chunk) and the preview have had their answers, so none lands in the count below.
  await expect(form.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByTestId('template-preview')).toBeVisible();

  // A sign-in template's address is the not-allowed screen, and no template of it is asked for.
  const before = templateCalls.length;
  await page.goto('/settings/templates/00000000-0000-4000-8000-000000000001/password-reset');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  expect(templateCalls.slice(before)).toEqual([]);
  expect(templateCalls).not.toContain('403');
});
