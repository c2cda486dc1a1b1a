/**
 * Followers hear when a shipment becomes late or at risk (issue 25 items 3 and 4), once per shipment, state
 * and follower, whether the milestone that caused it or the timer's sweep noticed first, and whichever
 * sweep runs again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentSchema, type Shipment } from '../../../src/shared/contracts/shipments.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { signIn } from '../iam/iam-resources-test-kit.ts';
import { sweepAttentionNotices } from './shipment-attention-notice.ts';

const SHIPMENTS = '/shipmentserver/api/v1';
type Who = { authorization: string };

let t: TestDatabase;
let shipments: App;
let contacts: App;
let iam: App;
let admin: Who;
let ops: Who;
let customer: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  shipments.inject({ method, url: `${SHIPMENTS}${url}`, headers: who, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: shipments } = await buildTestApp('shipmentserver', t.db));
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  ops = await signIn(iam, 'ops@demo.test');
  const res = await contacts.inject({
    method: 'POST',
    url: '/contactserver/api/v1/contacts',
    headers: admin,
    payload: { name: 'Attention Customer BV' },
  });
  customer = (res.json() as { data: { _id: string } }).data._id;
});
afterAll(async () => {
  await shipments?.close();
  await contacts?.close();
  await iam?.close();
  await t?.close();
});

async function shipment(dates: { etd: string; eta: string }): Promise<Shipment> {
  const res = await call('POST', '/shipments', admin, {
    mode: 'sea-fcl',
    customerId: customer,
    origin: 'NLRTM',
    destination: 'SGSIN',
    ...dates,
  });
  expect(res.statusCode, res.body).toBe(201);
  return shipmentSchema.parse(res.json().data);
}

async function addEvent(s: Shipment, code: string, classifier: 'PLN' | 'EST' | 'ACT', at: string, who = admin) {
  const res = await call('POST', `/shipments/${s._id}/events`, who, {
    _id: randomUUID(),
    code,
    classifier,
    at,
    location: code === 'ARRI' ? 'SGSIN' : code === 'DEPA' ? 'NLRTM' : null,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The late and at-risk notifications of a shipment, as `who:title` in a stable order. */
async function notices(s: Shipment): Promise<string[]> {
  const { rows } = await t.db.owner().query<{ email: string; title: string }>(
    `SELECT u.email, n.title FROM notifications n JOIN users u ON u.id = n.user_id
      WHERE n.kind = 'shipment-attention' AND n.link = $1 ORDER BY u.email, n.title`,
    [`/shipments/${s._id}`],
  );
  return rows.map((r) => `${r.email}:${r.title}`);
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
const day = (date: Date) => date.toISOString().slice(0, 10);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('late and at-risk notices', () => {
  it('tells the followers once when a booking confirmed after its ETA makes the shipment late', async () => {
    const s = await shipment({ etd: day(daysFromNow(-20)), eta: day(daysFromNow(-2)) });
    expect(await notices(s)).toEqual([]);
    // A draft has no promise to break: confirming the booking makes it late at once.
    await addEvent(s, 'CONF', 'ACT', hoursAgo(1));
    expect(await notices(s)).toEqual([`admin@demo.test:${s.number} is late`]);

    // Later sweeps and milestones tell nobody again.
    await sweepAttentionNotices({ db: t.db }, new Date());
    await addEvent(s, 'DEPA', 'ACT', hoursAgo(0.5));
    await sweepAttentionNotices({ db: t.db }, daysFromNow(1));
    expect(await notices(s)).toEqual([`admin@demo.test:${s.number} is late`]);

    // A new follower hears of it at the next sweep, once.
    expect((await call('PUT', `/shipments/${s._id}/follow`, ops)).statusCode).toBe(200);
    const claims = await sweepAttentionNotices({ db: t.db }, new Date());
    expect(claims.filter((c) => c.shipmentId === s._id)).toEqual([
      expect.objectContaining({ state: 'late', userIds: [expect.any(String)] }),
    ]);
    await sweepAttentionNotices({ db: t.db }, new Date());
    expect(await notices(s)).toEqual([`admin@demo.test:${s.number} is late`, `ops@demo.test:${s.number} is late`]);
  });

  it('tells them when time alone makes a shipment late, at the timer’s sweep', async () => {
    const s = await shipment({ etd: day(daysFromNow(-1)), eta: day(daysFromNow(3)) });
    await addEvent(s, 'CONF', 'ACT', hoursAgo(2));
    await sweepAttentionNotices({ db: t.db }, new Date());
    expect(await notices(s)).toEqual([]);
    // Past the end of the ETA's day (UTC) without an arrival.
    await sweepAttentionNotices({ db: t.db }, daysFromNow(5));
    await sweepAttentionNotices({ db: t.db }, daysFromNow(6));
    expect(await notices(s)).toEqual([`admin@demo.test:${s.number} is late`]);
  });

  it('tells them once when an estimate puts the arrival more than 24 hours after the plan', async () => {
    const s = await shipment({ etd: day(daysFromNow(-1)), eta: day(daysFromNow(10)) });
    await addEvent(s, 'CONF', 'ACT', hoursAgo(3));
    await addEvent(s, 'ARRI', 'PLN', daysFromNow(10).toISOString());
    await addEvent(s, 'ARRI', 'EST', daysFromNow(10.5).toISOString());
    expect(await notices(s)).toEqual([]);
    await addEvent(s, 'ARRI', 'EST', daysFromNow(12).toISOString());
    expect(await notices(s)).toEqual([`admin@demo.test:${s.number} is at risk`]);
    await addEvent(s, 'ARRI', 'EST', daysFromNow(13).toISOString());
    await sweepAttentionNotices({ db: t.db }, new Date());
    expect(await notices(s)).toEqual([`admin@demo.test:${s.number} is at risk`]);
  });

  it('tells nobody of a shipment that has arrived, and nobody of another company', async () => {
    const s = await shipment({ etd: day(daysFromNow(-20)), eta: day(daysFromNow(-2)) });
    await addEvent(s, 'CONF', 'ACT', hoursAgo(30));
    await addEvent(s, 'DEPA', 'ACT', hoursAgo(20));
    // Arrived before anyone swept: the milestone that made it late and the arrival are two transactions.
    await addEvent(s, 'ARRI', 'ACT', hoursAgo(1));
    const after = await notices(s);
    await sweepAttentionNotices({ db: t.db }, daysFromNow(30));
    expect(await notices(s)).toEqual(after);
    const { rows } = await t.db.owner().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE n.kind = 'shipment-attention' AND u.company_id <> n.company_id`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
