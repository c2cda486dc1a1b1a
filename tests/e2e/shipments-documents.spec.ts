import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { HARBOR_ADMIN, openSignedIn, signInThroughApi } from './session-helpers';
import { expectNothingBeyondTheEdge, harborApi, SHIPMENTS } from './shipment-helpers';

/**
 * A shipment's documents (issue 25) as a field user makes them: on a 390 px phone with no connection,
 * "Add photo" takes a picture (a file chooser here) larger than 2,048 px; it is scaled in the browser, kept
 * in IndexedDB and shown as waiting to upload with its thumbnail; the outbox reports the space its files
 * take. Back online, the outbox uploads it and attaches it: it lands as a photo of the shipment, shown as a
 * thumbnail and downloadable.
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface ListedDocument {
  _id: string;
  type: string;
  fileName: string;
  contentType: string;
  size: number;
  fileId: string;
}

async function documentsOf(request: Parameters<typeof harborApi>[0], id: string): Promise<ListedDocument[]> {
  const { accessToken } = await signInThroughApi(request, HARBOR_ADMIN);
  const response = await request.get(`${SHIPMENTS}/shipments/${id}/documents`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: ListedDocument[] }).data;
}

/** A PNG of 3,000 × 2,000 px drawn in the page (a camera's picture stands in for it). */
async function largePng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(3000, 2000);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2b6cb0';
    context.fillRect(0, 0, 3000, 2000);
    context.fillStyle = '#f6e05e';
    context.fillRect(500, 500, 2000, 1000);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** The width and height of every file the outbox keeps on the device. */
async function queuedPictureSizes(page: Page): Promise<Array<{ width: number; height: number; type: string }>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('freight-desk-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const blobs = await new Promise<Blob[]>((resolve, reject) => {
      const all = db.transaction('entries').objectStore('entries').getAll();
      all.onsuccess = () => resolve((all.result as unknown[]).filter((value): value is Blob => value instanceof Blob));
      all.onerror = () => reject(all.error);
    });
    db.close();
    return Promise.all(
      blobs.map(async (blob) => {
        const bitmap = await createImageBitmap(blob);
        const size = { width: bitmap.width, height: bitmap.height, type: blob.type };
        bitmap.close();
        return size;
      }),
    );
  });
}

test('a photo taken offline waits with its thumbnail, then lands as a document once the connection returns', async ({
  page,
  context,
  request,
}) => {
  const stamp = `${Date.now()}`;
  const api = harborApi(request);
  const customerId = await api.customer(`Document Freight ${stamp}`);
  const shipment = await api.createShipment({ mode: 'sea-fcl', customerId, origin: 'NLRTM', destination: 'USNYC' });
  await openSignedIn(page, HARBOR_ADMIN, `/shipments/${shipment._id}`);
  const section = page.locator('[data-section="documents"]');
  await expect(section.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(section.getByText('No documents yet.', { exact: false })).toBeVisible();
  const picture = await largePng(page);

  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Add photo' }).tap();
  const fileChooser = await chooser;
  expect(await fileChooser.element().getAttribute('accept')).toBe('image/*');
  expect(await fileChooser.element().getAttribute('capture')).toBe('environment');
  await fileChooser.setFiles({ name: 'seal-MSKU.png', mimeType: 'image/png', buffer: picture });

  const waiting = section.locator('[data-testid="document"][data-state="waiting"]');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('Waiting to upload');
  await expect(waiting).toContainText('seal-MSKU.jpg');
  await expect(waiting.getByTestId('document-thumbnail')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  // Kept on the device as a JPEG of at most 2,048 px on its longer side.
  expect(await queuedPictureSizes(page)).toEqual([{ width: 2048, height: 1365, type: 'image/jpeg' }]);
  expect(await documentsOf(request, shipment._id)).toEqual([]);
  await expectNothingBeyondTheEdge(page);

  // Where the changes waiting are shown, the space the files waiting take.
  await page.getByTestId('outbox-indicator').first().click();
  await expect(page.getByTestId('outbox-upload-space')).toContainText(
    /Files waiting to be sent take \d+(\.\d)? MB of the 200 MB/,
  );
  await expect(page.getByTestId('outbox-entry-summary')).toContainText('to be uploaded');
  await page.goBack();
  await expect(section.locator('[data-testid="document"][data-state="waiting"]')).toHaveCount(1);

  await context.setOffline(false);
  await expect
    .poll(async () => (await documentsOf(request, shipment._id)).map((d) => `${d.type} ${d.contentType}`), {
      timeout: 60_000,
    })
    .toEqual(['photo image/jpeg']);
  const [landed] = await documentsOf(request, shipment._id);
  expect(landed!.fileName).toBe('seal-MSKU.jpg');

  const stored = section.locator('[data-testid="document"][data-state="stored"]');
  await expect(stored).toHaveCount(1, { timeout: 20_000 });
  await expect(section.locator('[data-testid="document"][data-state="waiting"]')).toHaveCount(0);
  await expect(stored).toContainText('Photo');
  await expect(stored.getByTestId('document-thumbnail')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  expect(await queuedPictureSizes(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await stored.getByRole('button', { name: 'Download seal-MSKU.jpg' }).tap();
  const file = await download;
  expect(file.suggestedFilename()).toBe('seal-MSKU.jpg');
  const bytes = await readFile((await file.path())!);
  expect(bytes.length).toBe(landed!.size);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await expectNothingBeyondTheEdge(page);
});
