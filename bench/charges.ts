/**
 * Money on a job (issue 26): the two speeds the issue sets, measured on the services built in this process
 * (buildServiceApp with the product's modules and production config), on PostgreSQL and on PGlite:
 * - `GET /shipments/{id}/profit` of a shipment with 200 charge lines in 5 currencies (target ≤ 20 ms), one
 *   call at a time through `app.inject` (routing, authentication, the permission, the reads, the exact sums
 *   and the answer's serialisation; no socket);
 * - the "profit by customer" report (customer, number, ETD, revenue, cost, profit, margin, in the default
 *   order; a chart of profit by customer) over 100,000 shipments with 6 charges each, streamed as CSV from
 *   the reportserver listening
 *   on a port and read by a streaming fetch (target ≤ 10 s on PostgreSQL).
 *
 * Sizes: `BENCH_CHARGES_SHIPMENTS` (default 100,000) and `BENCH_CHARGES_SHIPMENTS_PGLITE` (default 10,000:
 * PGlite takes the fixture far more slowly); the figures' titles say the size they were taken at.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { identityOfAccessToken } from '../src/shared/token-identity.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite, openPostgres, quoteIdent, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildServiceApp, type App } from '../server/http/build-service-app.ts';
import { createLogger } from '../server/http/logger.ts';
import { SERVICE_MODULES } from '../server/modules/index.ts';
import { createDeps } from '../server/product.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { insertChargeFixture, insertFixtureRates, insertManyLines } from './charge-fixture.ts';
import { BENCH_DATABASE_URL, HOST, portsFor, round, type Figure } from './lib.ts';
import { benchSchemaName } from './postgres.ts';
import type { BenchContext } from './run-one.ts';
import { insertShipmentFixture } from './shipment-fixture.ts';

type Backend = 'pglite' | 'postgres';

const SIZES: Record<Backend, number> = {
  postgres: Number(process.env.BENCH_CHARGES_SHIPMENTS ?? 100_000),
  pglite: Number(process.env.BENCH_CHARGES_SHIPMENTS_PGLITE ?? 10_000),
};
const LINES = 200;
const PROFIT_CALLS = Number(process.env.BENCH_CHARGES_PROFIT_CALLS ?? 300);
const WARMUP_CALLS = 20;
const SHIPMENTS = '/shipmentserver/api/v1';
const REPORTS = '/reportserver/api/v1';

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function openDatabase(backend: Backend): Promise<{ db: Database; close(): Promise<void>; where: string }> {
  if (backend === 'pglite') {
    const db = await openPglite(undefined);
    return { db, close: () => db.close(), where: 'PGlite in memory' };
  }
  const schema = benchSchemaName('charges');
  const db = await openPostgres({ connectionString: BENCH_DATABASE_URL, schema, poolSize: 10 });
  return {
    db,
    where: `PostgreSQL at ${BENCH_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (fresh schema ${schema}, dropped afterwards)`,
    async close() {
      await db
        .owner()
        .query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`)
        .catch(() => undefined);
      await db.close();
    },
  };
}

/** Reads a streamed download to its end, counting bytes and line ends, keeping nothing. */
async function download(url: string, token: string): Promise<{ bytes: number; lines: number }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines += 1;
  }
  return { bytes, lines };
}

async function measureBackend(backend: Backend, offset: number): Promise<Figure[]> {
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const size = SIZES[backend];
  const { db, close, where } = await openDatabase(backend);
  const apps: App[] = [];
  try {
    await migrate(db);
    await seedDemo(db);
    const deps = await createDeps(db, loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }));
    const logger = createLogger('silent');
    const build = async (service: 'iamserver' | 'shipmentserver' | 'reportserver') => {
      const app = await buildServiceApp({ service, deps, logger, modules: SERVICE_MODULES[service] });
      apps.push(app);
      return app;
    };
    const iam = await build('iamserver');
    const shipments = await build('shipmentserver');
    const reports = await build('reportserver');
    const login = await iam.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/login',
      payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
    const identity = identityOfAccessToken(token);
    if (!identity) throw new Error(`login failed: ${login.body}`);
    const company = { companyId: identity.companyId, userId: identity.userId };
    const tenant = { role: 'freight_app' as const, companyId: company.companyId };
    const year = new Date().getUTCFullYear() - 1;

    // ---------- the profit of 200 lines ----------
    await db.transaction(tenant, (tx) => insertFixtureRates(tx, company, `${year - 1}-12-01`));
    const shipmentId = await db.transaction(tenant, (tx) => insertManyLines(tx, company, LINES));
    const profit = () =>
      shipments.inject({
        method: 'GET',
        url: `${SHIPMENTS}/shipments/${shipmentId}/profit`,
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await profit();
    if (first.statusCode !== 200) throw new Error(`profit: ${first.statusCode} ${first.body}`);
    const answer = first.json() as { data: { lines: unknown[]; rates: unknown[]; revenue: string; currency: string } };
    if (answer.data.lines.length !== LINES || answer.data.rates.length !== 5)
      throw new Error(`profit: ${answer.data.lines.length} lines in ${answer.data.rates.length} currencies`);
    for (let i = 0; i < WARMUP_CALLS; i += 1) await profit();
    const times: number[] = [];
    for (let i = 0; i < PROFIT_CALLS; i += 1) {
      const started = performance.now();
      const res = await profit();
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`profit: ${res.statusCode}`);
    }

    // ---------- profit by customer over the fixture ----------
    const fixture = await insertShipmentFixture(db, { ...company, count: size, year });
    const charges = await insertChargeFixture(db, company);
    await db.owner().query('ANALYZE');
    const port = portsFor(offset).services.reportserver!;
    await reports.listen({ port, host: HOST }).catch(() => reports.listen({ port: 0, host: HOST }));
    const base = `http://${HOST}:${(reports.server.address() as AddressInfo).port}${REPORTS}`;
    const created = await fetch(`${base}/reportSketch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Profit by customer',
        source: 'shipments',
        columns: ['customer', 'number', 'etd', 'revenue', 'cost', 'profit', 'marginPercent'],
        chart: { groupBy: 'customer', measure: 'profit' },
      }),
    });
    if (created.status !== 201) throw new Error(`report: ${created.status} ${await created.text()}`);
    const reportId = ((await created.json()) as { data: { _id: string } }).data._id;
    const previewStarted = performance.now();
    const preview = await fetch(`${base}/reportSketch/${reportId}/run`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const previewBody = (await preview.json()) as { data: { total: number; chart: { points: unknown[] } } };
    const previewMs = performance.now() - previewStarted;
    const csvStarted = performance.now();
    const csv = await download(`${base}/reportSketch/${reportId}/run?format=csv`, token);
    const csvMs = performance.now() - csvStarted;
    if (csv.lines - 1 !== previewBody.data.total)
      throw new Error(`csv: ${csv.lines - 1} rows, the report counts ${previewBody.data.total}`);

    const shipmentsText = size.toLocaleString('en-US');
    return [
      {
        id: `charges.${backend}.profit-200-lines`,
        title: `Profit of a shipment with ${LINES} charge lines in 5 currencies on ${name} (median / p95)`,
        value: `${round(percentile(times, 0.5), 1)} / ${round(percentile(times, 0.95), 1)}`,
        unit: 'ms',
        method:
          `\`GET /shipments/{id}/profit\` through app.inject on the shipmentserver built in the bench's process, ` +
          `${PROFIT_CALLS} calls one after another after ${WARMUP_CALLS} warm-up calls; ${where}, migrations and the ` +
          `demo seed, then ${LINES} charges on one demo shipment in USD (the base), EUR, CNY, SGD and GBP.`,
        notes: [`Target ≤ 20 ms. Revenue ${answer.data.revenue} ${answer.data.currency}.`],
      },
      {
        id: `charges.${backend}.profit-by-customer-csv`,
        title: `"Profit by customer" report over ${shipmentsText} shipments × 6 charges as CSV on ${name}`,
        value: round(csvMs / 1000, 2),
        unit: 's',
        method:
          `A saved shipments report (customer, number, ETD, revenue, cost, profit, margin; the default order, ETD newest first; a chart ` +
          `of profit by customer) downloaded with \`GET /reportSketch/{id}/run?format=csv\` from the reportserver ` +
          `listening on ${base.split('/')[2]} by a streaming fetch that counts bytes and line ends; ${where}. ` +
          `${shipmentsText} fixture shipments (${round(fixture.ms / 1000, 1)} s to insert) and ` +
          `${charges.charges.toLocaleString('en-US')} charges in 4 currencies (${round(charges.ms / 1000, 1)} s), then ANALYZE.`,
        notes: [
          `Target ≤ 10 s on PostgreSQL. ${(csv.lines - 1).toLocaleString('en-US')} rows, ${round(csv.bytes / 1024 / 1024, 1)} MB.`,
          `The JSON preview (first rows, total, chart of ${previewBody.data.chart.points.length} customers) took ${round(previewMs)} ms.`,
        ],
      },
    ];
  } finally {
    for (const app of apps) await app.close();
    await close();
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const postgres = await measureBackend('postgres', ctx.offset);
  return [...(await measureBackend('pglite', ctx.offset)), ...postgres];
}
