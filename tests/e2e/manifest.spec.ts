import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithCookies } from './session-helpers';

/**
 * The installed app (issue 12): the web app manifest's identity, its shortcuts and its screenshots, as the
 * built app serves them. Every picture is fetched and measured, so a manifest that promises 96 × 96 and a
 * file that is not cannot ship; every shortcut is opened signed in, so one whose URL leads nowhere cannot.
 */
interface ImageResource {
  src: string;
  sizes: string;
  type?: string;
}

interface WebAppManifest {
  id?: string;
  start_url?: string;
  shortcuts?: { name: string; short_name?: string; url: string; icons?: ImageResource[] }[];
  screenshots?: (ImageResource & { form_factor?: 'wide' | 'narrow'; label?: string })[];
}

/** What each shortcut opens, found the way a user sees it. */
const SHORTCUT_SCREENS: Record<string, (page: Page) => Promise<void>> = {
  Mail: (page) => expect(page.getByRole('dialog', { name: 'Mail' })).toBeVisible(),
  Notifications: (page) => expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible(),
  Settings: (page) => expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(),
};

async function getManifest(request: APIRequestContext): Promise<WebAppManifest> {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  return (await response.json()) as WebAppManifest;
}

/** Width and height of a PNG, from its IHDR chunk (always first, right after the 8-byte signature). */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('latin1'), 'a PNG signature').toBe('PNG');
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

async function expectServedImage(request: APIRequestContext, image: ImageResource): Promise<void> {
  const response = await request.get(image.src);
  expect(response.status(), image.src).toBe(200);
  expect(image.type, image.src).toBe('image/png');
  expect(response.headers()['content-type'], image.src).toBe('image/png');
  expect(pngSize(await response.body()), `${image.src} is ${image.sizes}`).toBe(image.sizes);
}

test.describe('the web app manifest', () => {
  test('the installed app is identified by, and starts at, the dashboard', async ({ request }) => {
    const manifest = await getManifest(request);

    expect(manifest.id).toBe('/dashboard');
    expect(manifest.start_url).toBe('/dashboard');
  });

  test('shortcuts to mail, notifications and settings, each with a 96 px icon', async ({ request }) => {
    const { shortcuts = [] } = await getManifest(request);

    expect(shortcuts.map((s) => s.name)).toEqual(Object.keys(SHORTCUT_SCREENS));
    for (const shortcut of shortcuts) {
      expect(shortcut.short_name, shortcut.name).toBeTruthy();
      expect(shortcut.icons, shortcut.name).toHaveLength(1);
      for (const icon of shortcut.icons ?? []) {
        expect(icon.sizes).toBe('96x96');
        await expectServedImage(request, icon);
      }
    }
  });

  test('a wide and a narrow screenshot, labelled and of the declared size', async ({ request }) => {
    const { screenshots = [] } = await getManifest(request);

    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const screenshot of screenshots) {
      expect(screenshot.label, screenshot.src).toBeTruthy();
      await expectServedImage(request, screenshot);
    }
  });

  test('the worker precaches the shortcut icons but not the screenshots', async ({ request }) => {
    const manifest = await getManifest(request);
    const worker = await (await request.get('/sw.js')).text();

    for (const icon of manifest.shortcuts?.flatMap((s) => s.icons ?? []) ?? []) {
      expect(worker, icon.src).toContain(`"${icon.src.replace(/^\//, '')}"`);
    }
    for (const screenshot of manifest.screenshots ?? []) {
      expect(worker, screenshot.src).not.toContain(screenshot.src.replace(/^\//, ''));
    }
  });

  for (const [name, opened] of Object.entries(SHORTCUT_SCREENS)) {
    test(`the ${name} shortcut opens its screen for a signed-in user`, async ({ page, context, request }) => {
      const { shortcuts = [] } = await getManifest(request);
      const shortcut = shortcuts.find((s) => s.name === name);
      if (!shortcut) throw new Error(`the manifest has no shortcut "${name}"`);
      await signInWithCookies(context);

      await page.goto(shortcut.url);

      await opened(page);
    });
  }
});
