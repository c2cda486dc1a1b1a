/**
 * Report downloads (issue 13): a saved audit-trail report of 100,000 rows downloaded as CSV and as XLSX
 * from the real reportserver listening on a port, on PGlite and on PostgreSQL. The service runs in this
 * process (so `process.memoryUsage()` is the server's memory; the client only counts bytes), reads the rows
 * in keyset batches and writes each batch as it comes: the figures are the time, rows per second and the
 * peak memory above the baseline taken just before each download.
 *
 * The 100,000 entries are inserted with one `INSERT … SELECT generate_series` (./audit-fixture.ts), for
 * the demo company, by its admin, one second apart.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { identityOfAccessToken } from '../src/shared/token-identity.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite, openPostgres, quoteIdent, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildServiceApp, type App } from '../server/http/build-service-app.ts';
import { createLogger } from '../server/http/logger.ts';
import { SERVICE_MODULES } from '../server/modules/index.ts';
import { insertFixtureAuditEntries } from './audit-fixture.ts';
import { createDeps } from '../server/product.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { benchSchemaName } from './postgres.ts';
import { BENCH_DATABASE_URL, HOST, portsFor, round, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';

const ROWS = 100_000;
const SAMPLE_MS = 20;
const REPORTS = '/reportserver/api/v1';

type Backend = 'pglite' | 'postgres';

interface Download {
  ms: number;
  bytes: number;
  rows: number;
  peakRssMb: number;
  peakHeapMb: number;
  baselineRssMb: number;
  baselineHeapMb: number;
  /** Heap used after the download and a full collection, minus the baseline: what the run left behind. */
  retainedHeapMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** A full collection before each baseline, so that garbage of the previous step does not count. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;
function collectGarbage(): void {
  gc?.();
}

/** Samples this process's memory every SAMPLE_MS while `fn` runs: the peaks above the baseline before it. */
async function measured<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; peakRssMb: number; peakHeapMb: number; baseline: NodeJS.MemoryUsage }> {
  const baseline = process.memoryUsage();
  let rss = baseline.rss;
  let heap = baseline.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, SAMPLE_MS);
  try {
    const result = await fn();
    const end = process.memoryUsage();
    rss = Math.max(rss, end.rss);
    heap = Math.max(heap, end.heapUsed);
    return { result, peakRssMb: mb(rss - baseline.rss), peakHeapMb: mb(heap - baseline.heapUsed), baseline };
  } finally {
    clearInterval(timer);
  }
}

/** A streaming download: counts bytes and line ends as they pass, keeps nothing (or writes to `file`). */
async function download(url: string, token: string, file?: string): Promise<{ bytes: number; newlines: number }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let newlines = 0;
  const reader = res.body.getReader();
  const sink = file ? createWriteStream(file) : undefined;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines += 1;
    if (sink && !sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
  }
  if (sink)
    await new Promise<void>((resolve, reject) =>
      sink.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  return { bytes, newlines };
}

/** Rows of the first sheet of an XLSX file, read back with exceljs's streaming reader (after the measurement). */
async function xlsxRows(file: string): Promise<number> {
  const { default: ExcelJS } = await import('exceljs');
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore' });
  for await (const sheet of reader) {
    for await (const _row of sheet) rows += 1;
    break;
  }
  return rows;
}

async function openDatabase(backend: Backend): Promise<{ db: Database; close(): Promise<void>; schema?: string }> {
  if (backend === 'pglite') {
    const db = await openPglite(undefined);
    return { db, close: () => db.close() };
  }
  const schema = benchSchemaName('reports');
  const db = await openPostgres({ connectionString: BENCH_DATABASE_URL, schema, poolSize: 10 });
  return {
    db,
    schema,
    async close() {
      await db
        .owner()
        .query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`)
        .catch(() => undefined);
      await db.close();
    },
  };
}

async function measureBackend(backend: Backend, offset: number): Promise<Figure[]> {
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const tmp = await mkdtemp(path.join(os.tmpdir(), `bench-reports-${backend}-`));
  const { db, close, schema } = await openDatabase(backend);
  const apps: App[] = [];
  try {
    await migrate(db);
    await seedDemo(db);
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    const deps = await createDeps(db, config);
    const logger = createLogger('silent');
    const build = async (service: 'iamserver' | 'reportserver') => {
      const app = await buildServiceApp({ service, deps, logger, modules: SERVICE_MODULES[service] });
      apps.push(app);
      return app;
    };
    const iam = await build('iamserver');
    const reports = await build('reportserver');
    const port = portsFor(offset).services.reportserver!;
    // The port of this PORT_OFFSET; any free one if a product already holds it.
    await reports.listen({ port, host: HOST }).catch(() => reports.listen({ port: 0, host: HOST }));
    const base = `http://${HOST}:${(reports.server.address() as AddressInfo).port}${REPORTS}`;

    const login = await iam.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/login',
      payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
    const identity = identityOfAccessToken(token);
    if (!identity) throw new Error(`login failed: ${login.body}`);

    const insertStarted = performance.now();
    await db.transaction({ role: 'freight_app', companyId: identity.companyId }, (tx) =>
      insertFixtureAuditEntries(tx, {
        companyId: identity.companyId,
        actorUserId: identity.userId,
        count: ROWS,
        startAt: new Date('2025-01-01T00:00:00Z'),
        stepMs: 1000,
      }),
    );
    const insertMs = performance.now() - insertStarted;

    const post = async (body: object) => {
      const res = await fetch(`${base}/reportSketch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`create report: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { _id: string } }).data._id;
    };
    const columns = ['createdAt', 'actor', 'action', 'entity', 'entityId'];
    const trail = await post({ name: 'Audit trail', source: 'audit', columns, chart: { groupBy: 'action' } });
    // A small report first: the first XLSX loads exceljs (lazily); the measured runs do not pay for it.
    const small = await post({
      name: 'Warm-up',
      source: 'audit',
      columns,
      filters: [{ field: 'createdAt', op: 'before', value: '2000-01-01' }],
    });
    const lazyStarted = performance.now();
    await download(`${base}/reportSketch/${small}/run?format=xlsx`, token);
    const firstXlsxMs = performance.now() - lazyStarted;
    await download(`${base}/reportSketch/${small}/run?format=csv`, token);

    const totalOf = async (id: string) => {
      const res = await fetch(`${base}/reportSketch/${id}/run?format=json`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: { total: number } }).data.total;
    };
    const previewStarted = performance.now();
    const preview = await fetch(`${base}/reportSketch/${trail}/run?format=json`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const previewBody = (await preview.json()) as { data: { total: number; rows: unknown[] } };
    const previewMs = performance.now() - previewStarted;
    const total = previewBody.data.total;
    if (total < ROWS) throw new Error(`the report counts ${total} rows, expected at least ${ROWS}`);

    const one = async (id: string, format: 'csv' | 'xlsx', expected: number): Promise<Download> => {
      const file = format === 'xlsx' ? path.join(tmp, `${id}.xlsx`) : undefined;
      collectGarbage();
      const started = performance.now();
      const m = await measured(() => download(`${base}/reportSketch/${id}/run?format=${format}`, token, file));
      const ms = performance.now() - started;
      collectGarbage();
      const retainedHeapMb = mb(process.memoryUsage().heapUsed - m.baseline.heapUsed);
      const rows = format === 'csv' ? m.result.newlines - 1 : (await xlsxRows(file!)) - 1;
      if (rows !== expected) throw new Error(`${format}: ${rows} rows downloaded, the report counts ${expected}`);
      if (file && (await stat(file)).size !== m.result.bytes)
        throw new Error('xlsx: the file kept is not what was counted');
      return {
        ms,
        bytes: m.result.bytes,
        rows,
        peakRssMb: m.peakRssMb,
        peakHeapMb: m.peakHeapMb,
        baselineRssMb: mb(m.baseline.rss),
        baselineHeapMb: mb(m.baseline.heapUsed),
        retainedHeapMb,
      };
    };
    // The same report over a seventh of the rows: if memory followed the rows, its peak would be far lower.
    const part = await post({
      name: 'Audit trail, second day on',
      source: 'audit',
      columns,
      filters: [{ field: 'createdAt', op: 'after', value: '2025-01-02' }],
    });
    const partTotal = await totalOf(part);
    // Counted again: making the second report wrote an audit entry of its own.
    const trailTotal = await totalOf(trail);
    const runs = {} as Record<'csv' | 'xlsx', Download>;
    const smaller = {} as Record<'csv' | 'xlsx', Download>;
    for (const format of ['csv', 'xlsx'] as const) {
      smaller[format] = await one(part, format, partTotal);
      runs[format] = await one(trail, format, trailTotal);
    }

    const where =
      backend === 'postgres'
        ? `PostgreSQL at ${BENCH_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (fresh schema ${schema}, dropped afterwards)`
        : 'PGlite in memory (the embedded database runs inside the service process, so its memory counts)';
    const method = (format: 'csv' | 'xlsx') =>
      `The reportserver (buildServiceApp with the product's modules, production config) in the bench's own process, ` +
      `listening on ${base.split('/')[2]}, on ${where}; migrations and the demo seed, then ` +
      `${ROWS.toLocaleString('en-US')} audit entries of the demo company inserted in one INSERT … SELECT generate_series ` +
      `(${round(insertMs)} ms). A saved report of the audit trail (5 columns, the default order: newest first) downloaded ` +
      `with \`GET /reportSketch/{id}/run?format=${format}\` by a streaming fetch in the same process that counts bytes and ` +
      (format === 'csv'
        ? 'line ends and keeps nothing'
        : 'writes the bytes to a temporary file (rows counted afterwards with exceljs’s streaming reader)') +
      `. Memory: a full garbage collection, then process.memoryUsage() sampled every ${SAMPLE_MS} ms during the download, peak minus the value just before it (garbage not yet collected counts). ` +
      'A small XLSX and CSV download ran before (exceljs loaded), and the JSON preview once.';
    const figures: Figure[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const r = runs[format];
      const seconds = r.ms / 1000;
      figures.push(
        {
          id: `reports.${backend}.${format}.time`,
          title: `Report download, ${ROWS.toLocaleString('en-US')} audit rows as ${format.toUpperCase()} on ${name}`,
          value: round(seconds, 2),
          unit: 's',
          method: method(format),
          notes: [
            `${r.rows.toLocaleString('en-US')} rows, ${round(mb(r.bytes), 1)} MB, ${Math.round(r.rows / seconds).toLocaleString('en-US')} rows/s.`,
          ],
        },
        {
          id: `reports.${backend}.${format}.memory`,
          title: `Server memory above baseline during that ${format.toUpperCase()} download on ${name} (peak RSS / peak heap)`,
          value: `${round(r.peakRssMb, 1)} / ${round(r.peakHeapMb, 1)}`,
          unit: 'MB',
          method: `The same download: ${method(format).split('. Memory: ')[1]}`,
          notes: [
            `Baseline before the download: RSS ${round(r.baselineRssMb)} MB, heap used ${round(r.baselineHeapMb)} MB; after it and a full collection the heap held ${round(r.retainedHeapMb, 1)} MB more than the baseline.`,
            `The same report filtered to ${smaller[format].rows.toLocaleString('en-US')} rows, downloaded just before: peak RSS / heap above its baseline ${round(smaller[format].peakRssMb, 1)} / ${round(smaller[format].peakHeapMb, 1)} MB in ${round(smaller[format].ms / 1000, 2)} s.`,
            'Rows are read in keyset batches of 2,000 (each batch its own read) and written as they come; the peak heap counts garbage not yet collected, which grows with the allocation rate, not with what is kept.',
          ],
        },
      );
    }
    figures.push({
      id: `reports.${backend}.preview`,
      title: `Report preview (JSON: first ${previewBody.data.rows.length} rows, total and chart by action over ${total.toLocaleString('en-US')} rows) on ${name}`,
      value: round(previewMs),
      unit: 'ms',
      method: `\`GET /reportSketch/{id}/run\` (json) of the same report, once, after the warm-up. ${where}.`,
      notes: [
        `The first XLSX download of the process (which loads exceljs) took ${round(firstXlsxMs)} ms for an empty report.`,
      ],
    });
    return figures;
  } finally {
    for (const app of apps) await app.close();
    await close();
    await rm(tmp, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  // PostgreSQL first: PGlite's memory, once grown, is not given back to the system within the process.
  const postgres = await measureBackend('postgres', ctx.offset);
  return [...(await measureBackend('pglite', ctx.offset)), ...postgres];
}
