/**
 * Warm reload to the signed-in dashboard (issue 4: measured and reported, no target): with a valid
 * session in the cookies, the service worker installed and controlling the page and the caches filled,
 * the time from `page.reload()` until the dashboard shows the signed-in user (the avatar button of the
 * main navigation showing "AD", the initials of Admin Demo). Median of 10.
 *
 * The web app has fixed API ports, so this runs the product on the standard ports (8080, 3000–3014),
 * under `flock /tmp/e2e.lock` like the e2e runs (see bench/browser-lib.ts).
 */
import {
  WEB_ORIGIN,
  launchChromium,
  lockHeld,
  signedInAvatar,
  signInWithCookies,
  startStandardProduct,
  underE2eLock,
  waitForWorkerControl,
} from './browser-lib.ts';
import { median, round, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

const RELOADS = 10;
const WARMUP_RELOADS = 2;

/** In the page: the time (performance.now()) once the avatar button shows "AD" and has a size, else false. */
function avatarShownAt(): number | false {
  const nav = document.querySelector('[aria-label="Main"]');
  const button = [...(nav?.querySelectorAll('button[aria-label="Account menu"]') ?? [])].find(
    (b) => b.textContent?.trim() === 'AD',
  );
  if (!button) return false;
  const box = button.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? performance.now() : false;
}

async function measure(): Promise<Figure[]> {
  const product = await startStandardProduct();
  try {
    const browser = await launchChromium();
    try {
      const version = browser.version();
      const context = await browser.newContext({ serviceWorkers: 'allow' });
      await signInWithCookies(context);
      const page = await context.newPage();
      await page.goto(`${WEB_ORIGIN}/dashboard`);
      await waitForWorkerControl(page);
      const avatar = signedInAvatar(page);
      await avatar.waitFor({ state: 'visible', timeout: 60_000 });

      const once = async () => {
        const started = performance.now();
        await page.reload({ waitUntil: 'commit' });
        // Checked on every animation frame (a locator's wait backs off to 500 ms between checks); answers the
        // page's own clock (ms since its navigation started) at the frame the avatar was found.
        const renderedAt = await page.waitForFunction(avatarShownAt, undefined, { polling: 'raf', timeout: 30_000 });
        const ms = performance.now() - started;
        const inPageMs = (await renderedAt.jsonValue()) as number;
        await avatar.waitFor({ state: 'visible', timeout: 5000 }); // the same condition, through Playwright's own rules
        const nav = await page.evaluate(() => {
          const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          return {
            controlled: Boolean(navigator.serviceWorker.controller),
            url: location.pathname,
            dcl: entry ? entry.domContentLoadedEventEnd : NaN,
            workerStart: entry ? entry.workerStart : NaN,
          };
        });
        return { ms, inPageMs, ...nav };
      };
      for (let i = 0; i < WARMUP_RELOADS; i++) await once();
      const samples = [];
      for (let i = 0; i < RELOADS; i++) samples.push(await once());
      await context.close();

      const times = samples.map((s) => s.ms);
      const inPage = samples.map((s) => s.inPageMs);
      const value = median(times);
      const controlled = samples.every((s) => s.controlled && s.workerStart > 0);
      const onDashboard = samples.every((s) => s.url === '/dashboard');
      if (!onDashboard) throw new Error(`a reload left /dashboard: ${samples.map((s) => s.url).join(', ')}`);
      return [
        {
          id: 'warm-reload.dashboard',
          title: 'Warm reload to the signed-in dashboard (median)',
          value: round(value),
          unit: 'ms',
          method:
            `Product: \`node scripts/start.mjs\` on the standard ports (the web app's API ports are fixed), PGlite in a ` +
            `new temporary DATA_DIR, under \`flock /tmp/e2e.lock\`. Debian Chromium ${version} (headless, /usr/bin/chromium, ` +
            `the flags of docs/field-notes.md) via playwright-core, one context signed in through the API (the four session cookies), ` +
            `/dashboard loaded and controlled by the service worker, then ${WARMUP_RELOADS} warm-up reloads. Each sample: ` +
            `wall time in node from calling \`page.reload()\` until the main navigation's "Account menu" button shows ` +
            `"AD" (the initials of Admin Demo, known only once the user is loaded; "?" before) with a non-zero box, ` +
            `checked in the page on every animation frame. Median of ${RELOADS}.`,
          notes: [
            `Samples (ms): ${times.map((t) => round(t)).join(', ')}; min ${round(Math.min(...times))}, max ${round(Math.max(...times))}.`,
            `In the page's own clock (from its navigation start to the frame the avatar was found): median ${round(median(inPage))} ms; ${inPage.map((t) => round(t)).join(', ')}.`,
            `In-page navigation timing: DOMContentLoaded at ${samples.map((s) => round(s.dcl)).join(', ')} ms after navigation start.`,
            `Service worker controlling every reloaded page (and serving the navigation, workerStart > 0): ${controlled}.`,
            'The wall time includes the Playwright round-trips (reload command, the frame-by-frame check), a few ms each.',
          ],
        },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await product.stop();
  }
}

export async function run(_ctx: BenchContext): Promise<Figure[]> {
  return lockHeld() ? measure() : underE2eLock('warm-reload');
}
