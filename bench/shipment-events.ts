/**
 * Milestones at a real forwarder's size (issue 25), on PostgreSQL: a company with 100,000 shipments (the
 * fixture of ./shipment-fixture.ts) and 20 events each, 2,000,000 events in all, with the milestone facts
 * each shipment stores beside its status (migration 029) written as the service would have written them.
 * The dates are moved so that the company's year ends five weeks from now: most jobs are closed, a few
 * hundred are moving, and some of those are late, at risk or on hold, as in an office's real morning.
 * The product runs as its own process on that database; the bench measures through HTTP:
 * - `GET /shipments/attention` (the "Needs attention" panel), one at a time;
 * - `POST /shipments/{id}/events` at 50 connections (autocannon), each a new event with its own `_id` on one of
 *   the open shipments, half of them actual gate-ins (which also tell the followers), half new estimates.
 */
import autocannon from 'autocannon';
import { openPostgres } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { benchSchemaName, dropSchema, postgresEnv } from './postgres.ts';
import { BENCH_DATABASE_URL, login, request, round, serviceUrl, startProduct, type Figure } from './lib.ts';
import type { BenchContext } from './run-one.ts';
import { insertShipmentFixture } from './shipment-fixture.ts';

const SHIPMENTS = Number(process.env.BENCH_SHIPMENT_EVENTS_SHIPMENTS ?? 100_000);

const SEQUENTIAL_REQUESTS = 300;
const CONNECTIONS = 50;
const WARMUP_S = 2;
const MEASURE_S = 10;
const DAY_MS = 86_400_000;

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN, 1);
};

/**
 * The events of every shipment, and its facts. Codes follow a job's life: the booking confirmed, planned
 * departure and arrival, estimates revised on the way, and the equipment moves of its containers; actual
 * ones only for what has happened by now.
 */
export async function prepare(schema: string) {
  const db = await openPostgres({ connectionString: BENCH_DATABASE_URL, schema, poolSize: 4 });
  try {
    await migrate(db);
    await seedDemo(db);
    const admin = await db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ user_id: string; company_id: string }>(
        `SELECT u.id AS user_id, u.company_id FROM users u WHERE u.email = 'admin@demo.test'`,
      );
      return rows[0]!;
    });
    const year = new Date().getUTCFullYear() - 1;
    const started = performance.now();
    const fixture = await insertShipmentFixture(db, {
      companyId: admin.company_id,
      userId: admin.user_id,
      count: SHIPMENTS,
      year,
    });
    // The fixture's ETDs run over 400 days from 1 January of last year: move them so that the last ones
    // lie five weeks ahead of today.
    const shiftDays = Math.round((Date.now() + 35 * DAY_MS - (Date.UTC(year, 0, 1) + 400 * DAY_MS)) / DAY_MS);
    const tenant = { role: 'freight_app' as const, companyId: admin.company_id };
    await db.transaction(tenant, async (tx) => {
      await tx.query(`UPDATE shipments SET etd = etd + $1::int, eta = eta + $1::int`, [shiftDays]);
      // Status by where the job stands today: arrived over ten days ago → closed; arrived lately → arrived or
      // delivered; sailing → in transit; not yet left → booked. One open job in 40 runs late (its estimate
      // passed, no arrival), one in 20 is at risk (the estimate over 24 h past the plan), one in 200 on hold.
      await tx.query(
        `UPDATE shipments s SET
           status = CASE
             WHEN s.eta < current_date - 10 THEN 'closed'
             WHEN s.eta < current_date AND (hashtext(s.id::text) & 39) = 0 THEN 'in-transit'
             WHEN s.eta < current_date THEN (CASE WHEN hashtext(s.id::text) & 1 = 0 THEN 'arrived' ELSE 'delivered' END)
             WHEN s.etd < current_date THEN 'in-transit'
             ELSE 'booked' END,
           closed = s.eta < current_date - 10,
           planned_departure_at = (s.etd::timestamp + interval '18 hours') AT TIME ZONE 'UTC',
           planned_arrival_at = (s.eta::timestamp + interval '6 hours') AT TIME ZONE 'UTC',
           estimated_arrival_at = (s.eta::timestamp + interval '6 hours') AT TIME ZONE 'UTC'
             + CASE WHEN (hashtext(s.id::text) & 19) = 3 THEN interval '3 days' ELSE interval '2 hours' END,
           departed_at = CASE WHEN s.etd < current_date THEN (s.etd::timestamp + interval '20 hours') AT TIME ZONE 'UTC' END,
           arrived_at = CASE WHEN s.eta < current_date AND NOT (s.eta >= current_date - 10 AND (hashtext(s.id::text) & 39) = 0)
                             THEN (s.eta::timestamp + interval '7 hours') AT TIME ZONE 'UTC' END,
           on_hold = s.etd < current_date AND s.eta >= current_date - 10 AND (hashtext(s.id::text) % 200) = 7`,
      );
    });
    // 20 events per shipment, written in batches of shipments.
    const { rows: ids } = await db.transaction(tenant, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM shipments ORDER BY id`),
    );
    const BATCH = 5000;
    for (let from = 0; from < ids.length; from += BATCH) {
      const batch = ids.slice(from, from + BATCH).map((r) => r.id);
      await db.transaction(tenant, (tx) =>
        tx.query(
          `INSERT INTO shipment_events (company_id, shipment_id, code, classifier, at, location, container_number, created_by, created_at)
           SELECT s.company_id, s.id, e.code,
                  CASE WHEN e.kind = 'ACT' AND e.at > now() THEN 'EST' ELSE e.kind END,
                  e.at, e.location, NULL, $2::uuid, least(e.at, now())
             FROM shipments s
             CROSS JOIN LATERAL (VALUES
               ('CONF', 'ACT', s.etd::timestamp - interval '20 days', NULL),
               ('DEPA', 'PLN', s.etd::timestamp + interval '18 hours', s.origin),
               ('ARRI', 'PLN', s.eta::timestamp + interval '6 hours', s.destination),
               ('DEPA', 'EST', s.etd::timestamp + interval '19 hours', s.origin),
               ('ARRI', 'EST', s.eta::timestamp + interval '8 hours', s.destination),
               ('GTOT', 'ACT', s.etd::timestamp - interval '6 days', NULL),
               ('STUF', 'ACT', s.etd::timestamp - interval '5 days', NULL),
               ('GTIN', 'ACT', s.etd::timestamp - interval '4 days', s.origin),
               ('ISSU', 'ACT', s.etd::timestamp - interval '3 days', NULL),
               ('LOAD', 'ACT', s.etd::timestamp + interval '12 hours', s.origin),
               ('DEPA', 'ACT', s.etd::timestamp + interval '20 hours', s.origin),
               ('ARRI', 'EST', s.eta::timestamp + interval '7 hours', s.destination),
               ('ARRI', 'ACT', s.eta::timestamp + interval '7 hours', s.destination),
               ('DISC', 'ACT', s.eta::timestamp + interval '12 hours', s.destination),
               ('GTOT', 'ACT', s.eta::timestamp + interval '2 days', s.destination),
               ('RELS', 'ACT', s.eta::timestamp + interval '2 days', NULL),
               ('DROP', 'ACT', s.eta::timestamp + interval '3 days', s.destination),
               ('GTIN', 'ACT', s.eta::timestamp + interval '5 days', s.destination),
               ('STRP', 'ACT', s.eta::timestamp + interval '4 days', s.destination),
               ('PICK', 'ACT', s.eta::timestamp + interval '2 days', s.destination)
             ) AS e(code, kind, at, location)
            WHERE s.id = ANY($1::uuid[])`,
          [batch, admin.user_id],
        ),
      );
    }
    // As autovacuum would after rewriting every shipment: without it the indexes lead through 100,000 dead rows.
    await db.owner().query('VACUUM ANALYZE shipments');
    await db.owner().query('ANALYZE shipment_events');
    const { rows: open } = await db.transaction(tenant, (tx) =>
      tx.query<{ id: string; origin: string; n: number }>(
        `SELECT s.id, s.origin, (SELECT count(*)::int FROM shipment_events e WHERE e.shipment_id = s.id) AS n
           FROM shipments s WHERE s.status IN ('booked', 'in-transit') ORDER BY s.id LIMIT 2000`,
      ),
    );
    const { rows: counts } = await db.transaction(tenant, (tx) =>
      tx.query<{ events: number; open: number }>(
        `SELECT (SELECT count(*)::int FROM shipment_events) AS events,
                (SELECT count(*)::int FROM shipments WHERE status IN ('booked', 'in-transit')) AS open`,
      ),
    );
    return {
      fixture,
      events: counts[0]!.events,
      openCount: counts[0]!.open,
      open,
      prepareMs: performance.now() - started,
    };
  } finally {
    await db.close();
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const schema = benchSchemaName('shipment_events');
  try {
    const prepared = await prepare(schema);
    const product = await startProduct({ offset: ctx.offset, env: postgresEnv(schema), timeoutMs: 240_000 });
    try {
      const { accessToken } = await login(ctx.offset);
      const auth = { authorization: `Bearer ${accessToken}` };
      const attentionUrl = serviceUrl(ctx.offset, 'shipmentserver', '/shipments/attention');
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < SEQUENTIAL_REQUESTS + 20; i += 1) {
        const started = performance.now();
        const res = await request(attentionUrl, { headers: auth });
        if (res.status !== 200) throw new Error(`attention: ${res.status} ${res.body.slice(0, 300)}`);
        if (i >= 20) times.push(performance.now() - started);
        total = (JSON.parse(res.body) as { meta: { total: number } }).meta.total;
      }
      const attentionP99 = percentile(times, 0.99);

      let seq = 0;
      const eventBody = () => {
        const shipment = prepared.open[seq % prepared.open.length]!;
        seq += 1;
        const actual = seq % 2 === 0;
        return {
          path: `/shipmentserver/api/v1/shipments/${shipment.id}/events`,
          body: JSON.stringify({
            _id: crypto.randomUUID(),
            code: actual ? 'GTIN' : 'ARRI',
            classifier: actual ? 'ACT' : 'EST',
            at: new Date(Date.now() + (actual ? -3_600_000 : 5 * DAY_MS)).toISOString(),
          }),
        };
      };
      const add = (seconds: number) =>
        autocannon({
          url: new URL(serviceUrl(ctx.offset, 'shipmentserver', '/')).origin,
          connections: CONNECTIONS,
          duration: seconds,
          timeout: 10,
          headers: { ...auth, 'content-type': 'application/json' },
          requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...eventBody() }) }],
        });
      await add(WARMUP_S);
      const r = await add(MEASURE_S);
      const clean = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
      const size =
        `${prepared.fixture.shipments.toLocaleString('en')} shipments and ${prepared.events.toLocaleString('en')} events ` +
        `(${prepared.openCount.toLocaleString('en')} open), PostgreSQL`;
      return [
        {
          id: 'shipment-events.postgres.attention.p99',
          title: `"Needs attention" over ${size}, p99`,
          value: attentionP99,
          unit: 'ms',
          method:
            `${SEQUENTIAL_REQUESTS} sequential \`GET /shipments/attention\` as the demo admin after 20 warm-up calls, timed in the ` +
            'bench process through HTTP (sign-in check, tenant transaction, the late / at-risk / on-hold query with its counts).',
          target: '≤ 50 ms',
          pass: attentionP99 <= 50,
          notes: [
            `${total} shipments need attention in the fixture; ms: p50 ${percentile(times, 0.5)}, p90 ${percentile(times, 0.9)}, p99 ${attentionP99}, max ${percentile(times, 1)}.`,
            `Fixture written in ${round(prepared.prepareMs / 1000)} s.`,
          ],
        },
        {
          id: 'shipment-events.postgres.add.p99',
          title: `Adding a milestone at ${CONNECTIONS} connections, p99 (${size})`,
          value: r.latency.p99,
          unit: 'ms',
          method:
            `autocannon, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${MEASURE_S} s: \`POST /shipments/{id}/events\` on ` +
            `${prepared.open.length} open shipments in turn, each with a new \`_id\`; every second one an actual gate-in (which ` +
            'recomputes the status and tells the followers), the others a new arrival estimate.',
          target: '≤ 30 ms, no non-2xx',
          pass: r.latency.p99 <= 30 && clean,
          notes: [
            `${r['2xx']} added, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts; ${round(r.requests.average)} events/s.`,
            `Latency ms: mean ${r.latency.average}, p50 ${r.latency.p50}, p90 ${r.latency.p90}, p99 ${r.latency.p99}, max ${r.latency.max}.`,
            `Little's law: ${CONNECTIONS} callers always waiting at ${round(r.requests.average)}/s is a mean of ${round((CONNECTIONS / r.requests.average) * 1000)} ms each.`,
          ],
        },
      ];
    } finally {
      await product.stop();
    }
  } finally {
    await dropSchema(schema);
  }
}
