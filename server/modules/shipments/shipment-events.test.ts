/**
 * Milestones, `/shipments/{id}/events` (docs/shipments.md), called as the app calls them: the status each
 * rule of section 14 gives, the client-made id stored once, retraction instead of change, the actual event
 * that may not lie in the future, the cancellation refused once the shipment has left, closing, and that
 * no other company sees or adds anything.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentEventsAnswer, type ShipmentEvent } from '../../../src/shared/contracts/shipment-events.ts';
import { shipmentSchema, type Shipment } from '../../../src/shared/contracts/shipments.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { signIn } from '../iam/iam-resources-test-kit.ts';

const SHIPMENTS = '/shipmentserver/api/v1';
type Who = { authorization: string };

let t: TestDatabase;
let shipments: App;
let contacts: App;
let iam: App;
let admin: Who;
let harbor: Who;
let customer: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  shipments.inject({ method, url: `${SHIPMENTS}${url}`, headers: who, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: shipments } = await buildTestApp('shipmentserver', t.db));
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
  const res = await contacts.inject({
    method: 'POST',
    url: '/contactserver/api/v1/contacts',
    headers: admin,
    payload: { name: 'Milestone Customer BV' },
  });
  customer = (res.json() as { data: { _id: string } }).data._id;
});
afterAll(async () => {
  await shipments?.close();
  await contacts?.close();
  await iam?.close();
  await t?.close();
});

async function seaShipment(extra: object = {}): Promise<Shipment> {
  const res = await call('POST', '/shipments', admin, {
    mode: 'sea-fcl',
    customerId: customer,
    origin: 'NLRTM',
    destination: 'SGSIN',
    placeOfDelivery: 'SGSIN',
    etd: '2026-03-02',
    eta: '2026-03-30',
    containers: [
      { number: 'MSKU6011672', sizeType: '45G1', seals: [] },
      { number: 'CSQU3054383', sizeType: '22G1', seals: [] },
    ],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return shipmentSchema.parse(res.json().data);
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

interface EventInput {
  _id?: string;
  code: string;
  classifier?: 'PLN' | 'EST' | 'ACT';
  at?: string;
  location?: string | null;
  containerNumber?: string;
  note?: string;
  retracts?: string;
}

async function add(shipmentId: string, event: EventInput, who: Who = admin) {
  return call('POST', `/shipments/${shipmentId}/events`, who, {
    _id: randomUUID(),
    classifier: 'ACT',
    at: hoursAgo(1),
    ...event,
  });
}

/** Adds an event that must be taken; answers it with the shipment's status after it. */
async function added(shipmentId: string, event: EventInput): Promise<ShipmentEvent & { shipmentStatus: string }> {
  const res = await add(shipmentId, event);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function events(shipmentId: string, who: Who = admin) {
  const res = await call('GET', `/shipments/${shipmentId}/events`, who);
  expect(res.statusCode, res.body).toBe(200);
  return shipmentEventsAnswer.parse(res.json());
}

async function statusOf(shipmentId: string): Promise<string> {
  return shipmentSchema.parse((await call('GET', `/shipments/${shipmentId}`, admin)).json().data).status;
}

describe('the status follows from the events that are not retracted', () => {
  it('goes draft → booked → in transit → arrived → delivered, stored on the shipment', async () => {
    const s = await seaShipment();
    expect(s.status).toBe('draft');
    expect((await added(s._id, { code: 'CONF', at: hoursAgo(50) })).shipmentStatus).toBe('booked');
    expect(await statusOf(s._id)).toBe('booked');
    expect((await added(s._id, { code: 'DEPA', location: 'NLRTM', at: hoursAgo(40) })).shipmentStatus).toBe(
      'in-transit',
    );
    expect((await added(s._id, { code: 'ARRI', location: 'SGSIN', at: hoursAgo(3) })).shipmentStatus).toBe('arrived');
    expect((await added(s._id, { code: 'RELS', location: 'SGSIN', at: hoursAgo(2) })).shipmentStatus).toBe('delivered');
    expect(await statusOf(s._id)).toBe('delivered');
  });

  it('counts LOAD at the origin as departed, DISC at the destination as arrived, DROP at the place of delivery as delivered', async () => {
    const s = await seaShipment({ placeOfDelivery: 'SGSIN' });
    await added(s._id, { code: 'CONF', classifier: 'PLN', at: hoursAgo(90) });
    expect(
      (await added(s._id, { code: 'LOAD', location: 'NLRTM', containerNumber: 'MSKU6011672', at: hoursAgo(80) }))
        .shipmentStatus,
    ).toBe('in-transit');
    expect((await added(s._id, { code: 'DISC', location: 'SGSIN', at: hoursAgo(5) })).shipmentStatus).toBe('arrived');
    expect((await added(s._id, { code: 'DROP', location: 'SGSIN', at: hoursAgo(1) })).shipmentStatus).toBe('delivered');
  });

  it('ignores estimates and places elsewhere: an EST DEPA, or an ACT DEPA at a transhipment port, is not a departure', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF' });
    expect((await added(s._id, { code: 'DEPA', classifier: 'EST', location: 'NLRTM' })).shipmentStatus).toBe('booked');
    expect((await added(s._id, { code: 'DEPA', location: 'BEANR' })).shipmentStatus).toBe('booked');
    expect((await added(s._id, { code: 'ARRI', location: 'BEANR' })).shipmentStatus).toBe('booked');
  });

  it('cancels with CANC while booked, and a retraction of the CANC brings the booking back', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF' });
    const canc = await added(s._id, { code: 'CANC' });
    expect(canc.shipmentStatus).toBe('cancelled');
    const back = await added(s._id, { code: 'CONF', retracts: canc._id });
    expect(back.shipmentStatus).toBe('booked');
  });

  it('refuses CANC with 409 SHIPMENT_IN_TRANSIT once the shipment has left, and stores nothing', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF', at: hoursAgo(10) });
    await added(s._id, { code: 'DEPA', location: 'NLRTM', at: hoursAgo(5) });
    const before = (await events(s._id)).meta.total;
    const res = await add(s._id, { code: 'CANC' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SHIPMENT_IN_TRANSIT' });
    expect((await events(s._id)).meta.total).toBe(before);
    expect(await statusOf(s._id)).toBe('in-transit');
  });

  it('closes with PATCH { closed: true }, keeps taking milestones, and reopens to the status of the events', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF' });
    // A job closes with a revenue line (issue 26); in the base currency it needs no rate.
    const charge = { kind: 'revenue', chargeCode: 'FRT', unitPrice: '1500.00', currency: 'USD' };
    expect((await call('POST', `/shipments/${s._id}/charges`, admin, charge)).statusCode).toBe(201);
    const closed = await call('PATCH', `/shipments/${s._id}`, admin, { version: s.version, closed: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe('closed');
    expect((await added(s._id, { code: 'ISSU' })).shipmentStatus).toBe('closed');
    const reopened = await call('PATCH', `/shipments/${s._id}`, admin, {
      version: closed.json().data.version,
      closed: false,
    });
    expect(reopened.json().data.status).toBe('booked');
  });
});

describe('events are appended, never changed', () => {
  it('stores the same client-made _id once: the second send answers 200 with the stored event', async () => {
    const s = await seaShipment();
    const _id = randomUUID();
    const first = await add(s._id, { _id, code: 'CONF', note: 'Booking confirmed by Maersk' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await add(s._id, { _id, code: 'CONF', note: 'Booking confirmed by Maersk' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ _id, code: 'CONF', note: 'Booking confirmed by Maersk' });
    const list = await events(s._id);
    expect(list.data.filter((e) => e._id === _id)).toHaveLength(1);
    // The id belongs to this shipment's event: another shipment cannot reuse it.
    const other = await seaShipment();
    const clash = await add(other._id, { _id, code: 'CONF' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
  });

  it('takes many events sent at once to one shipment, each counted in the status', async () => {
    const s = await seaShipment();
    const sent = await Promise.all([
      add(s._id, { code: 'CONF', at: hoursAgo(30) }),
      add(s._id, { code: 'GTIN', location: 'NLRTM', containerNumber: 'MSKU6011672', at: hoursAgo(20) }),
      add(s._id, { code: 'GTIN', location: 'NLRTM', containerNumber: 'CSQU3054383', at: hoursAgo(19) }),
      add(s._id, { code: 'DEPA', location: 'NLRTM', at: hoursAgo(10) }),
      add(s._id, { code: 'ARRI', classifier: 'EST', location: 'SGSIN', at: new Date(Date.now() + 9e8).toISOString() }),
    ]);
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const list = await events(s._id);
    expect(list.meta).toEqual({ total: 5, status: 'in-transit' });
    expect(await statusOf(s._id)).toBe('in-transit');
  });

  it('lists in time order and keeps a retracted event, marked with who retracted it and when', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF', at: hoursAgo(30) });
    const wrong = await added(s._id, { code: 'DEPA', location: 'NLRTM', at: hoursAgo(2) });
    expect(wrong.shipmentStatus).toBe('in-transit');
    // It has not sailed yet: the correction is an estimate that replaces the actual.
    const fix = await added(s._id, {
      code: 'DEPA',
      classifier: 'EST',
      location: 'NLRTM',
      at: new Date(Date.now() + 86_400_000).toISOString(),
      retracts: wrong._id,
    });
    expect(fix.shipmentStatus).toBe('booked');
    const list = await events(s._id);
    expect(list.data.map((e) => e.code + ':' + e.classifier)).toEqual(['CONF:ACT', 'DEPA:ACT', 'DEPA:EST']);
    const retracted = list.data.find((e) => e._id === wrong._id)!;
    expect(retracted.retractedBy).toMatchObject({ eventId: fix._id });
    expect(retracted.retractedBy!.userName).toBeTruthy();
    expect(retracted.retractedBy!.userName).toBe(fix.createdByName);
    expect(list.data.find((e) => e._id === fix._id)!.retractedBy).toBeNull();
  });

  it('has no route to change or remove an event, and the database refuses it too', async () => {
    const s = await seaShipment();
    const e = await added(s._id, { code: 'CONF' });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, `/shipments/${s._id}/events/${e._id}`, admin, { code: 'CANC' });
      expect(res.statusCode, method).toBe(404);
    }
    await expect(
      t.db.transaction({ role: 'freight_app', companyId: null }, (tx) =>
        tx.query(`UPDATE shipment_events SET code = 'CANC' WHERE id = $1`, [e._id]),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it('records each event in the audit trail with the status it gave', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF' });
    const { rows } = await t.db
      .owner()
      .query<{ action: string; changes: { after: { status: string }; event: { code: string } } }>(
        `SELECT action, changes FROM audit_log WHERE entity = 'shipment' AND entity_id = $1 ORDER BY created_at`,
        [s._id],
      );
    expect(rows.map((r) => r.action)).toEqual(['shipment.create', 'shipment.event']);
    expect(rows[1]!.changes).toMatchObject({ after: { status: 'booked' }, event: { code: 'CONF' } });
  });
});

describe('what an event may say', () => {
  it('refuses an actual event more than 5 minutes in the future with 400 ACTUAL_EVENT_IN_FUTURE; an estimate may', async () => {
    const s = await seaShipment();
    const inTen = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await add(s._id, { code: 'DEPA', location: 'NLRTM', at: inTen });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ACTUAL_EVENT_IN_FUTURE', details: [{ path: 'body.at' }] });
    expect((await add(s._id, { code: 'DEPA', classifier: 'EST', location: 'NLRTM', at: inTen })).statusCode).toBe(201);
    // A phone whose clock runs a little fast is still believed.
    const inThree = new Date(Date.now() + 3 * 60_000).toISOString();
    expect((await add(s._id, { code: 'GTIN', location: 'NLRTM', at: inThree })).statusCode).toBe(201);
    expect((await events(s._id)).meta.total).toBe(2);
  });

  it('names each wrong field: code, classifier, time, place, container, retracted event', async () => {
    const s = await seaShipment();
    const bad = await call('POST', `/shipments/${s._id}/events`, admin, {
      _id: 'not-a-uuid',
      code: 'SAIL',
      classifier: 'MAYBE',
      at: 'yesterday',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body._id', 'body.at', 'body.classifier', 'body.code'].sort());
    const unknown = await add(s._id, { code: 'GTIN', location: 'XXZZZ', containerNumber: 'TGHU1234567' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.location']),
    );
    const notHere = await add(s._id, { code: 'GTIN', location: 'NLRTM', containerNumber: 'CMAU0000005' });
    expect(notHere.statusCode, notHere.body).toBe(400);
    expect(notHere.json().details).toEqual([
      { path: 'body.containerNumber', message: 'CMAU0000005 is not a container of this shipment' },
    ]);
    const other = await seaShipment();
    const foreign = await added(other._id, { code: 'CONF' });
    const res = await add(s._id, { code: 'CONF', retracts: foreign._id });
    expect(res.json().details).toEqual([{ path: 'body.retracts', message: 'is not an event of this shipment' }]);
    expect((await events(s._id)).meta.total).toBe(0);
  });

  it('takes an IATA airport as the place of an air shipment', async () => {
    const res = await call('POST', '/shipments', admin, {
      mode: 'air',
      customerId: customer,
      origin: 'AMS',
      destination: 'JFK',
      masterBillNumber: '074-12345675',
    });
    const s = shipmentSchema.parse(res.json().data);
    await added(s._id, { code: 'CONF' });
    expect((await added(s._id, { code: 'DEPA', location: 'AMS' })).shipmentStatus).toBe('in-transit');
    expect((await added(s._id, { code: 'ARRI', location: 'jfk' })).shipmentStatus).toBe('arrived');
  });
});

describe('the facts stored on the shipment', () => {
  it('are what migration 029 computes for shipments stored before it (the seed and every event above)', async () => {
    const columns = `id, status, planned_departure_at, estimated_departure_at, departed_at, planned_arrival_at,
      estimated_arrival_at, arrived_at, on_hold`;
    const owner = t.db.owner();
    const read = async () =>
      (await owner.query(`SELECT ${columns} FROM shipments ORDER BY company_id, id`)).rows.map((r) =>
        JSON.stringify(r),
      );
    const written = await read();
    expect(written.some((r) => r.includes('"arrived_at":null'))).toBe(true);
    const sql = await readFile(new URL('../../db/migrations/029_shipment_milestones.sql', import.meta.url), 'utf8');
    await owner.query(sql.slice(sql.indexOf('WITH live AS')));
    expect(await read()).toEqual(written);
  });
});

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('the office’s day: needs attention, arrivals and departures', () => {
  async function attention(who: Who = admin) {
    const res = await call('GET', '/shipments/attention?limit=100', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: Array<{ _id: string; reasons: string[] }>;
      meta: { total: number; late: number; atRisk: number; onHold: number };
    };
  }
  const reasonsOf = async (id: string) => (await attention()).data.find((x) => x._id === id)?.reasons ?? [];

  it('lists a booked shipment whose ETA has passed as late, until it arrives', async () => {
    const s = await seaShipment({ etd: day(-20), eta: day(-2) });
    expect(await reasonsOf(s._id)).toEqual([]); // a draft promises nothing yet
    await added(s._id, { code: 'CONF', at: hoursAgo(600) });
    expect(await reasonsOf(s._id)).toEqual(['late']);
    await added(s._id, { code: 'DEPA', location: 'NLRTM', at: hoursAgo(400) });
    expect(await reasonsOf(s._id)).toEqual(['late']);
    await added(s._id, { code: 'ARRI', location: 'SGSIN', at: hoursAgo(1) });
    expect(await reasonsOf(s._id)).toEqual([]);
  });

  it('counts an estimate that has passed as late, and one over 24 hours after the plan as at risk', async () => {
    const s = await seaShipment({ etd: day(-5), eta: day(10) });
    await added(s._id, { code: 'CONF', at: hoursAgo(100) });
    expect(await reasonsOf(s._id)).toEqual([]);
    await added(s._id, { code: 'ARRI', classifier: 'PLN', location: 'SGSIN', at: inHours(48) });
    await added(s._id, { code: 'ARRI', classifier: 'EST', location: 'SGSIN', at: inHours(70) });
    expect(await reasonsOf(s._id)).toEqual([]);
    await added(s._id, { code: 'ARRI', classifier: 'EST', location: 'SGSIN', at: inHours(96) });
    expect(await reasonsOf(s._id)).toEqual(['at-risk']);
    await added(s._id, { code: 'ARRI', classifier: 'EST', location: 'SGSIN', at: hoursAgo(1) });
    expect(await reasonsOf(s._id)).toEqual(['late']);
  });

  it('lists a shipment on hold until a release, or until the hold is retracted', async () => {
    const s = await seaShipment({ etd: day(-5), eta: day(10) });
    await added(s._id, { code: 'CONF', at: hoursAgo(100) });
    const hold = await added(s._id, { code: 'HOLD', at: hoursAgo(5), note: 'Customs inspection' });
    expect(await reasonsOf(s._id)).toEqual(['on-hold']);
    const before = (await attention()).meta;
    await added(s._id, { code: 'RELS', at: hoursAgo(2) });
    expect(await reasonsOf(s._id)).toEqual([]);
    expect((await attention()).meta.onHold).toBe(before.onHold - 1);
    const other = await seaShipment({ etd: day(-5), eta: day(10) });
    const wrongHold = await added(other._id, { code: 'HOLD', at: hoursAgo(5) });
    expect(await reasonsOf(other._id)).toEqual(['on-hold']);
    await added(other._id, { code: 'HOLD', classifier: 'EST', at: inHours(5), retracts: wrongHold._id });
    expect(await reasonsOf(other._id)).toEqual([]);
    expect(hold.shipmentStatus).toBe('booked');
  });

  it('answers the counts of each reason, and nothing of another company', async () => {
    const { data, meta } = await attention();
    expect(meta.total).toBeGreaterThanOrEqual(data.length);
    expect(meta.late).toBe(data.filter((x) => x.reasons.includes('late')).length);
    const theirs = await attention(harbor);
    expect(theirs.data.some((x) => data.some((mine) => mine._id === x._id))).toBe(false);
  });

  it('lists the arrivals and departures of a period: actual, else estimated, else the planned day', async () => {
    const a = await seaShipment({ etd: day(-3), eta: day(30) });
    await added(a._id, { code: 'CONF', at: hoursAgo(80) });
    await added(a._id, { code: 'DEPA', location: 'NLRTM', at: hoursAgo(3) });
    await added(a._id, { code: 'ARRI', classifier: 'EST', location: 'SGSIN', at: inHours(30) });
    const b = await seaShipment({ etd: day(2), eta: day(20) });
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const res = await call(
      'GET',
      `/shipments/movements?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { arrivals, departures } = res.json().data as {
      arrivals: Array<{ _id: string; actual: boolean }>;
      departures: Array<{ _id: string; actual: boolean }>;
    };
    expect(arrivals.find((x) => x._id === a._id)).toMatchObject({ actual: false });
    expect(departures.find((x) => x._id === a._id)).toMatchObject({ actual: true });
    expect(departures.find((x) => x._id === b._id)).toMatchObject({ actual: false });
    expect(arrivals.some((x) => x._id === b._id)).toBe(false);
    const bad = await call(
      'GET',
      `/shipments/movements?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
      admin,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('reports read the milestones', () => {
  it('give the shipments source the actual departure and arrival, and the days late', async () => {
    const s = await seaShipment({ etd: day(-20), eta: day(-4) });
    await added(s._id, { code: 'CONF', at: hoursAgo(600) });
    const departed = hoursAgo(400);
    await added(s._id, { code: 'DEPA', location: 'NLRTM', at: departed });
    // Planned: the end of the ETA's day; it arrived a day and a half after that: 2 days started.
    const arrived = new Date(Date.parse(`${day(-2)}T12:00:00Z`)).toISOString();
    await added(s._id, { code: 'ARRI', location: 'SGSIN', at: arrived });
    const onTime = await seaShipment({ etd: day(-20), eta: day(-1) });
    await added(onTime._id, { code: 'CONF', at: hoursAgo(600) });
    await added(onTime._id, { code: 'ARRI', location: 'SGSIN', at: `${day(-1)}T08:00:00.000Z` });

    const { app: reports } = await buildTestApp('reportserver', t.db);
    try {
      const res = await reports.inject({
        method: 'POST',
        url: '/reportserver/api/v1/reportSketch',
        headers: admin,
        payload: {
          name: 'Late arrivals',
          source: 'shipments',
          columns: ['number', 'actualDeparture', 'actualArrival', 'daysLate'],
          filters: [],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const ran = await reports.inject({
        method: 'GET',
        url: `/reportserver/api/v1/reportSketch/${res.json().data._id}/run?format=json`,
        headers: admin,
      });
      expect(ran.statusCode, ran.body).toBe(200);
      const rows = ran.json().data.rows as unknown[][];
      const row = (number: string) => rows.find((r) => r[0] === number);
      expect(row(s.number)?.slice(3)).toEqual([2]);
      expect(Date.parse(String(row(s.number)?.[1]))).toBe(Date.parse(departed));
      expect(Date.parse(String(row(s.number)?.[2]))).toBe(Date.parse(arrived));
      expect(row(onTime.number)?.[3]).toBe(0);
    } finally {
      await reports.close();
    }
  });
});

describe('followers', () => {
  // The milestone notices only: this shipment's ETA has passed, so its followers also hear it is late
  // (shipment-attention-notice.test.ts).
  const notificationsOf = async (email: string, shipmentId: string) =>
    (
      await t.db.owner().query<{ title: string; body: string }>(
        `SELECT n.title, n.body FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE u.email = $1 AND n.link = $2 AND n.kind = 'shipment-milestone' ORDER BY n.created_at`,
        [email, `/shipments/${shipmentId}`],
      )
    ).rows;

  it('the creator follows; another user follows and unfollows; actual milestones reach the others’ bell', async () => {
    const s = await seaShipment();
    const follow = (method: 'GET' | 'PUT' | 'DELETE', who: Who) => call(method, `/shipments/${s._id}/follow`, who);
    expect((await follow('GET', admin)).json().data).toEqual({ following: true, followers: 1 });
    const ops = await signIn(iam, 'ops@demo.test');
    expect((await follow('GET', ops)).json().data).toEqual({ following: false, followers: 1 });
    expect((await follow('PUT', ops)).json().data).toEqual({ following: true, followers: 2 });
    expect((await follow('PUT', ops)).json().data).toEqual({ following: true, followers: 2 });

    await added(s._id, { code: 'CONF', classifier: 'PLN' }); // a plan is no news
    await added(s._id, { code: 'DEPA', location: 'NLRTM' });
    const told = await notificationsOf('ops@demo.test', s._id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`${s.number}: Departed`);
    expect(told[0]!.body).toContain('NLRTM');
    // Who added it is not told of it.
    expect(await notificationsOf('admin@demo.test', s._id)).toEqual([]);

    expect((await follow('DELETE', ops)).json().data).toEqual({ following: false, followers: 1 });
    await added(s._id, { code: 'ARRI', location: 'SGSIN' });
    expect(await notificationsOf('ops@demo.test', s._id)).toHaveLength(1);
    expect((await follow('PUT', harbor)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it('shows and adds nothing for another company, and 404s an unknown shipment', async () => {
    const s = await seaShipment();
    await added(s._id, { code: 'CONF' });
    expect((await call('GET', `/shipments/${s._id}/events`, harbor)).statusCode).toBe(404);
    expect((await add(s._id, { code: 'CANC' }, harbor)).statusCode).toBe(404);
    expect((await add(randomUUID(), { code: 'CONF' })).statusCode).toBe(404);
    expect(await statusOf(s._id)).toBe('booked');
  });

  it('refuses a role without shipments with 403 before looking at the body', async () => {
    await t.db.owner().query(
      `UPDATE roles SET permissions = permissions - 'shipments'
          WHERE name = 'Operations' AND company_id = (SELECT company_id FROM users WHERE email = 'ops@demo.test')`,
    );
    const ops = await signIn(iam, 'ops@demo.test');
    const s = await seaShipment();
    expect((await call('GET', `/shipments/${s._id}/events`, ops)).statusCode).toBe(403);
    expect((await call('POST', `/shipments/${s._id}/events`, ops, { code: 'nonsense' })).statusCode).toBe(403);
  });
});
