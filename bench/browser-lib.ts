/**
 * Helpers of the browser benchmarks (service-worker-overhead, warm-reload).
 *
 * The web app computes its API bases as `http://{page hostname}:{service port}` with the fixed ports of
 * src/shared/services.ts, so a browser benchmark cannot use PORT_OFFSET: it runs the product on the
 * standard ports (8080, 3000–3014). Other engineers run Playwright e2e on those ports under
 * `flock /tmp/e2e.lock`, so these benchmarks take the same lock: `run(ctx)` re-executes
 * `bench/run-one.ts <name>` as `flock -w … /tmp/e2e.lock node --import tsx bench/run-one.ts …` with
 * BENCH_E2E_LOCK_HELD=1, and the inner process does the measuring.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEFAULT_WEB_PORT, SERVICES } from '../src/shared/services.ts';
import { ensureBuilt, portOpen, startProduct, type Figure, type ProductProcess } from './lib.ts';

export const E2E_LOCK = '/tmp/e2e.lock';
/** How long to wait for another engineer's e2e run to release the lock. */
export const LOCK_WAIT_S = 180;
const LOCK_TIMEOUT_EXIT = 75;
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

export const WEB_ORIGIN = `http://localhost:${DEFAULT_WEB_PORT}`;
export const IAM_BROWSER = `http://localhost:${SERVICES.iamserver}/iamserver/api/v1`;

/** Chromium flags of docs/field-notes.md / playwright.config.ts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The product listens on 127.0.0.1: make `localhost` mean exactly that (never ::1, where another
  // process might listen). The page's origin stays `localhost`, a secure context for the worker.
  '--host-resolver-rules=MAP localhost 127.0.0.1',
];

/** True in the process that holds /tmp/e2e.lock (spawned by `underE2eLock`). */
export const lockHeld = () => process.env.BENCH_E2E_LOCK_HELD === '1';

/**
 * Runs `bench/run-one.ts <name>` again under `flock /tmp/e2e.lock` and returns its figures. The inner
 * process sees BENCH_E2E_LOCK_HELD=1 and measures.
 */
export async function underE2eLock(name: string): Promise<Figure[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-lock-`));
  const out = path.join(tmp, 'inner.json');
  try {
    const waited = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        'flock',
        [
          '-w',
          String(LOCK_WAIT_S),
          '-E',
          String(LOCK_TIMEOUT_EXIT),
          E2E_LOCK,
          process.execPath,
          '--import',
          'tsx',
          path.join(BENCH_DIR, 'run-one.ts'),
          name,
          out,
          '0',
        ],
        // Its own process group, so that stopping this process (scripts/bench.mjs's timeout) stops flock,
        // the inner node and the product it started as well: nothing may keep the lock or the ports.
        { env: { ...process.env, BENCH_E2E_LOCK_HELD: '1' }, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
      );
      const stopGroup = () => {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      };
      process.on('exit', stopGroup);
      child.on('error', reject);
      child.on('exit', (c) => {
        process.off('exit', stopGroup);
        resolve(c);
      });
    });
    if (code === LOCK_TIMEOUT_EXIT)
      throw new Error(
        `${E2E_LOCK} still held by someone else's e2e run after ${LOCK_WAIT_S} s: not measured (rerun later).`,
      );
    let result: { figures?: Figure[]; error?: string };
    try {
      result = JSON.parse(await readFile(out, 'utf8')) as typeof result;
    } catch {
      throw new Error(`the inner benchmark process (under flock ${E2E_LOCK}) exited ${code} without a result`);
    }
    if (result.error) throw new Error(result.error);
    const lockWaitS = (performance.now() - waited) / 1000;
    return (result.figures ?? []).map((f, i) =>
      i === 0
        ? {
            ...f,
            notes: [
              ...(f.notes ?? []),
              `Ran under \`flock ${E2E_LOCK}\` (the e2e lock) on the standard ports; the locked process took ${lockWaitS.toFixed(0)} s including any wait for the lock.`,
            ],
          }
        : f,
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The standard ports must be free on 127.0.0.1 and ::1, or the browser could talk to someone else's product. */
export async function assertStandardPortsFree(): Promise<void> {
  const ports = [DEFAULT_WEB_PORT, ...Object.values(SERVICES)];
  const busy: string[] = [];
  for (const host of ['127.0.0.1', '::1'])
    for (const port of ports) if (await portOpen(host, port)) busy.push(`${host === '::1' ? '[::1]' : host}:${port}`);
  if (busy.length > 0)
    throw new Error(
      `The standard ports are in use (${busy.join(', ')}): a product is running (npm start, or an e2e run ` +
        'without the lock). The browser benchmarks need 8080 and 3000–3014 free (the web app has fixed API ports). ' +
        'Stop it and rerun.',
    );
}

export interface StandardProduct {
  product: ProductProcess;
  stop(): Promise<void>;
}

/** `node scripts/start.mjs` on the standard ports with a new temporary DATA_DIR (PGlite). */
export async function startStandardProduct(env: Record<string, string> = {}): Promise<StandardProduct> {
  await assertStandardPortsFree();
  await ensureBuilt(0);
  await assertStandardPortsFree();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-browser-'));
  try {
    const product = await startProduct({
      offset: 0,
      env: { ...env, DATA_DIR: path.join(tmp, 'pglite'), DATABASE_URL: '' },
    });
    return {
      product,
      async stop() {
        await product.stop();
        await rm(tmp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    timeout: 60_000,
  });
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

// Sign-in with the four cookies and waiting for the worker are the end-to-end tests' own helpers.
export { sessionCookies, signInWithCookies, waitForWorkerControl } from '../tests/e2e/session-helpers.ts';

/**
 * The signed-in dashboard, rendered: the avatar button of the main navigation ("Account menu") showing
 * the initials of the user's name, "AD" for Admin Demo (it shows "?" or nothing until the user is known).
 */
export function signedInAvatar(page: Page) {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Account menu' })
    .filter({ hasText: /^AD$/ });
}
