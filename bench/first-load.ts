/**
 * First page load JavaScript of the built web app in dist/ (made current the way start.mjs does first).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoadJs } from './first-load-js.ts';
import { ensureBuilt, ROOT, round, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

/** Target of issue 9 (login-screen JavaScript ≤ 120 kB gz, from 142), in kB of 1,000 bytes (the unit vite prints). */
const TARGET_KB = 120;

export async function run(ctx: BenchContext): Promise<Figure[]> {
  await ensureBuilt(ctx.offset);
  const dist = path.join(ROOT, 'dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error('dist/index.html is missing: run the build benchmark (or npx vite build) first');
  const report = await firstLoadJs(dist);
  const kb = (bytes: number) => round(bytes / 1000, 1);
  // What the web server really sends: the build's brotli copy of each chunk (server/web/static-site.ts).
  const brotliBytes = await Promise.all(
    report.chunks.map((c) =>
      readFile(path.join(dist, `${c.file}.br`)).then(
        (b) => b.length,
        () => undefined,
      ),
    ),
  );
  const sentBrotli = brotliBytes.every((b) => b !== undefined)
    ? `total brotli as sent (the build's .br copies): ${kb(brotliBytes.reduce<number>((sum, b) => sum + (b ?? 0), 0))} kB`
    : 'no .br copy for some chunks: the web server sends those as gzip or raw';
  const notes = [
    'Chunks (gzip -9 kB / brotli kB / raw kB, pulled in by):',
    ...report.chunks.map(
      (c, i) =>
        `\`${c.file}\`: ${kb(c.gzipBytes)} / ${brotliBytes[i] === undefined ? '—' : kb(brotliBytes[i])} / ${kb(c.bytes)} (${c.via})`,
    ),
    `Total raw: ${kb(report.totalBytes)} kB; total gzip: ${report.totalGzipBytes} bytes = ${round(report.totalGzipBytes / 1024, 1)} KiB; ${sentBrotli}.`,
  ];
  if (report.unresolved.length > 0) notes.push(`Not followed: ${report.unresolved.join('; ')}`);
  const sw = path.join(dist, 'sw.js');
  if (existsSync(sw)) {
    const bytes = await readFile(sw);
    notes.push(
      `Not counted: the service worker \`sw.js\` (${kb(gzipSync(bytes, { level: 9 }).length)} kB gz), registered after the page loads, ` +
        'and lazy chunks reached only through dynamic import().',
    );
  }
  return [
    {
      id: 'first-load-js',
      title: 'JavaScript of the first page load, /login (gzip -9)',
      value: kb(report.totalGzipBytes),
      unit: 'kB gz',
      method:
        'Parsed dist/index.html for `<script type="module" src>` and `<link rel="modulepreload">`, followed the static ' +
        '`import … from "./x.js"` / `import "./x.js"` / `export … from` of those chunks transitively (not dynamic `import()`), ' +
        'summed each file gzipped at level 9 with node:zlib. 1 kB = 1,000 bytes.',
      target: `≤ ${TARGET_KB} kB gz`,
      pass: report.totalGzipBytes <= TARGET_KB * 1000 && report.chunks.length > 0,
      notes,
    },
  ];
}
