import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { serviceUrl } from './product-address';
import { HARBOR_ADMIN, openSignedIn, signInThroughApi } from './session-helpers';
import { CONTACTS, expectNothingBeyondTheEdge, SHIPMENTS, uniqueContainerNumber } from './shipment-helpers';

/**
 * The documents a shipment produces (issue 25, items 4 and 6), on a 390 px phone: a shipment that lacks
 * what the house bill needs says what is missing, in words, instead of downloading a broken file; a ready
 * one downloads its house bill as a PDF; "Send arrival notice" mails the consignee and the notify party,
 * and the mail arrives in the local mailbox with the shipment's containers and the sender's words.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const MAILBOX = `${serviceUrl('mailserver')}/dev/mailbox`;

async function harborCall(
  request: APIRequestContext,
  path: string,
  data: object,
): Promise<{ _id: string; number?: string }> {
  const { accessToken } = await signInThroughApi(request, HARBOR_ADMIN);
  const response = await request.post(path, { headers: { Authorization: `Bearer ${accessToken}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { _id: string; number?: string } }).data;
}

test('the house bill says what it misses or downloads as a PDF, and the arrival notice reaches both parties', async ({
  page,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const contact = (name: string, email = '') =>
    harborCall(request, `${CONTACTS}/contacts`, { name: `${name} ${stamp}`, email, typeIds: [] }).then((c) => c._id);
  const consigneeMail = `consignee-${stamp}@example.test`;
  const notifyMail = `notify-${stamp}@example.test`;
  const customerId = await contact('Paper Customer');
  const containerNumber = uniqueContainerNumber();
  const houseBill = `HB${stamp}`;
  const ready = await harborCall(request, `${SHIPMENTS}/shipments`, {
    mode: 'sea-fcl',
    customerId,
    shipperId: await contact('Paper Shipper'),
    consigneeId: await contact('Paper Consignee', consigneeMail),
    notifyPartyId: await contact('Paper Broker', notifyMail),
    origin: 'NLRTM',
    destination: 'USNYC',
    etd: '2026-12-02',
    eta: '2026-12-14',
    houseBillNumber: houseBill,
    vesselName: 'Maersk Essen',
    voyage: '412W',
    containers: [{ number: containerNumber, sizeType: '42G1', seals: ['SEAL-778899'] }],
    cargo: [{ description: 'Tulip bulbs', packages: 20, packageType: 'PX', grossWeightKg: 14_000, volumeM3: 50 }],
  });
  const unready = await harborCall(request, `${SHIPMENTS}/shipments`, {
    mode: 'sea-fcl',
    customerId,
    origin: 'NLRTM',
    destination: 'USNYC',
  });

  // Not ready: the list of what is missing, in words, and no file.
  await openSignedIn(page, HARBOR_ADMIN, `/shipments/${unready._id}`);
  const section = page.locator('[data-section="paperwork"]');
  await expect(section.getByRole('heading', { name: 'Documents to send' })).toBeVisible();
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await section.getByRole('button', { name: 'House bill (PDF)' }).tap();
  const missing = section.getByTestId('paperwork-missing');
  await expect(missing).toContainText('The house bill needs a few more details first:');
  for (const words of [
    'the house bill number',
    'the shipper',
    'the consignee',
    'the vessel',
    'at least one cargo line',
  ])
    await expect(missing.getByRole('listitem').filter({ hasText: words })).toHaveCount(1);
  await expect(missing).not.toContainText('houseBillNumber');
  expect(downloads).toBe(0);
  await expectNothingBeyondTheEdge(page);

  // Ready: a PDF, named after the bill and the shipment.
  await page.goto(`/shipments/${ready._id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'House bill (PDF)' }).tap(),
  ]);
  expect(download.suggestedFilename()).toBe(`house-bill-${houseBill}-${ready.number}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(section.getByTestId('paperwork-missing')).toHaveCount(0);

  // The arrival notice, mailed with the sender's words.
  await section.getByRole('button', { name: 'Send arrival notice' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Send the arrival notice' });
  await dialog.getByLabel('Your message').fill(`Collect at gate 4 ${stamp}`);
  await expectNothingBeyondTheEdge(page);
  await dialog.getByRole('button', { name: 'Send', exact: true }).tap();
  await expect(page.getByText(`Arrival notice sent to ${consigneeMail}, ${notifyMail}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  for (const to of [consigneeMail, notifyMail])
    await expect
      .poll(
        async () => {
          const response = await request.get(`${MAILBOX}?to=${encodeURIComponent(to)}`);
          const { data } = (await response.json()) as { data: Array<{ subject: string; html: string | null }> };
          return data.map((m) => ({ subject: m.subject, html: m.html ?? '' }));
        },
        { timeout: 30_000 },
      )
      .toEqual([
        {
          subject: `Arrival notice ${ready.number}: Maersk Essen, voyage 412W, ETA 2026-12-14`,
          html: expect.stringContaining(containerNumber) as unknown as string,
        },
      ]);
  const { data } = (await (await request.get(`${MAILBOX}?to=${encodeURIComponent(consigneeMail)}`)).json()) as {
    data: Array<{ html: string | null }>;
  };
  expect(data[0]?.html).toContain(`Collect at gate 4 ${stamp}`);
});
