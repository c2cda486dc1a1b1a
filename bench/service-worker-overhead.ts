/**
 * The cost of the service worker on API calls (issue 4): 200 sequential `fetch` calls to
 * `GET /iamserver/api/v1/fetch-user` from the page, through the service worker (which reads the tokens
 * from the cookies and attaches `Authorization`/`X-Refresh-Token` itself), against the same 200 calls in
 * a second browser context with `serviceWorkers: 'block'` where the page sets the two headers itself.
 * Several rounds, alternating which context goes first; the figure is the ratio of the total times.
 *
 * The web app has fixed API ports, so this runs the product on the standard ports (8080, 3000–3014),
 * under `flock /tmp/e2e.lock` like the e2e runs (see bench/browser-lib.ts).
 */
import os from 'node:os';
import type { Page } from 'playwright-core';
import {
  IAM_BROWSER,
  WEB_ORIGIN,
  launchChromium,
  lockHeld,
  signedInAvatar,
  signInWithCookies,
  startStandardProduct,
  underE2eLock,
  waitForWorkerControl,
  type Tokens,
} from './browser-lib.ts';
import { median, round, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

const CALLS = 200;
const ROUNDS = 5;
const WARMUP_CALLS = 20;
const TARGET_RATIO = 1.1;

interface Batch {
  totalMs: number;
  times: number[];
  statuses: Record<string, number>;
}

/** `n` sequential fetches from the page; with `tokens`, the page sets the two headers itself. */
function batch(page: Page, n: number, tokens: Tokens | null): Promise<Batch> {
  return page.evaluate(
    async ({ url, n, headers }) => {
      const times: number[] = [];
      const statuses: Record<string, number> = {};
      const started = performance.now();
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        let status = 'error';
        try {
          const res = await fetch(url, headers ? { headers } : undefined);
          await res.arrayBuffer();
          status = String(res.status);
        } catch {
          // counted as 'error'
        }
        times.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      return { totalMs: performance.now() - started, times, statuses };
    },
    {
      url: `${IAM_BROWSER}/fetch-user`,
      n,
      headers: tokens
        ? { Authorization: `Bearer ${tokens.accessToken}`, 'X-Refresh-Token': `Bearer ${tokens.refreshToken}` }
        : null,
    },
  );
}

const allOk = (b: Batch) => b.statuses['200'] === b.times.length;
const fmt = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ');

async function measure(): Promise<Figure[]> {
  const product = await startStandardProduct();
  try {
    const browser = await launchChromium();
    try {
      const version = browser.version();
      // Context A: the service worker controls the page and adds the headers.
      const withSw = await browser.newContext({ serviceWorkers: 'allow' });
      await signInWithCookies(withSw);
      const swPage = await withSw.newPage();
      await swPage.goto(`${WEB_ORIGIN}/dashboard`);
      await waitForWorkerControl(swPage);
      await signedInAvatar(swPage).waitFor({ state: 'visible', timeout: 60_000 });

      // Context B: no service worker; the page sends the headers itself (its own session).
      const noSw = await browser.newContext({ serviceWorkers: 'block' });
      const tokensB = await signInWithCookies(noSw);
      const pageB = await noSw.newPage();
      await pageB.goto(`${WEB_ORIGIN}/dashboard`);
      await signedInAvatar(pageB).waitFor({ state: 'visible', timeout: 60_000 });
      if (await pageB.evaluate(() => Boolean(navigator.serviceWorker?.controller)))
        throw new Error('context B is controlled by a service worker although serviceWorkers is "block"');

      // Checks: A gets 200 with no header from the page (so the worker attached them); B gets 401 without
      // headers (so nothing attaches them) and 200 with them.
      const checkA = await batch(swPage, 3, null);
      const checkBBare = await batch(pageB, 1, null);
      const checkB = await batch(pageB, 3, tokensB);
      if (!allOk(checkA)) throw new Error(`through the worker, fetch-user answered ${fmt(checkA.statuses)}`);
      if (checkBBare.statuses['401'] !== 1)
        throw new Error(`without the worker and without headers, fetch-user answered ${fmt(checkBBare.statuses)}`);
      if (!allOk(checkB)) throw new Error(`page-side headers: fetch-user answered ${fmt(checkB.statuses)}`);

      // Warm-up (connections, CORS preflight cache, JIT), discarded.
      await batch(swPage, WARMUP_CALLS, null);
      await batch(pageB, WARMUP_CALLS, tokensB);

      const sw: Batch[] = [];
      const page: Batch[] = [];
      const order: string[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        if (r % 2 === 0) {
          sw.push(await batch(swPage, CALLS, null));
          page.push(await batch(pageB, CALLS, tokensB));
          order.push('SW, page');
        } else {
          page.push(await batch(pageB, CALLS, tokensB));
          sw.push(await batch(swPage, CALLS, null));
          order.push('page, SW');
        }
      }
      const stillControlled = await swPage.evaluate(() => Boolean(navigator.serviceWorker.controller));
      await withSw.close();
      await noSw.close();

      const sum = (bs: Batch[]) => bs.reduce((s, b) => s + b.totalMs, 0);
      const swTotal = sum(sw);
      const pageTotal = sum(page);
      const ratio = swTotal / pageTotal;
      const swMedian = median(sw.flatMap((b) => b.times));
      const pageMedian = median(page.flatMap((b) => b.times));
      const clean = sw.every(allOk) && page.every(allOk) && stillControlled;
      const statusNote = `Statuses: through the worker ${fmt(merge(sw))}; page-side ${fmt(merge(page))}.`;
      const method =
        `Product: \`node scripts/start.mjs\` on the standard ports (8080, 3000–3014; the web app's API ports are fixed), ` +
        `PGlite in a new temporary DATA_DIR, run under \`flock /tmp/e2e.lock\`. Debian Chromium ${version} (headless, ` +
        `/usr/bin/chromium, the FIELD-NOTES flags) driven by playwright-core. Two contexts, each signed in through the API ` +
        `with the four session cookies and showing /dashboard: A with the service worker controlling the page, ` +
        `B with \`serviceWorkers: 'block'\`. In each page, ${CALLS} sequential \`fetch('${IAM_BROWSER}/fetch-user')\` ` +
        `(body read): in A without headers (the worker reads the cookies and adds \`Authorization\`/\`X-Refresh-Token\`), ` +
        `in B with the page setting both headers. ${ROUNDS} rounds, alternating which context goes first, after a ` +
        `${WARMUP_CALLS}-call warm-up in each; timed with performance.now() in the page.`;
      return [
        {
          id: 'sw-overhead.ratio',
          title: 'fetch-user through the service worker vs page-side headers: total time ratio (SW / page)',
          value: round(ratio, 3),
          unit: '×',
          method: `${method} Ratio of the summed totals over the ${ROUNDS} rounds.`,
          target: `≤ ${TARGET_RATIO.toFixed(2)}`,
          pass: ratio <= TARGET_RATIO && clean,
          notes: [
            `Totals per round (ms), SW / page: ${sw.map((b, i) => `${round(b.totalMs)} / ${round(page[i]!.totalMs)}`).join('; ')}.`,
            `Per-round ratios: ${sw.map((b, i) => round(b.totalMs / page[i]!.totalMs, 3)).join(', ')} (median ${round(median(sw.map((b, i) => b.totalMs / page[i]!.totalMs)), 3)}; order per round: ${order.join('; ')}).`,
            `Summed: SW ${round(swTotal)} ms, page ${round(pageTotal)} ms for ${ROUNDS * CALLS} calls each.`,
            statusNote,
            `Checked first: through the worker, no page headers → 200; without the worker and without headers → 401; page-side headers → 200. Worker still controlling the page at the end: ${stillControlled}.`,
            `Both pages run the app's own background traffic (dashboard queries, notification stream) during the timing; 1-min load average at the end: ${round(os.loadavg()[0]!, 2)}.`,
          ],
        },
        {
          id: 'sw-overhead.median.sw',
          title: 'fetch-user per-call median through the service worker',
          value: round(swMedian, 2),
          unit: 'ms',
          method: `The same run: median of the ${ROUNDS * CALLS} per-call times in context A.`,
          notes: [`p90 ${round(pct(sw, 90), 2)} ms, max ${round(pct(sw, 100), 2)} ms.`],
        },
        {
          id: 'sw-overhead.median.page',
          title: 'fetch-user per-call median with page-side headers (no service worker)',
          value: round(pageMedian, 2),
          unit: 'ms',
          method: `The same run: median of the ${ROUNDS * CALLS} per-call times in context B.`,
          notes: [
            `p90 ${round(pct(page, 90), 2)} ms, max ${round(pct(page, 100), 2)} ms. Median difference: ${round(swMedian - pageMedian, 2)} ms per call.`,
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

function merge(bs: Batch[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of bs) for (const [k, v] of Object.entries(b.statuses)) out[k] = (out[k] ?? 0) + v;
  return out;
}

function pct(bs: Batch[], p: number): number {
  const sorted = bs.flatMap((b) => b.times).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function run(_ctx: BenchContext): Promise<Figure[]> {
  return lockHeld() ? measure() : underE2eLock('service-worker-overhead');
}
