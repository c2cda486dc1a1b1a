import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demoUser, openSignedIn } from './session-helpers';

/**
 * The own profile of a role without the users permission (issue 11): names and phone saved and still
 * there after a reload; a picture chosen, cropped to a square, uploaded and shown; removed again at the
 * end, so the other specs see ops as before.
 */
test.describe.configure({ timeout: 120_000 });

test('ops edits their own phone and picture', async ({ page }) => {
  await openSignedIn(page, demoUser('ops@demo.test'), '/settings/profile');

  const form = page.getByRole('form', { name: 'Profile' });
  const phone = `+31 10 ${Date.now() % 1_000_000}`;
  await form.getByLabel('Phone').fill('call me');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('digits, spaces and + ( ) - . / only')).toBeVisible();
  await form.getByLabel('Phone').fill(phone);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // A real 300 × 200 PNG, drawn by the browser, so that it decodes and crops it.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c02020';
    context.fillRect(0, 0, 300, 200);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page
    .getByLabel('Picture file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(page.getByText('Picture updated')).toBeVisible();
  const picture = page.getByRole('img', { name: /^Picture of / });
  await expect(picture).toBeVisible();
  // Cropped to a square and stored as a JPEG.
  expect(await picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([256, 256]);
  expect(await picture.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);

  // The avatar menu shows it too.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('group', { name: 'Account' }).getByRole('img')).toHaveAttribute(
    'src',
    /^data:image\/jpeg/,
  );
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(form.getByLabel('Phone')).toHaveValue(phone);
  await expect(picture).toBeVisible();
  // The language, from the profile itself; put back at once, since the other specs read ops in English.
  const zone = page.getByRole('form', { name: 'Language and time zone' });
  await zone.getByLabel('Language').selectOption('es');
  await zone.getByRole('button', { name: 'Save' }).click();
  const zona = page.getByRole('form', { name: 'Idioma y zona horaria' });
  await expect(zona).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
  await zona.getByLabel('Idioma').selectOption('');
  await zona.getByRole('button', { name: 'Guardar' }).click();
  await expect(zone).toBeVisible();

  await page.getByRole('button', { name: 'Remove picture' }).click();
  // Asked first: removing cannot be taken back.
  await page
    .getByRole('dialog', { name: 'Remove your picture?' })
    .getByRole('button', { name: 'Remove picture' })
    .click();
  await expect(picture).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a picture' })).toBeVisible();
});
