import { expect, test } from '@playwright/test';
import { serviceUrl } from './product-address';
import { DEMO_ADMIN, signInThroughForm } from './session-helpers';

const MAILBOX = `${serviceUrl('mailserver')}/dev/mailbox`;

test('an admin sends a mail with an attachment; it arrives in the local mailbox and is listed as sent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInThroughForm(page, DEMO_ADMIN);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail' });
  const subject = `Booking confirmation ${Date.now()}`;

  // Per-field address errors.
  await dialog.getByLabel('Cc', { exact: true }).fill('not-an-address');
  await dialog.getByLabel('Subject').click();
  await expect(dialog.getByText('Not a valid e-mail address: not-an-address')).toBeVisible();
  await dialog.getByLabel('Cc', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Enter at least one recipient.')).toBeVisible();

  await dialog.getByLabel('To', { exact: true }).fill('ops@demo.test');
  await dialog.getByLabel('Subject').fill(subject);
  const editor = dialog.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Container MSCU1234567');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' is booked.');
  await dialog.getByLabel('Attachments').setInputFiles({
    name: 'manifest.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('line 1\nline 2\n'),
  });
  await expect(dialog.getByText(/manifest\.txt .*uploaded/)).toBeVisible();

  // A double click sends once (one Idempotency-Key per compose).
  await dialog.getByRole('button', { name: 'Send' }).dblclick();
  await expect(page.getByText('Your message is on its way.')).toBeVisible();

  // The dialog shows the sent list; the delivery worker turns it to sent.
  const sent = dialog.getByRole('list', { name: 'Sent mail' });
  const entry = sent.getByRole('listitem').filter({ hasText: subject });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('mail-status')).toHaveText('sent', { timeout: 30_000 });
  await expect(entry).toContainText('1 attachment');

  // It is in ops' local mailbox, once, with the container number in bold.
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=ops@demo.test`);
        const { data } = (await response.json()) as { data: { subject: string; html: string | null }[] };
        return data.filter((m) => m.subject === subject).map((m) => m.html);
      },
      { timeout: 20_000 },
    )
    .toEqual([expect.stringMatching(/<(strong|b)>Container MSCU1234567<\/\1> is booked\./)]);
});

test('pasted HTML shows in the editor as the mail will carry it, and is sent so', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInThroughForm(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mail' });
  const subject = `Pasted rates ${Date.now()}`;
  await dialog.getByLabel('To', { exact: true }).fill('ops@demo.test');
  await dialog.getByLabel('Subject').fill(subject);

  const editor = dialog.getByRole('textbox', { name: 'Message' });
  await editor.click();
  // What a web page on the clipboard may hold: formatting to keep, and script to lose.
  await editor.evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<p>Rates <b>EUR 1,200</b> <span style="color: red; position: fixed">net</span></p>' +
        '<img src="x" onerror="window.__pasted = 1"><script>window.__pasted = 2</script>' +
        '<a href="javascript:window.__pasted = 3">terms</a> <a href="https://example.com/terms" onclick="x()">ok</a>',
    );
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  // Bold stays bold (the editor writes <strong>), the safe link stays a link, the text is all there.
  await expect(editor.locator('strong, b')).toHaveText('EUR 1,200');
  await expect(editor.getByRole('link', { name: 'ok' })).toHaveAttribute('href', 'https://example.com/terms');
  await expect(editor).toContainText('Rates EUR 1,200 net');
  await expect(editor).toContainText('terms');
  const shown = await editor.evaluate((element) => element.innerHTML);
  expect(shown).not.toMatch(/onerror|onclick|<script|javascript:|position/i);
  expect(await page.evaluate(() => (window as { __pasted?: number }).__pasted)).toBeUndefined();

  const sending = page.waitForRequest((r) => r.url().endsWith('/mailserver/api/v1/send') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const sentBody = ((await sending).postDataJSON() as { body: string }).body;
  expect(sentBody).toBe(shown);
  expect(sentBody).not.toMatch(/onerror|onclick|<script|javascript:|position/i);

  // The mail service's own sanitizer changes nothing in what the editor showed.
  await expect
    .poll(
      async () => {
        const response = await request.get(`${MAILBOX}?to=ops@demo.test`);
        const { data } = (await response.json()) as { data: { subject: string; html: string | null }[] };
        return data.find((m) => m.subject === subject)?.html?.replace(/\s*\/>/g, '>');
      },
      { timeout: 20_000 },
    )
    .toBe(shown);
});
