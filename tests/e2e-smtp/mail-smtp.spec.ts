import { expect, test } from '@playwright/test';

const SINK = 'http://127.0.0.1:2580/messages';

interface SinkMessage {
  from: string | null;
  to: string[];
  raw: string;
}

test('a mail sent from the dialog reaches a real SMTP server, with its attachment', async ({ page, request }) => {
  test.setTimeout(90_000);
  // With SMTP_URL set, the development mailbox does not exist (docs/api.md section 4).
  const mailbox = await request.get('http://localhost:3001/mailserver/api/v1/dev/mailbox?to=ops@demo.test');
  expect(mailbox.status()).toBe(404);

  await page.goto('/login');
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Password').fill('Freight!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail' });
  const subject = `Arrival notice ${Date.now()}`;
  await dialog.getByLabel('To', { exact: true }).fill('ops@demo.test');
  await dialog.getByLabel('Cc', { exact: true }).fill('customs@broker.example');
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Container MSCU7654321 arrives on Tuesday.');
  await dialog.getByLabel('Attachments').setInputFiles({
    name: 'arrival-notice.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('container,eta\nMSCU7654321,2026-11-24\n'),
  });
  await expect(dialog.getByText(/arrival-notice\.csv .*uploaded/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your message is on its way.')).toBeVisible();

  // The SMTP conversation delivered it: envelope, headers, body and the attachment.
  let message: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        const { data } = (await (await request.get(SINK)).json()) as { data: SinkMessage[] };
        message = data.find((m) => m.raw.includes(subject));
        return message !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(message!.to.sort()).toEqual(['customs@broker.example', 'ops@demo.test']);
  expect(message!.raw).toMatch(/^To: ops@demo\.test$/m);
  expect(message!.raw).toMatch(/^Cc: customs@broker\.example$/m);
  expect(message!.raw).toContain('arrival-notice.csv');
  expect(message!.raw).toContain('MSCU7654321');

  // And the sent list says so.
  const entry = dialog.getByRole('list', { name: 'Sent mail' }).getByRole('listitem').filter({ hasText: subject });
  await expect(entry.getByTestId('mail-status')).toHaveText('sent', { timeout: 30_000 });
});
