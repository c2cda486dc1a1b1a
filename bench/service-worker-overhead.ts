/**
 * The cost of the service worker on API calls (issue 4): sequential `fetch` calls to
 * `GET /iamserver/api/v1/fetch-user` from a page, through the product's service worker (which reads the
 * tokens from the cookies and attaches `Authorization`/`X-Refresh-Token` itself), against the same calls
 * from a page of the product that no worker controls and that sets the two headers itself.
 *
 * Beside them, on the same server in the same rounds, the floor: the same calls through a minimal worker
 * (`event.respondWith(fetch(new Request(event.request, { headers })))`, nothing else) against a plain page
 * that sets the headers, both on a little origin of the benchmark's own. No worker that answers a fetch can
 * cost less than that one; the gap between it and the product's worker is what the product's code adds.
 * The minimal worker's script is served with the web app's own security headers, as the product's sw.js
 * is: a worker enforces its script's Content-Security-Policy (`connect-src`) on every fetch it makes, which
 * costs about 9% a call through a worker here (five runs each: 1.124 × without the policy on the minimal
 * worker, 1.032 × with it). That cost belongs to the policy, not to the worker's code, and is paid by
 * any worker under it.
 *
 * Chromium is driven over a bare DevTools pipe (bench/cdp-pipe.ts), never enabling the Network domain:
 * Playwright records every request of a page and, separately, of its service worker, so under Playwright a
 * call answered by a worker is recorded twice, a cost no user pays and that falls on one side only.
 *
 * The target (issue 9, item 7) is on the product's worker against the minimal one: the old target, the
 * product's worker ≤ 1.10 × page-side headers, sits below what Chromium lets any answering worker cost
 * (the floor above measures about 1.6 × on this machine), so it is kept as information only.
 *
 * The web app has fixed API ports, so this runs the product on the standard ports (8080, 3000–3014),
 * under `flock /tmp/e2e.lock` like the e2e runs (see bench/browser-lib.ts).
 */
import http from 'node:http';
import os from 'node:os';
import { webSecurityConfigFromEnv, webSecurityHeaders } from '../server/web/security-headers.ts';
import {
  IAM_BROWSER,
  WEB_ORIGIN,
  lockHeld,
  sessionCookies,
  startStandardProduct,
  underE2eLock,
  type Tokens,
} from './browser-lib.ts';
import { CdpBrowser, type CdpContext, type CdpPage } from './cdp-pipe.ts';
import { HOST, login, median, round, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

const CALLS = 200;
const ROUNDS = 6;
const WARMUP_CALLS = 30;
/** The product's worker may cost at most this much more than the minimal worker (issue 9, item 7). */
const TARGET_WORKER_VS_MINIMAL = 1.05;
/** The old target on the product's worker against page-side headers: reported, no longer judged. */
const OLD_PAGE_SIDE_RATIO = 1.1;
/** The benchmark's own origin for the floor's pages (allowed by the product's CORS for this run). */
const REF_PORT = 8090;
const REF_ORIGIN = `http://localhost:${REF_PORT}`;

type Kind = 'productWorker' | 'productPage' | 'minimalWorker' | 'plainPage';
const KINDS: Kind[] = ['productWorker', 'productPage', 'minimalWorker', 'plainPage'];
const LABEL: Record<Kind, string> = {
  productWorker: 'product, through its worker',
  productPage: 'product, headers set by the page',
  minimalWorker: 'minimal worker',
  plainPage: 'plain page, headers set by the page',
};

interface Batch {
  totalMs: number;
  times: number[];
  statuses: Record<string, number>;
}

const authHeaders = (t: Tokens) => ({
  Authorization: `Bearer ${t.accessToken}`,
  'X-Refresh-Token': `Bearer ${t.refreshToken}`,
});

/** The in-page loop: `n` sequential fetches (body read), timed with performance.now(). */
function batchExpression(n: number, headers: Record<string, string> | null): string {
  return `(async () => {
    const url = ${JSON.stringify(`${IAM_BROWSER}/fetch-user`)};
    const init = ${JSON.stringify(headers ? { headers } : null)} ?? undefined;
    const times = []; const statuses = {};
    const started = performance.now();
    for (let i = 0; i < ${n}; i++) {
      const t = performance.now(); let status = 'error';
      try { const res = await fetch(url, init); await res.arrayBuffer(); status = String(res.status); } catch {}
      times.push(performance.now() - t); statuses[status] = (statuses[status] ?? 0) + 1;
    }
    return { totalMs: performance.now() - started, times, statuses };
  })()`;
}

/** The minimal worker of the floor: tokens handed over once by the page, attached to every API call. */
const MINIMAL_WORKER = `
let headers = null;
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => { headers = event.data; event.ports[0].postMessage('ok'); });
self.addEventListener('fetch', (event) => {
  if (!event.request.url.startsWith(${JSON.stringify(IAM_BROWSER)})) return;
  const h = new Headers(event.request.headers);
  for (const [name, value] of Object.entries(headers ?? {})) h.set(name, value);
  event.respondWith(fetch(new Request(event.request, { headers: h })));
});`;

/** Serves the floor's two pages: /worker/ (controlled by /worker/sw.js) and /plain/ (no worker). */
function startReferenceOrigin(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/worker/sw.js') {
      res.writeHead(200, {
        'content-type': 'text/javascript',
        'cache-control': 'no-cache',
        ...webSecurityHeaders(req.headers.host, webSecurityConfigFromEnv(process.env)),
      });
      res.end(MINIMAL_WORKER);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-cache' });
    res.end('<!doctype html><meta charset="utf-8"><title>reference</title><p>reference page</p>');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(REF_PORT, HOST, () => resolve(server));
  });
}

/** The signed-in dashboard: the avatar button of the main navigation shows "AD" (Admin Demo). */
const SIGNED_IN = `[...(document.querySelector('[aria-label="Main"]')?.querySelectorAll('button[aria-label="Account menu"]') ?? [])].some((b) => b.textContent.trim() === 'AD')`;

async function productPage(context: CdpContext, withWorker: boolean): Promise<CdpPage> {
  const page = await context.newPage('about:blank');
  if (!withWorker) {
    // What Playwright's `serviceWorkers: 'block'` does to the app: registration rejects, the app runs
    // with its page-side transport (src/lib/service-worker.ts guards it).
    await page.addInitScript(
      `ServiceWorkerContainer.prototype.register = function () { return Promise.reject(new DOMException('blocked for the measurement', 'SecurityError')); };`,
    );
  }
  await page.goto(`${WEB_ORIGIN}/dashboard`);
  if (withWorker) {
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    if (!(await page.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'))) await page.reload();
    await page.waitFor('navigator.serviceWorker.controller');
  }
  await page.waitFor(SIGNED_IN);
  return page;
}

async function minimalWorkerPage(context: CdpContext, tokens: Tokens): Promise<CdpPage> {
  const page = await context.newPage(`${REF_ORIGIN}/worker/`);
  await page.evaluate(
    `navigator.serviceWorker.register('/worker/sw.js', { scope: '/worker/' }).then(() => navigator.serviceWorker.ready).then(() => true)`,
  );
  await page.waitFor('navigator.serviceWorker.controller');
  await page.evaluate(`new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(true);
    navigator.serviceWorker.controller.postMessage(${JSON.stringify(authHeaders(tokens))}, [channel.port2]);
  })`);
  return page;
}

const allOk = (b: Batch) => b.statuses['200'] === b.times.length;
const fmt = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ');

async function measure(): Promise<Figure[]> {
  const reference = await startReferenceOrigin();
  const product = await startStandardProduct({
    CORS_ORIGINS: [WEB_ORIGIN, 'http://127.0.0.1:8080', REF_ORIGIN].join(','),
  });
  try {
    const browser = await CdpBrowser.launch();
    try {
      const version = await browser.version();
      // Four contexts, each with its own session: nothing shared but the browser and the server.
      const tokens = {} as Record<Kind, Tokens>;
      for (const kind of KINDS) tokens[kind] = await login(0);
      const contexts = {} as Record<Kind, CdpContext>;
      for (const kind of KINDS) contexts[kind] = await browser.newContext();
      await contexts.productWorker.setCookies(sessionCookies(tokens.productWorker));
      await contexts.productPage.setCookies(sessionCookies(tokens.productPage));
      const pages: Record<Kind, CdpPage> = {
        productWorker: await productPage(contexts.productWorker, true),
        productPage: await productPage(contexts.productPage, false),
        minimalWorker: await minimalWorkerPage(contexts.minimalWorker, tokens.minimalWorker),
        plainPage: await contexts.plainPage.newPage(`${REF_ORIGIN}/plain/`),
      };
      const headersOf: Record<Kind, Record<string, string> | null> = {
        productWorker: null,
        productPage: authHeaders(tokens.productPage),
        minimalWorker: null,
        plainPage: authHeaders(tokens.plainPage),
      };
      const batch = (kind: Kind, n: number) => pages[kind].evaluate<Batch>(batchExpression(n, headersOf[kind]));

      // Checks: the worker pages get 200 without headers (so their worker attached them), the product page
      // without a worker gets 401 without headers (so nothing attaches them) and 200 with them.
      if (await pages.productPage.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'))
        throw new Error('the page-side product page is controlled by a service worker');
      if (await pages.plainPage.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'))
        throw new Error('the plain page is controlled by a service worker');
      for (const kind of KINDS) {
        const check = await batch(kind, 3);
        if (!allOk(check)) throw new Error(`${LABEL[kind]}: fetch-user answered ${fmt(check.statuses)}`);
      }
      const bare = await pages.productPage.evaluate<Batch>(batchExpression(1, null));
      if (bare.statuses['401'] !== 1)
        throw new Error(`without a worker and without headers, fetch-user answered ${fmt(bare.statuses)}`);

      // Warm-up (connections, CORS preflight cache, JIT), discarded.
      for (const kind of KINDS) await batch(kind, WARMUP_CALLS);

      const batches = Object.fromEntries(KINDS.map((k) => [k, [] as Batch[]])) as Record<Kind, Batch[]>;
      const orders: string[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        // Rotated each round, so that no kind always follows the same one.
        const order = KINDS.map((_, i) => KINDS[(i + r) % KINDS.length]!);
        if (r % 2 === 1) order.reverse();
        for (const kind of order) batches[kind].push(await batch(kind, CALLS));
        orders.push(order.map((k) => KINDS.indexOf(k) + 1).join(''));
      }
      if (await pages.productPage.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'))
        throw new Error('the page-side product page came under a service worker during the run');
      const stillControlled =
        (await pages.productWorker.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)')) &&
        (await pages.minimalWorker.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)'));
      const loadAverage = os.loadavg()[0]!;

      const total = (k: Kind) => batches[k].reduce((s, b) => s + b.totalMs, 0);
      const times = (k: Kind) => batches[k].flatMap((b) => b.times);
      const ratio = total('productWorker') / total('productPage');
      const workerVsMinimal = total('productWorker') / total('minimalWorker');
      const floor = total('minimalWorker') / total('plainPage');
      const perCall = (k: Kind) => total(k) / (ROUNDS * CALLS);
      const clean = KINDS.every((k) => batches[k].every(allOk)) && stillControlled;
      const roundRatios = (a: Kind, b: Kind) =>
        batches[a].map((x, i) => round(x.totalMs / batches[b][i]!.totalMs, 3)).join(', ');
      const method =
        `Product: \`node scripts/start.mjs\` on the standard ports (8080, 3000–3014; the web app's API ports are fixed), ` +
        `PGlite in a new temporary DATA_DIR, CORS also allowing the benchmark's reference origin ${REF_ORIGIN}; run under ` +
        `\`flock /tmp/e2e.lock\`. ${version} (headless, /usr/bin/chromium, the flags of docs/field-notes.md) driven over a bare ` +
        `DevTools pipe (bench/cdp-pipe.ts: no Network domain, so no request is recorded). Four browser contexts, each with ` +
        `its own session: (1) the product's /dashboard, signed in by the four cookies, controlled by the product's service ` +
        `worker, calling without headers; (2) the same dashboard with service-worker registration refused (the app's ` +
        `page-side transport), the page setting both headers; (3) a page of ${REF_ORIGIN} controlled by a minimal worker ` +
        `(\`respondWith(fetch(new Request(event.request, { headers })))\`), calling without headers; (4) a plain page of ` +
        `${REF_ORIGIN}, setting both headers. In each, ${CALLS} sequential \`fetch('${IAM_BROWSER}/fetch-user')\` (body ` +
        `read) per round; ${ROUNDS} rounds, the order rotated every round, after a ${WARMUP_CALLS}-call warm-up in each; ` +
        `timed with performance.now() in the page.`;
      /** The per-call median of one kind of context, with its p90 and max. */
      const medianFigure = (id: string, title: string, kind: Kind, context: string, extraNote = ''): Figure => ({
        id,
        title,
        value: round(median(times(kind)), 2),
        unit: 'ms',
        method: `The same run: median of the ${ROUNDS * CALLS} per-call times in ${context}.`,
        notes: [`p90 ${round(pct(times(kind), 90), 2)} ms, max ${round(pct(times(kind), 100), 2)} ms.${extraNote}`],
      });
      const statusNote = `Statuses: ${KINDS.map((k) => `${LABEL[k]} ${fmt(merge(batches[k]))}`).join('; ')}.`;
      return [
        {
          id: 'sw-overhead.ratio',
          title:
            'fetch-user through the service worker vs page-side headers: total time ratio (SW / page), information only',
          value: round(ratio, 3),
          unit: '×',
          method: `${method} Ratio of the summed totals of (1) over (2).`,
          notes: [
            `Information only: the old target, ≤ ${OLD_PAGE_SIDE_RATIO.toFixed(2)} × page-side headers, is below what this browser lets any answering worker cost (the floor, sw-overhead.floor, ${round(floor, 3)} ×). The target is now on the product's worker against the minimal worker (sw-overhead.worker-vs-minimal).`,
            `Per-round ratios (1)/(2): ${roundRatios('productWorker', 'productPage')}; orders (kinds 1–4): ${orders.join(', ')}.`,
            `Per call, mean of ${ROUNDS * CALLS}: ${KINDS.map((k) => `${LABEL[k]} ${round(perCall(k), 3)} ms`).join('; ')}.`,
            `Floor measured beside it, minimal worker / plain page (sw-overhead.floor): ${round(floor, 3)}×; the product's worker costs ${round((perCall('productWorker') - perCall('productPage')) * 1000)} µs a call over its page, the minimal worker ${round((perCall('minimalWorker') - perCall('plainPage')) * 1000)} µs over its page.`,
            statusNote,
            `Checked first: the worker pages get 200 without page headers; the product page without a worker gets 401 without headers and 200 with them. Workers still controlling their pages at the end: ${stillControlled}.`,
            `The product pages run the app's own background traffic (dashboard queries, notification stream) during the timing; 1-min load average at the end: ${round(loadAverage, 2)}.`,
          ],
        },
        {
          id: 'sw-overhead.floor',
          title: 'The same calls through a minimal service worker vs a plain page setting the headers (SW / page)',
          value: round(floor, 3),
          unit: '×',
          method: `The same run: summed totals of (3) over (4). The least any worker that answers a fetch can cost in this browser on these calls.`,
          notes: [`Per-round ratios (3)/(4): ${roundRatios('minimalWorker', 'plainPage')}.`],
        },
        {
          id: 'sw-overhead.worker-vs-minimal',
          title: "The product's worker vs the minimal worker, same calls (product SW / minimal SW)",
          value: round(workerVsMinimal, 3),
          unit: '×',
          method: `The same run: summed totals of (1) over (3): what the product's worker code (token cache, 401 check, workbox routes) and the running app add over the least a worker can do.`,
          target: `≤ ${TARGET_WORKER_VS_MINIMAL.toFixed(2)}`,
          pass: workerVsMinimal <= TARGET_WORKER_VS_MINIMAL && clean,
          notes: [
            `Per-round ratios (1)/(3): ${roundRatios('productWorker', 'minimalWorker')}.`,
            `The product's worker ${round(perCall('productWorker'), 3)} ms a call, the minimal worker ${round(perCall('minimalWorker'), 3)} ms (means of ${ROUNDS * CALLS}).`,
          ],
        },
        medianFigure(
          'sw-overhead.median.sw',
          'fetch-user per-call median through the service worker',
          'productWorker',
          '(1)',
        ),
        medianFigure(
          'sw-overhead.median.page',
          'fetch-user per-call median with page-side headers (no service worker)',
          'productPage',
          '(2)',
          ` Median difference: ${round(median(times('productWorker')) - median(times('productPage')), 2)} ms per call.`,
        ),
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await product.stop();
    await new Promise((resolve) => reference.close(resolve));
  }
}

function merge(bs: Batch[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of bs) for (const [k, v] of Object.entries(b.statuses)) out[k] = (out[k] ?? 0) + v;
  return out;
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function run(_ctx: BenchContext): Promise<Figure[]> {
  return lockHeld() ? measure() : underE2eLock('service-worker-overhead');
}
