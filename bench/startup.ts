/**
 * Start-up time of the run command and the idle memory of the server process.
 *
 * Each run spawns `node scripts/start.mjs` (dist/ already built, dependencies installed) on a shifted
 * PORT_OFFSET and polls all eight listeners every 25 ms until each answers healthy. Cold: a new empty
 * DATA_DIR (PGlite init, migrations, seed). Warm: restarts on the same DATA_DIR. After each start the
 * process idles 5 s, then its VmRSS is read from /proc.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  childPids,
  cmdline,
  median,
  ownsListener,
  portsFor,
  procStatus,
  round,
  sleep,
  startProduct,
  type Figure,
  ensureBuilt,
} from './lib.ts';
import type { BenchContext } from './run-one.ts';

const WARM_RUNS = 3;
const IDLE_MS = 5000;
const WARM_TARGET_S = 3;
const RSS_TARGET_MB = 300;

interface Sample {
  readyMs: number;
  readyCpuS: number;
  /** What server/main.ts itself reports ("Freight Desk is running (N ms …)"): database + listeners. */
  mainMs: number | undefined;
  rssMb: number;
  hwmMb: number;
  threads: number;
  children: number;
  stopMs: number;
}

async function once(offset: number, dataDir: string, notes: string[], label: string): Promise<Sample> {
  const product = await startProduct({ offset, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
  try {
    if (product.rebuilt()) throw new RebuiltError(label);
    const cmd = await cmdline(product.pid);
    if (!cmd.includes('scripts/start.mjs')) throw new Error(`pid ${product.pid} runs "${cmd}", not start.mjs`);
    if (!(await ownsListener(product.pid, portsFor(offset).web)))
      throw new Error(`pid ${product.pid} does not hold the web listener: not the server process`);
    await sleep(IDLE_MS);
    const status = await procStatus(product.pid);
    const children = (await childPids(product.pid)).length;
    const m = /Freight Desk is running \((\d+) ms/.exec(product.output());
    const stopStarted = performance.now();
    await product.stop();
    const stopMs = performance.now() - stopStarted;
    if (product.child.exitCode !== 0)
      notes.push(`${label}: the server exited with ${product.child.exitCode} on SIGTERM.`);
    return {
      readyMs: product.readyMs,
      readyCpuS: product.readyCpuS,
      mainMs: m ? Number(m[1]) : undefined,
      rssMb: status.rssMb,
      hwmMb: status.hwmMb,
      threads: status.threads,
      children,
      stopMs,
    };
  } finally {
    await product.stop();
  }
}

class RebuiltError extends Error {
  constructor(label: string) {
    super(`${label}: start.mjs rebuilt the web app during the run (src/ changed meanwhile); run discarded`);
  }
}

/** Retries a run that included a web build (someone edited the app meanwhile); at most twice. */
async function measured(fn: () => Promise<Sample>, notes: string[]): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof RebuiltError) || attempt >= 3) throw error;
      notes.push(error.message);
    }
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  await ensureBuilt(ctx.offset);
  const notes: string[] = [];
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-startup-'));
  try {
    let dataDir = '';
    const cold = await measured(async () => {
      dataDir = await mkdtemp(path.join(tmp, 'pglite-'));
      return once(ctx.offset, dataDir, notes, 'cold');
    }, notes);
    const warm: Sample[] = [];
    for (let i = 1; i <= WARM_RUNS; i++)
      warm.push(await measured(() => once(ctx.offset, dataDir, notes, `warm ${i}`), notes));

    const s = (ms: number) => round(ms / 1000, 2);
    const warmMedian = median(warm.map((w) => w.readyMs));
    const rssMedian = median(warm.map((w) => w.rssMb));
    const mainTimes = (samples: Sample[]) =>
      samples.map((w) => (w.mainMs === undefined ? '?' : `${w.mainMs} ms`)).join(', ');
    const startMethod =
      'Spawn of `node scripts/start.mjs` (PORT_OFFSET, HOST=127.0.0.1, LOG_LEVEL=warn, a temporary DATA_DIR on PGlite) ' +
      'until all eight listeners answer: 7 × `GET /{service}/api/v1/health` = 200 with `{data:{status:"ok",db:"ok"}}` ' +
      'and web `GET /` = 200, polled every 25 ms. dist/ already built and node_modules installed: excludes npm install ' +
      'and vite build (see the build figure).';
    const rssMethod =
      `VmRSS from /proc/<pid>/status after ${IDLE_MS / 1000} s idle following a start on PGlite. <pid> is the ` +
      '`node scripts/start.mjs` process, which imports server/main.ts in-process; checked: its command line, and that ' +
      'it holds the web listening socket (/proc/net/tcp inode among its fds).';
    return [
      {
        id: 'startup.cold',
        title: 'Start-up, cold (new empty DATA_DIR: PGlite init, migrations, demo seed)',
        value: s(cold.readyMs),
        unit: 's',
        method: `${startMethod} One run.`,
        notes: [
          `server/main.ts's own "running (N ms)" figure: ${mainTimes([cold])}.`,
          `CPU time of the process until ready: ${round(cold.readyCpuS, 2)} s.`,
        ],
      },
      {
        id: 'startup.warm',
        title: 'Start-up, warm (restart on the same DATA_DIR)',
        value: s(warmMedian),
        unit: 's',
        method: `${startMethod} Median of ${WARM_RUNS} restarts after the cold run, each stopped with SIGTERM first.`,
        target: `≤ ${WARM_TARGET_S} s`,
        pass: warmMedian <= WARM_TARGET_S * 1000,
        notes: [
          `Runs: ${warm.map((w) => `${s(w.readyMs)} s`).join(', ')}.`,
          `server/main.ts's own "running (N ms)" figures: ${mainTimes(warm)} (the rest is node + tsx start-up and module loading).`,
          `CPU time of the process until ready (user + system, all threads; less affected by other load than wall time): ${warm
            .map((w) => `${round(w.readyCpuS, 2)} s`)
            .join(', ')}.`,
          `Stop on SIGTERM took ${warm.map((w) => `${s(w.stopMs)} s`).join(', ')}.`,
          ...notes,
        ],
      },
      {
        id: 'memory.idle',
        title: 'Resident memory of the server process, idle, PGlite',
        value: round(rssMedian),
        unit: 'MB',
        method: `${rssMethod} Median over the ${WARM_RUNS} warm starts. 1 MB = 1,024 kB as /proc reports.`,
        target: `≤ ${RSS_TARGET_MB} MB`,
        pass: rssMedian <= RSS_TARGET_MB,
        notes: [
          `Warm runs: ${warm.map((w) => `${round(w.rssMb)} MB`).join(', ')}; after the cold start: ${round(cold.rssMb)} MB.`,
          `Peak (VmHWM) during start: warm ${warm.map((w) => `${round(w.hwmMb)} MB`).join(', ')}; cold ${round(cold.hwmMb)} MB.`,
          `Threads: ${warm.map((w) => w.threads).join(', ')}; child processes: ${warm.map((w) => w.children).join(', ')} (all in one process).`,
        ],
      },
    ];
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
