/**
 * Runs one benchmark module in this (fresh) process: `node --import tsx bench/run-one.ts <name> <out.json> <offset>`.
 * Writes `{ figures }` or `{ error }` to out.json; scripts/bench.mjs collects them.
 */
import { writeFile } from 'node:fs/promises';
import type { Figure } from './lib.ts';

export interface BenchContext {
  /** PORT_OFFSET reserved for this module's product instances. */
  offset: number;
}

export type BenchModule = { run(ctx: BenchContext): Promise<Figure[]> };

const MODULES: Record<string, () => Promise<BenchModule>> = {
  build: () => import('./build.ts'),
  'first-load': () => import('./first-load.ts'),
  startup: () => import('./startup.ts'),
  'fetch-user': () => import('./fetch-user.ts'),
  'place-search': () => import('./place-search.ts'),
  'refresh-race': () => import('./refresh-race.ts'),
  'mail-queue': () => import('./mail-queue.ts'),
  'service-worker-overhead': () => import('./service-worker-overhead.ts'),
  'warm-reload': () => import('./warm-reload.ts'),
  'live-channel': () => import('./live-channel.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  'offline-first': () => import('./offline-first.ts'),
  reports: () => import('./reports.ts'),
  shipments: () => import('./shipments.ts'),
  'shipment-events': () => import('./shipment-events.ts'),
  charges: () => import('./charges.ts'),
  'house-bill-pdf': () => import('./house-bill-pdf.ts'),
};

const [name, outFile, offsetArg] = process.argv.slice(2);
if (!name || !outFile || !MODULES[name]) {
  console.error(`usage: run-one.ts <${Object.keys(MODULES).join('|')}> <out.json> <offset>`);
  process.exit(2);
}
try {
  const mod = await MODULES[name]!();
  const figures = await mod.run({ offset: Number(offsetArg ?? 40000) });
  await writeFile(outFile, JSON.stringify({ figures }, null, 2));
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(message);
  await writeFile(outFile, JSON.stringify({ error: message }, null, 2));
  process.exit(1);
}
