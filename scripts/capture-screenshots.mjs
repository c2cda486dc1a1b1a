#!/usr/bin/env node
// The pictures of the web app manifest (vite.config.ts), made with Debian's Chromium through Playwright:
//
// - public/icons/shortcut-{mail,notifications,settings}.png: the 96 px icons of the installed app's shortcuts,
//   the nav bar's own icons (src/app/icons.tsx) in white on the brand colour;
// - public/screenshots/dashboard-{wide,narrow}.png: the dashboard of a running product (`npm start`), signed
//   in as the demo admin, for the browser's install dialog (1280 × 800 and 412 × 915, as the manifest says).
//
// Run after a visible change to the dashboard or the icons: `npm start` in one terminal, then
// `node scripts/capture-screenshots.mjs`. FREIGHT_DESK_URL (default http://localhost:8080) points elsewhere.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseURL = process.env.FREIGHT_DESK_URL ?? 'http://localhost:8080';
const DEMO_ADMIN = { email: 'admin@demo.test', password: 'Freight!2026' };
const BRAND = '#1d4ed8';

/** Shortcut icon file → the nav bar icon it shows. */
const SHORTCUT_ICONS = { mail: 'mail', notifications: 'bell', settings: 'gear' };

/** The form factors of the manifest's screenshots, at one device pixel per CSS pixel. */
const SCREENS = [
  { file: 'dashboard-wide.png', viewport: { width: 1280, height: 800 }, isMobile: false },
  { file: 'dashboard-narrow.png', viewport: { width: 412, height: 915 }, isMobile: true },
];

/** The path data of src/app/icons.tsx, read from the source so the shortcut icons never drift from the bar. */
async function navBarIconPaths() {
  const source = await readFile(path.join(root, 'src/app/icons.tsx'), 'utf8');
  const paths = Object.fromEntries([...source.matchAll(/^\s+(\w+): '([^']+)',$/gm)].map((m) => [m[1], m[2]]));
  for (const name of Object.values(SHORTCUT_ICONS)) {
    if (!paths[name]) throw new Error(`src/app/icons.tsx has no path "${name}"`);
  }
  return paths;
}

async function renderShortcutIcons(browser) {
  const paths = await navBarIconPaths();
  const page = await browser.newPage({ viewport: { width: 96, height: 96 }, deviceScaleFactor: 1 });
  for (const [file, icon] of Object.entries(SHORTCUT_ICONS)) {
    // A rounded square like the app icon, the 24 px stroke icon scaled to 56 px in its middle.
    await page.setContent(`<!doctype html>
      <style>html, body { margin: 0; background: transparent; }</style>
      <svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
        <rect width="96" height="96" rx="18" fill="${BRAND}"/>
        <g transform="translate(20 20) scale(2.3333)" fill="none" stroke="#fff" stroke-width="2"
           stroke-linecap="round" stroke-linejoin="round"><path d="${paths[icon]}"/></g>
      </svg>`);
    const out = path.join(root, 'public/icons', `shortcut-${file}.png`);
    await page.screenshot({ path: out, omitBackground: true });
    console.log(`wrote ${path.relative(root, out)}`);
  }
  await page.close();
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/**
 * reportserver has no report resource yet (issue 13), so the dashboard's report count answers 404 and its
 * widget shows an error, which has no place in an install dialog. While the real call answers 404, the
 * count is the one a company without reports gets; once the resource exists, its own answer is shown.
 */
async function standInForMissingReports(context) {
  await context.route('**/reportserver/api/v1/reportSketch*', async (route) => {
    const response = await route.fetch();
    if (response.status() !== 404) return route.fulfill({ response });
    console.log('reportserver has no /reportSketch yet: the report count shows 0');
    return route.fulfill({
      response,
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: [], meta: { total: 0, page: 1, limit: 1 } }),
    });
  });
}

/** The dashboard with every widget's data in (no skeleton left), as a first visit after sign-in shows it. */
async function captureDashboard(browser, { file, viewport, isMobile }, storageState) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    isMobile,
    hasTouch: isMobile,
    locale: 'en-US',
    colorScheme: 'light',
    // Pictures of the page as the network serves it, not of an older precache.
    serviceWorkers: 'block',
    storageState,
  });
  await standInForMissingReports(context);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.locator('[data-widget]').first().waitFor();
  await page.locator('[data-widget] [aria-busy="true"]').first().waitFor({ state: 'detached' });
  const out = path.join(root, 'public/screenshots', file);
  await page.screenshot({ path: out, animations: 'disabled', caret: 'hide' });
  console.log(`wrote ${path.relative(root, out)} (${viewport.width}x${viewport.height})`);
  const state = await context.storageState();
  await context.close();
  return state;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  await renderShortcutIcons(browser);

  const reachable = await globalThis.fetch(baseURL).then(
    (response) => response.ok,
    () => false,
  );
  if (!reachable) throw new Error(`no product at ${baseURL}: start it with \`npm start\` first`);
  await mkdir(path.join(root, 'public/screenshots'), { recursive: true });
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page);
  let storageState = await context.storageState();
  await context.close();
  for (const screen of SCREENS) storageState = await captureDashboard(browser, screen, storageState);
} finally {
  await browser.close();
}
