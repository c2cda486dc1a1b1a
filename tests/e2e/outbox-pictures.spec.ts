import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, IAM, openSignedIn, signInThroughApi } from './session-helpers';

/**
 * Pictures through the outbox (issue 24 item 9): the demo admin changes their picture with no connection;
 * it shows at once from the device, in the profile and the avatar menu, marked as waiting; a second change
 * replaces the first (one entry waits, "Your picture" with its size); back online the outbox uploads it
 * and sets it, and the server holds the second picture. Removing it offline waits likewise. The company
 * logo shares the code: offline it shows and waits as "Company logo", and lands once the connection returns.
 */
test.describe.configure({ timeout: 180_000 });

interface Profile {
  _id: string;
  companyId: string;
  avatarFileId: string | null;
}

async function call<T>(request: APIRequestContext, path: string): Promise<T> {
  const { accessToken } = await signInThroughApi(request, DEMO_ADMIN);
  const response = await request.get(`${IAM}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The picture iamserver serves at `path`, as the colour of its centre pixel ("r,g,b"). */
async function servedColour(page: Page, request: APIRequestContext, path: string): Promise<string> {
  const { accessToken } = await signInThroughApi(request, DEMO_ADMIN);
  const response = await request.get(`${IAM}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  const base64 = (await response.body()).toString('base64');
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes]));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [r, g, b] = context.getImageData(bitmap.width / 2, bitmap.height / 2, 1, 1).data;
    // Rounded: a JPEG is not exact.
    return [r, g, b].map((v) => (v! > 128 ? 255 : 0)).join(',');
  }, base64);
}

/** A PNG of one colour drawn by the browser, so that it decodes, crops and scales it as a user's would be. */
async function png(page: Page, colour: string, width = 300, height = 200): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ fill, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = fill;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    { fill: colour, w: width, h: height },
  );
  return Buffer.from(base64, 'base64');
}

async function goOffline(page: Page) {
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

async function goOnline(page: Page) {
  await page.context().setOffline(false);
  await page.waitForFunction(() => navigator.onLine);
}

/** The outbox screen's one entry, through the nav bar's indicator (a client-side move: it works offline). */
async function outboxSummaries(page: Page): Promise<string[]> {
  await page.getByTestId('outbox-indicator').first().click();
  await expect(page.getByRole('heading', { name: 'Changes waiting' })).toBeVisible();
  await expect(page.getByTestId('outbox-entry-summary').first()).toBeVisible();
  const summaries = await page.getByTestId('outbox-entry-summary').allTextContents();
  await page.goBack();
  return summaries;
}

test('the avatar changed and removed offline shows at once and lands when the connection returns', async ({
  page,
  request,
}) => {
  await openSignedIn(page, DEMO_ADMIN, '/settings/profile');
  const me = await call<Profile>(request, '/profile');
  const red = await png(page, '#d01010');
  const blue = await png(page, '#1010d0');
  const picture = page.getByRole('img', { name: /^Picture of / });
  const waiting = page.getByTestId('picture-waiting');
  await expect(page.getByRole('button', { name: /^(Add a picture|Change picture)$/ })).toBeEnabled();

  await goOffline(page);
  // No longer online-only: the button stays enabled, with no note saying it needs the connection.
  await expect(page.getByRole('button', { name: /^(Add a picture|Change picture)$/ })).toBeEnabled();
  await expect(page.locator('[data-needs-connection="picture"]')).toHaveCount(0);
  await page.getByLabel('Picture file').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: red });
  await expect(page.getByText('Saved on this device', { exact: false }).first()).toBeVisible();
  await expect(waiting).toHaveText('Waiting to be sent');
  await expect(picture).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([256, 256]);
  const first = await picture.getAttribute('src');

  // A second change in a row: the last one wins, and only it waits.
  await page.getByLabel('Picture file').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: blue });
  await expect.poll(() => picture.getAttribute('src')).not.toBe(first);
  await expect(waiting).toHaveText('Waiting to be sent');
  const summaries = await outboxSummaries(page);
  expect(summaries).toHaveLength(1);
  expect(summaries[0]).toMatch(/^Your picture: to be uploaded \(\d+ (KB|B)\)$/);

  // The avatar menu shows it too, waiting.
  await expect(picture).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('group', { name: 'Account' });
  await expect(menu.getByRole('img')).toHaveAttribute('src', /^data:image\/jpeg/);
  await expect(menu.getByTestId('picture-waiting')).toHaveText('Waiting to be sent');
  await page.keyboard.press('Escape');
  expect((await call<Profile>(request, '/profile')).avatarFileId).toBe(me.avatarFileId);

  await goOnline(page);
  await expect
    .poll(async () => (await call<Profile>(request, '/profile')).avatarFileId, { timeout: 60_000 })
    .not.toBe(me.avatarFileId);
  // The server holds the second picture, and the screen shows it from there, no longer waiting.
  expect(await servedColour(page, request, `/users/${me._id}/avatar`)).toBe('0,0,255');
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });
  await expect(picture).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

  // Removed offline: the initials show at once, waiting; the server forgets the picture once back online.
  await goOffline(page);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await page
    .getByRole('dialog', { name: 'Remove your picture?' })
    .getByRole('button', { name: 'Remove picture' })
    .click();
  await expect(picture).toHaveCount(0);
  await expect(waiting).toHaveText('Waiting to be sent');
  await expect(page.getByRole('button', { name: 'Add a picture' })).toBeVisible();
  expect(await outboxSummaries(page)).toEqual(['Your picture: to be removed']);
  await goOnline(page);
  await expect
    .poll(async () => (await call<Profile>(request, '/profile')).avatarFileId, { timeout: 60_000 })
    .toBeNull();
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });
});

test('the company logo changed offline shows at once and lands when the connection returns', async ({
  page,
  request,
}) => {
  await openSignedIn(page, DEMO_ADMIN, '/settings/company');
  const me = await call<Profile>(request, '/profile');
  const companyPath = `/companies/${me.companyId}`;
  const before = (await call<{ logoFileId: string | null }>(request, companyPath)).logoFileId;
  const green = await png(page, '#10c010', 800, 200);
  const logo = page.getByRole('img', { name: /^Logo of / });
  const waiting = page.getByTestId('picture-waiting');
  await expect(page.getByRole('button', { name: /^(Add a logo|Change logo)$/ })).toBeVisible();

  await goOffline(page);
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: green });
  await expect(waiting).toHaveText('Waiting to be sent');
  await expect(logo).toHaveAttribute('src', /^data:image\/png;base64,/);
  // Scaled down to at most 512 px, as online.
  expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([512, 128]);
  const summaries = await outboxSummaries(page);
  expect(summaries).toHaveLength(1);
  expect(summaries[0]).toMatch(/^Company logo: to be uploaded \(\d+ (KB|B)\)$/);

  await goOnline(page);
  await expect
    .poll(async () => (await call<{ logoFileId: string | null }>(request, companyPath)).logoFileId, {
      timeout: 60_000,
    })
    .not.toBe(before);
  expect(await servedColour(page, request, `${companyPath}/logo`)).toBe('0,255,0');
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });

  // Put back as it was, online (at once, as before), so the other specs see the demo company unchanged.
  if (before === null) {
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the company logo?' })
      .getByRole('button', { name: 'Remove logo' })
      .click();
    await expect(page.getByText('Logo updated')).toBeVisible();
    expect((await call<{ logoFileId: string | null }>(request, companyPath)).logoFileId).toBeNull();
  }
});
