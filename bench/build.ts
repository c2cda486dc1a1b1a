/**
 * Makes dist/ current the way the run command does, then times a clean production build separately.
 *
 * 1. `node scripts/start.mjs --service __bench_prime__`: start.mjs rebuilds dist/ when its inputs changed
 *    (its own fingerprint), then server/main.ts refuses the unknown service and exits 2 without opening
 *    the database. After this, the start-up runs find dist/ current and do not build.
 * 2. `vite build` (the command start.mjs uses) into a temporary folder, so dist/ is not touched: the
 *    build-time figure.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertDependenciesCurrent, ensureBuilt, ROOT, round, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

function runNode(args: string[], env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; ms: number; output: string }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${timeoutMs} ms: node ${args.join(' ')}\n${output.slice(-2000)}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: performance.now() - started, output });
    });
  });
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  assertDependenciesCurrent();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  try {
    const prime = await ensureBuilt(ctx.offset);

    const build = await runNode(
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        path.join(tmp, 'dist'),
        '--emptyOutDir',
      ],
      {},
      180_000,
    );
    if (build.code !== 0) throw new Error(`vite build failed (exit ${build.code}):\n${build.output.slice(-3000)}`);

    return [
      {
        id: 'build.vite',
        title: 'Production build of the web app (vite build)',
        value: round(build.ms / 1000, 1),
        unit: 's',
        method:
          'Wall time of `node node_modules/vite/bin/vite.js build --logLevel warn` (the command start.mjs runs) into a ' +
          'temporary outDir, one run, warm file-system cache. Not part of the start-up figures.',
        notes: [
          prime.built
            ? `start.mjs found dist/ stale or missing (its fingerprint) and built it first: ${round(prime.ms / 1000, 1)} s, including node start-up, the fingerprint and loading server/main.ts.`
            : `dist/ was already current by start.mjs's fingerprint (its check took ${round(prime.ms / 1000, 1)} s incl. loading server/main.ts).`,
        ],
      },
    ];
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
