/**
 * The house bill PDF (issue 25, item 6): `GET /shipments/{id}/house-bill.pdf` of a sea shipment with 40
 * containers (each with a seal and a weight) and 40 cargo lines, from the real shipmentserver listening on
 * a port, on PostgreSQL and on PGlite. The services run in this process, on a fresh database migrated and
 * seeded with the demo data; the shipment is made through the API as the app makes it. After a few
 * warm-up downloads (the first loads pdfkit's font metrics), each download is timed from the request to
 * the last byte, one at a time: the figure is the 95th percentile, the target the 500 ms.
 *
 * `BENCH_HOUSE_BILL_RUNS` (default 30) sets how many downloads are timed; `BENCH_HOUSE_BILL_BACKENDS`
 * (default `postgres,pglite`) which databases are measured.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config.ts';
import { openPglite, openPostgres, quoteIdent, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildServiceApp, type App } from '../server/http/build-service-app.ts';
import { createLogger } from '../server/http/logger.ts';
import { SERVICE_MODULES } from '../server/modules/index.ts';
import { createDeps } from '../server/product.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.ts';
import { iso6346CheckDigit } from '../src/shared/shipments/check-digits.ts';
import { BENCH_DATABASE_URL, HOST, portsFor, round, type Figure } from './lib.ts';
import { benchSchemaName } from './postgres.ts';
import type { BenchContext } from './run-one.ts';

type Backend = 'pglite' | 'postgres';

const RUNS = Number(process.env.BENCH_HOUSE_BILL_RUNS ?? 30);
const WARMUP = 3;
const CONTAINERS = 40;
const TARGET_MS = 500;
const BACKENDS = (process.env.BENCH_HOUSE_BILL_BACKENDS ?? 'postgres,pglite').split(',') as Backend[];

function container(serial: number): string {
  const first = `BNCU${String(serial).padStart(6, '0')}`;
  return `${first}${iso6346CheckDigit(first)}`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function openDatabase(backend: Backend): Promise<{ db: Database; close(): Promise<void> }> {
  if (backend === 'pglite') {
    const db = await openPglite(undefined);
    return { db, close: () => db.close() };
  }
  const schema = benchSchemaName('house_bill');
  const db = await openPostgres({ connectionString: BENCH_DATABASE_URL, schema, poolSize: 10 });
  return {
    db,
    async close() {
      await db
        .owner()
        .query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`)
        .catch(() => undefined);
      await db.close();
    },
  };
}

async function measureBackend(backend: Backend, offset: number): Promise<Figure> {
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const { db, close } = await openDatabase(backend);
  const apps: App[] = [];
  try {
    await migrate(db);
    await seedDemo(db);
    const deps = await createDeps(db, loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }));
    const logger = createLogger('silent');
    const build = async (service: 'iamserver' | 'contactserver' | 'shipmentserver') => {
      const app = await buildServiceApp({ service, deps, logger, modules: SERVICE_MODULES[service] });
      apps.push(app);
      return app;
    };
    const iam = await build('iamserver');
    const contacts = await build('contactserver');
    const shipments = await build('shipmentserver');
    const port = portsFor(offset).services.shipmentserver!;
    await shipments.listen({ port, host: HOST }).catch(() => shipments.listen({ port: 0, host: HOST }));
    const base = `http://${HOST}:${(shipments.server.address() as AddressInfo).port}/shipmentserver/api/v1`;

    const login = await iam.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/login',
      payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    const token = (login.json() as { data?: { accessToken?: string } }).data?.accessToken;
    if (!token) throw new Error(`login failed: ${login.body}`);
    const headers = { authorization: `Bearer ${token}` };
    const contact = async (contactName: string, email: string) => {
      const res = await contacts.inject({
        method: 'POST',
        url: '/contactserver/api/v1/contacts',
        headers,
        payload: { name: contactName, email, address: '1 Harbour Road', city: 'Singapore', country: 'SG' },
      });
      if (res.statusCode !== 201) throw new Error(`contact: ${res.body}`);
      return (res.json() as { data: { _id: string } }).data._id;
    };
    const customer = await contact('Bench Customer BV', '');
    const numbers = Array.from({ length: CONTAINERS }, (_, i) => container(700_000 + i));
    const created = await shipments.inject({
      method: 'POST',
      url: '/shipmentserver/api/v1/shipments',
      headers,
      payload: {
        mode: 'sea-fcl',
        customerId: customer,
        shipperId: await contact('Bench Shipper BV', 'export@shipper.example'),
        consigneeId: await contact('Bench Consignee Pte Ltd', 'imports@consignee.example'),
        notifyPartyId: await contact('Bench Broker', 'desk@broker.example'),
        origin: 'NLRTM',
        destination: 'SGSIN',
        etd: '2026-03-02',
        eta: '2026-03-30',
        houseBillNumber: 'FDHB40BENCH',
        vesselName: 'Maersk Essen',
        voyage: '412W',
        containers: numbers.map((number, i) => ({
          number,
          sizeType: '45G1',
          seals: [`SL${800_000 + i}`],
          grossWeightKg: 21_000,
        })),
        cargo: numbers.map((number, i) => ({
          description: `Machine parts, lot ${i + 1}: gearboxes, shafts and bearings, crated`,
          packages: 12,
          packageType: 'CR',
          grossWeightKg: 19_500,
          volumeM3: 58.5,
          hsCode: '848340',
          containerNumber: number,
        })),
      },
    });
    if (created.statusCode !== 201) throw new Error(`shipment: ${created.body}`);
    const id = (created.json() as { data: { _id: string } }).data._id;

    const download = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/shipments/${id}/house-bill.pdf`, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`house bill: ${res.status}`);
      return { ms: performance.now() - started, bytes };
    };
    for (let i = 0; i < WARMUP; i += 1) await download();
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const one = await download();
      samples.push(one.ms);
      bytes = one.bytes;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    return {
      id: `house-bill-pdf.${backend}`,
      title: `House bill PDF of a sea shipment with ${CONTAINERS} containers and ${CONTAINERS} cargo lines on ${name} (p95)`,
      value: round(p95),
      unit: 'ms',
      method:
        `\`GET /shipments/{id}/house-bill.pdf\` over HTTP from the shipmentserver in this process, ${RUNS} downloads ` +
        `one at a time after ${WARMUP} warm-ups, each timed to its last byte; ${name}, demo data plus the shipment.`,
      target: `≤ ${TARGET_MS} ms`,
      pass: p95 <= TARGET_MS,
      notes: [
        `median ${round(percentile(sorted, 0.5))} ms, max ${round(sorted.at(-1)!)} ms, ${round(bytes / 1024, 1)} KiB per PDF`,
      ],
    };
  } finally {
    for (const app of apps) await app.close();
    await close();
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const backend of BACKENDS) figures.push(await measureBackend(backend, ctx.offset));
  return figures;
}
