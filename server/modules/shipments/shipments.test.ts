/**
 * shipmentserver (docs/shipments.md), called as the app calls it: every rule of a shipment with a valid and
 * an invalid example (real container numbers), the parties and places checked against the company's
 * contacts and master's lists, the merged record checked on update, versions, client-made ids with
 * Idempotency-Key, numbers without gaps under concurrent creates, the search that ignores case, spaces,
 * dashes and accents, the filters and the dashboard's figures, deletion of drafts only, and isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listAnswer } from '../../../src/shared/contracts/resource-contract.ts';
import { shipmentSchema, type Shipment } from '../../../src/shared/contracts/shipments.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { signIn } from '../iam/iam-resources-test-kit.ts';

const SHIPMENTS = '/shipmentserver/api/v1';
const CONTACTS = '/contactserver/api/v1';
type Who = { authorization: string };

let t: TestDatabase;
let shipments: App;
let contacts: App;
let iam: App;
let admin: Who;
let harbor: Who;
let customer: string;
let shipper: string;
let harborContact: string;
const year = new Date().getUTCFullYear();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: object, headers = {}) =>
  shipments.inject({
    method,
    url: `${SHIPMENTS}${url}`,
    headers: { ...who, ...headers },
    ...(payload ? { payload } : {}),
  });

async function contact(name: string, who: Who = admin): Promise<string> {
  const res = await contacts.inject({ method: 'POST', url: `${CONTACTS}/contacts`, headers: who, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: shipments } = await buildTestApp('shipmentserver', t.db));
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  admin = await signIn(iam, 'admin@demo.test');
  harbor = await signIn(iam, 'admin@harbor.test');
  customer = await contact('Müller Logística GmbH');
  shipper = await contact('Shenzhen Bright Electronics Co.');
  harborContact = await contact('Harbor Own Customer BV', harbor);
});
afterAll(async () => {
  await shipments?.close();
  await contacts?.close();
  await iam?.close();
  await t?.close();
});

const seaBody = (extra: object = {}) => ({
  mode: 'sea-fcl',
  direction: 'export',
  customerId: customer,
  shipperId: shipper,
  incoterm: 'FOB',
  incotermPlace: 'Rotterdam',
  freightPayment: 'prepaid',
  origin: 'NLRTM',
  destination: 'SGSIN',
  etd: '2026-03-02',
  eta: '2026-03-30',
  carrierBookingReference: 'MAEU-240987654',
  masterBillNumber: 'MAEU240987654',
  houseBillNumber: 'DEMOHB000123',
  vesselName: 'Maersk Essen',
  vesselImo: '9456771',
  voyage: '412W',
  containers: [
    { number: 'MSKU6011672', sizeType: '45G1', seals: ['ML1234567'] },
    { number: 'CSQU3054383', sizeType: '22G1' },
  ],
  cargo: [
    {
      description: 'Laptop computers',
      packages: 120,
      packageType: 'CT',
      grossWeightKg: 2400,
      volumeM3: 18.5,
      hsCode: '8471.30',
      containerNumber: 'MSKU6011672',
    },
  ],
  ...extra,
});

const airBody = (extra: object = {}) => ({
  mode: 'air',
  customerId: customer,
  incoterm: 'FCA',
  origin: 'AMS',
  destination: 'JFK',
  etd: '2026-03-02',
  eta: '2026-03-03',
  masterBillNumber: '074-12345675',
  flightNumber: 'KL6011',
  cargo: [{ description: 'Spare parts', packages: 4, packageType: 'PX', grossWeightKg: 100, volumeM3: 1 }],
  ...extra,
});

async function create(body: object, who: Who = admin, headers = {}): Promise<Shipment> {
  const res = await call('POST', '/shipments', who, body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return shipmentSchema.parse(res.json().data);
}

/** The 400 of a refused create: each detail's path and message. */
async function refusal(body: object, who: Who = admin) {
  const res = await call('POST', '/shipments', who, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  return res.json().details as Array<{ path: string; message: string }>;
}

const paginate = async (body: object, who: Who = admin) => {
  const res = await call('POST', '/shipments/paginate', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return listAnswer(shipmentSchema).parse(res.json());
};

describe('a shipment is created with its number, children and totals', () => {
  it('stores a sea shipment with its containers and cargo, numbered in the SEA series of this year', async () => {
    const s = await create(seaBody());
    expect(s.number).toMatch(new RegExp(`^SEA-${year}-\\d{5}$`));
    expect(s.status).toBe('draft');
    expect(s.customerName).toBe('Müller Logística GmbH');
    expect(s.containers).toEqual([
      { number: 'MSKU6011672', sizeType: '45G1', seals: ['ML1234567'], grossWeightKg: null },
      { number: 'CSQU3054383', sizeType: '22G1', seals: [], grossWeightKg: null },
    ]);
    expect(s.cargo[0]).toMatchObject({ hsCode: '847130', containerNumber: 'MSKU6011672', dangerousGoods: null });
    expect(s.totals).toEqual({ packages: 120, grossWeightKg: 2400, volumeM3: 18.5, chargeableWeightKg: null });
    const read = await call('GET', `/shipments/${s._id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(`"${s.version}"`);
    expect(shipmentSchema.parse(read.json().data)).toEqual(s);
  });

  it('keeps a container number typed as painted on the box in its ISO 6346 form', async () => {
    const s = await create(seaBody({ containers: [{ number: 'msku 601167-2', sizeType: '22g1' }], cargo: [] }));
    expect(s.containers[0]).toMatchObject({ number: 'MSKU6011672', sizeType: '22G1' });
  });

  it('gives air its chargeable weight: 1 m³ counts as 166.667 kg when that is more than the gross weight', async () => {
    const s = await create(airBody());
    expect(s.number).toMatch(new RegExp(`^AIR-${year}-\\d{5}$`));
    expect(s.totals).toEqual({ packages: 4, grossWeightKg: 100, volumeM3: 1, chargeableWeightKg: 166.667 });
    const heavy = await create(
      airBody({ cargo: [{ description: 'Steel', packages: 1, packageType: 'CR', grossWeightKg: 500, volumeM3: 1 }] }),
    );
    expect(heavy.totals.chargeableWeightKg).toBe(500);
  });

  it('numbers road in its own series, and sea-lcl in the SEA series', async () => {
    const road = await create({ mode: 'road', customerId: customer, origin: 'DEHAM', destination: 'DEHAM' });
    expect(road.number).toMatch(new RegExp(`^ROAD-${year}-\\d{5}$`));
    const lcl = await create(seaBody({ mode: 'sea-lcl', containers: [], cargo: [] }));
    expect(lcl.number).toMatch(new RegExp(`^SEA-${year}-\\d{5}$`));
  });

  it('stores dangerous goods with their UN number, class and packing group', async () => {
    const s = await create(
      seaBody({
        cargo: [
          {
            description: 'Paint, flammable',
            packages: 40,
            packageType: 'DR',
            grossWeightKg: 8000,
            volumeM3: 10,
            dangerousGoods: { unNumber: 'UN 1263', class: '3', packingGroup: 'II' },
          },
        ],
      }),
    );
    expect(s.cargo[0]!.dangerousGoods).toEqual({ unNumber: '1263', class: '3', packingGroup: 'II' });
  });
});

describe('every rule of a shipment names its field', () => {
  // Each case: a body that breaks one rule, the field it names and (part of) the message; the valid
  // counterpart of each is in the creates above or named in the case.
  const cases: Array<[string, () => object, string, string]> = [
    [
      'an ISO 6346 check digit',
      () => seaBody({ containers: [{ number: 'MSKU6011673', sizeType: '45G1' }], cargo: [] }),
      'body.containers.0.number',
      'check digit should be 2',
    ],
    [
      'the check digit of the second container',
      () =>
        seaBody({
          containers: [
            { number: 'MSKU6011672', sizeType: '45G1' },
            { number: 'CSQU3054380', sizeType: '22G1' },
          ],
          cargo: [],
        }),
      'body.containers.1.number',
      'check digit should be 3',
    ],
    [
      'a container number in the ISO 6346 form',
      () => seaBody({ containers: [{ number: 'MSKX6011672', sizeType: '45G1' }], cargo: [] }),
      'body.containers.0.number',
      'owner code',
    ],
    [
      'a container once per shipment',
      () =>
        seaBody({
          containers: [
            { number: 'MSKU6011672', sizeType: '45G1' },
            { number: 'MSKU 601167 2', sizeType: '22G1' },
          ],
          cargo: [],
        }),
      'body.containers.1.number',
      'already container 1',
    ],
    [
      'an ISO 6346 size-type code',
      () => seaBody({ containers: [{ number: 'MSKU6011672', sizeType: '40HC' }], cargo: [] }),
      'body.containers.0.sizeType',
      'size-type',
    ],
    [
      'containers on sea shipments only',
      () => airBody({ containers: [{ number: 'MSKU6011672', sizeType: '45G1' }] }),
      'body.containers',
      'only sea shipments',
    ],
    [
      'a UN/ECE Recommendation 21 package code',
      () => airBody({ cargo: [{ description: 'x', packages: 1, packageType: 'XX', grossWeightKg: 1, volumeM3: 0 }] }),
      'body.cargo.0.packageType',
      'Recommendation 21',
    ],
    [
      'at least one package',
      () => airBody({ cargo: [{ description: 'x', packages: 0, packageType: 'CT', grossWeightKg: 1, volumeM3: 0 }] }),
      'body.cargo.0.packages',
      'at least 1',
    ],
    [
      'a gross weight above 0',
      () => airBody({ cargo: [{ description: 'x', packages: 1, packageType: 'CT', grossWeightKg: 0, volumeM3: 0 }] }),
      'body.cargo.0.grossWeightKg',
      'more than 0',
    ],
    [
      'a volume not below 0',
      () => airBody({ cargo: [{ description: 'x', packages: 1, packageType: 'CT', grossWeightKg: 1, volumeM3: -1 }] }),
      'body.cargo.0.volumeM3',
      'negative',
    ],
    [
      'an HS code of 6 to 10 digits',
      () =>
        airBody({
          cargo: [{ description: 'x', packages: 1, packageType: 'CT', grossWeightKg: 1, volumeM3: 0, hsCode: '84713' }],
        }),
      'body.cargo.0.hsCode',
      'HS code',
    ],
    [
      'cargo in one of the shipment’s containers',
      () =>
        seaBody({
          containers: [{ number: 'MSKU6011672', sizeType: '45G1' }],
          cargo: [
            {
              description: 'x',
              packages: 1,
              packageType: 'CT',
              grossWeightKg: 1,
              volumeM3: 0,
              containerNumber: 'CSQU3054383',
            },
          ],
        }),
      'body.cargo.0.containerNumber',
      'not one of this shipment',
    ],
    [
      'a UN number of four digits',
      () =>
        airBody({
          cargo: [
            {
              description: 'x',
              packages: 1,
              packageType: 'CT',
              grossWeightKg: 1,
              volumeM3: 0,
              dangerousGoods: { unNumber: '126', class: '3', packingGroup: 'II' },
            },
          ],
        }),
      'body.cargo.0.dangerousGoods.unNumber',
      'four digits',
    ],
    [
      'a dangerous goods class with its division',
      () =>
        airBody({
          cargo: [
            {
              description: 'x',
              packages: 1,
              packageType: 'CT',
              grossWeightKg: 1,
              volumeM3: 0,
              dangerousGoods: { unNumber: '1263', class: '2.4', packingGroup: 'II' },
            },
          ],
        }),
      'body.cargo.0.dangerousGoods.class',
      'class',
    ],
    [
      'a packing group I, II or III',
      () =>
        airBody({
          cargo: [
            {
              description: 'x',
              packages: 1,
              packageType: 'CT',
              grossWeightKg: 1,
              volumeM3: 0,
              dangerousGoods: { unNumber: '1263', class: '3', packingGroup: 'IV' },
            },
          ],
        }),
      'body.cargo.0.dangerousGoods.packingGroup',
      'packing group',
    ],
    ['an Incoterms 2020 rule', () => seaBody({ incoterm: 'FOT' }), 'body.incoterm', 'Incoterms 2020'],
    ['FOB for sea freight only (FCA for air)', () => airBody({ incoterm: 'FOB' }), 'body.incoterm', 'sea freight only'],
    ['prepaid or collect', () => seaBody({ freightPayment: 'cash' }), 'body.freightPayment', 'prepaid or collect'],
    ['a mode', () => seaBody({ mode: 'rail' }), 'body.mode', 'sea-fcl'],
    ['a direction', () => seaBody({ direction: 'inbound' }), 'body.direction', 'export'],
    ['an ETA not before the ETD', () => seaBody({ eta: '2026-03-01' }), 'body.eta', 'before the ETD'],
    ['an ETD that is a date', () => seaBody({ etd: '2026-02-30' }), 'body.etd', 'date'],
    [
      'a booking reference of at most 35 characters',
      () => seaBody({ carrierBookingReference: 'B'.repeat(36) }),
      'body.carrierBookingReference',
      '',
    ],
    [
      'a sea bill of at most 20 characters',
      () => seaBody({ masterBillNumber: 'M'.repeat(21) }),
      'body.masterBillNumber',
      '',
    ],
    [
      'an air waybill check digit',
      () => airBody({ masterBillNumber: '074-12345670' }),
      'body.masterBillNumber',
      'check digit should be 5',
    ],
    [
      'an air waybill form',
      () => airBody({ houseBillNumber: 'HAWB123' }),
      'body.houseBillNumber',
      'air waybill number',
    ],
    ['an IMO check digit', () => seaBody({ vesselImo: '9456772' }), 'body.vesselImo', 'check digit should be 1'],
    ['an IATA flight designator', () => airBody({ flightNumber: 'KLM12345' }), 'body.flightNumber', 'KL1234'],
    ['a customer', () => seaBody({ customerId: undefined }), 'body.customerId', ''],
  ];

  it.each(cases)('%s', async (_rule, body, path, message) => {
    const details = await refusal(body());
    expect(details.map((d) => d.path)).toContain(path);
    expect(details.find((d) => d.path === path)!.message).toContain(message);
  });

  it('accepts the valid counterparts: IMO 9456771, air waybill 074-12345675, flight KL6011, FCA by air', async () => {
    const s = await create(airBody({ houseBillNumber: '074-12345686' }));
    expect(s).toMatchObject({
      masterBillNumber: '074-12345675',
      houseBillNumber: '074-12345686',
      flightNumber: 'KL6011',
    });
    expect((await create(seaBody({ vesselImo: 'IMO 9456771' }))).vesselImo).toBe('9456771');
  });

  it('refuses a party that is no contact of the company, another company’s included', async () => {
    const details = await refusal(seaBody({ shipperId: harborContact, consigneeId: randomUUID() }));
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'body.shipperId', message: 'is not a contact of this company' },
        { path: 'body.consigneeId', message: 'is not a contact of this company' },
      ]),
    );
    const foreignCustomer = await refusal(seaBody({ customerId: harborContact }));
    expect(foreignCustomer.map((d) => d.path)).toEqual(['body.customerId']);
  });

  it('takes for sea only UN/LOCODE seaports, for air IATA airports, for road any known UN/LOCODE', async () => {
    expect((await refusal(seaBody({ origin: 'ZZZZZ' }))).map((d) => d.path)).toEqual(['body.origin']);
    expect((await refusal(seaBody({ destination: 'SGQQQ' }))).map((d) => d.path)).toEqual(['body.destination']);
    expect((await refusal(airBody({ origin: 'NLRTM' }))).map((d) => d.path)).toContain('body.origin');
    expect((await refusal(airBody({ destination: 'QQQ' }))).map((d) => d.path)).toEqual(['body.destination']);
    const road = await create({ mode: 'road', customerId: customer, origin: 'DEFRA', destination: 'NLRTM' });
    expect(road).toMatchObject({ origin: 'DEFRA', destination: 'NLRTM' });
    expect((await refusal({ mode: 'road', customerId: customer, origin: 'ZZQQQ' })).map((d) => d.path)).toEqual([
      'body.origin',
    ]);
  });

  it('takes known UN/LOCODEs as the places of receipt and delivery', async () => {
    const s = await create(seaBody({ placeOfReceipt: 'DEDUS', placeOfDelivery: 'SGSIN' }));
    expect(s).toMatchObject({ placeOfReceipt: 'DEDUS', placeOfDelivery: 'SGSIN' });
    expect((await refusal(seaBody({ placeOfDelivery: 'SGQQQ' }))).map((d) => d.path)).toEqual(['body.placeOfDelivery']);
  });

  it('stores nothing when a rule is broken: the series has no gap after a refusal', async () => {
    const before = await create(airBody());
    await refusal(airBody({ masterBillNumber: '074-12345670' }));
    const after = await create(airBody());
    expect(Number(after.number.slice(-5))).toBe(Number(before.number.slice(-5)) + 1);
  });
});

describe('an update is the merged record, checked whole', () => {
  it('changes the fields sent, replaces containers and cargo whole, keeps the number', async () => {
    const s = await create(seaBody());
    const res = await call('PATCH', `/shipments/${s._id}`, admin, {
      version: s.version,
      voyage: '413E',
      containers: [{ number: 'CSQU3054383', sizeType: '22G1' }],
      cargo: [{ description: 'Monitors', packages: 10, packageType: 'CT', grossWeightKg: 300, volumeM3: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = shipmentSchema.parse(res.json().data);
    expect(after).toMatchObject({
      number: s.number,
      voyage: '413E',
      version: s.version + 1,
      vesselName: 'Maersk Essen',
    });
    expect(after.containers.map((c) => c.number)).toEqual(['CSQU3054383']);
    expect(after.totals).toMatchObject({ packages: 10, grossWeightKg: 300 });
  });

  it('checks a change of mode against what is stored: air refuses the sea ports, bills and containers', async () => {
    const s = await create(seaBody());
    const res = await call('PATCH', `/shipments/${s._id}`, admin, { version: s.version, mode: 'air' });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.incoterm',
        'body.origin',
        'body.destination',
        'body.masterBillNumber',
        'body.containers',
      ]),
    );
    // Nothing changed.
    expect((await call('GET', `/shipments/${s._id}`, admin)).json().data.version).toBe(s.version);
  });

  it('refuses a stale version with 409, and takes If-Match', async () => {
    const s = await create(airBody());
    const ok = await call('PATCH', `/shipments/${s._id}`, admin, { voyage: 'x' }, { 'if-match': `"${s.version}"` });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await call('PATCH', `/shipments/${s._id}`, admin, { version: s.version, voyage: 'y' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', conflict: { version: s.version + 1 } });
  });

  it('closes with closed: true, and a closed shipment cannot be deleted', async () => {
    const s = await create(airBody());
    // A job closes with a revenue line (issue 26); in the base currency it needs no rate.
    const charge = { kind: 'revenue', chargeCode: 'FRT', unitPrice: '850.00', currency: 'USD' };
    expect((await call('POST', `/shipments/${s._id}/charges`, admin, charge)).statusCode).toBe(201);
    const res = await call('PATCH', `/shipments/${s._id}`, admin, { version: s.version, closed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'closed', closed: true });
    const del = await call('DELETE', `/shipments/${s._id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'SHIPMENT_NOT_DRAFT' });
    expect(del.json().message).toContain(s.number);
  });

  it('deletes a draft, and audits create, update and delete', async () => {
    const s = await create(airBody());
    expect((await call('DELETE', `/shipments/${s._id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/shipments/${s._id}`, admin)).statusCode).toBe(404);
    const { rows } = await t.db
      .owner()
      .query<{ action: string }>(
        `SELECT action FROM audit_log WHERE entity = 'shipment' AND entity_id = $1 ORDER BY id`,
        [s._id],
      );
    expect(rows.map((r) => r.action)).toEqual(['shipment.create', 'shipment.delete']);
  });
});

describe('a client-made id', () => {
  it('lands once: the same create with its Idempotency-Key answers the same shipment', async () => {
    const id = randomUUID();
    const headers = { 'idempotency-key': `create-${id}` };
    const first = await create(airBody({ _id: id }), admin, headers);
    expect(first._id).toBe(id);
    const again = await call('POST', '/shipments', admin, airBody({ _id: id }), headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ _id: id, number: first.number });
    const page = await paginate({ search: first.number });
    expect(page.meta.total).toBe(1);
  });

  it('is refused as a second shipment, and another company’s id is neither refused nor revealed', async () => {
    const id = randomUUID();
    await create(airBody({ _id: id }));
    const twice = await call('POST', '/shipments', admin, airBody({ _id: id }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'body._id' }] });
    const theirs = await create(airBody({ _id: id, customerId: harborContact }), harbor);
    expect(theirs).toMatchObject({ _id: id, customerName: 'Harbor Own Customer BV' });
    expect((await call('GET', `/shipments/${id}`, admin)).json().data.customerName).toBe('Müller Logística GmbH');
  });
});

describe('numbers', () => {
  it('are consecutive without gaps or duplicates under 20 concurrent creates', async () => {
    const last = (await paginate({ filters: { mode: 'road' }, sort: '-number', limit: 1 })).data[0];
    const start = last ? Number(last.number.slice(-5)) : 0;
    const created = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/shipments', admin, { mode: 'road', customerId: customer })),
    );
    for (const res of created) expect(res.statusCode, res.body).toBe(201);
    const numbers = created.map((res) => (res.json().data as Shipment).number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `ROAD-${year}-${String(start + i + 1).padStart(5, '0')}`),
    );
  });

  it('keep five digits or more past 99,999, and the number taken last is the one searched and audited', async () => {
    const harborId = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ company_id: string }>(
        `SELECT company_id FROM users WHERE email = 'admin@harbor.test'`,
      );
      await tx.query(
        `INSERT INTO number_counters (company_id, series, year, last_value) VALUES ($1, 'shipment:ROAD', $2, 99999)
         ON CONFLICT (company_id, series, year) DO UPDATE SET last_value = 99999`,
        [rows[0]!.company_id, year],
      );
      return rows[0]!.company_id;
    });
    const road = await create({ mode: 'road', customerId: harborContact }, harbor);
    expect(road.number).toBe(`ROAD-${year}-100000`);
    const found = await paginate({ search: `road ${year} 100000` }, harbor);
    expect(found.data.map((x) => x._id)).toEqual([road._id]);
    const audited = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ changes: { after: { number: string } } }>(
        `SELECT changes FROM audit_log WHERE company_id = $1 AND entity_id = $2 AND action = 'shipment.create'`,
        [harborId, road._id],
      );
      return rows;
    });
    expect(audited.map((r) => r.changes.after.number)).toEqual([road.number]);
  });

  it('run per company: Harbor’s series is its own', async () => {
    const demoLast = (await paginate({ filters: { mode: 'air' }, sort: '-number', limit: 1 })).data[0]!;
    const ours = await create(airBody({ customerId: harborContact }), harbor);
    const theirsBefore = Number(demoLast.number.slice(-5));
    expect(ours.number).toMatch(new RegExp(`^AIR-${year}-\\d{5}$`));
    expect(Number(ours.number.slice(-5))).toBeLessThan(theirsBefore);
  });
});

describe('search and filters', () => {
  let s: Shipment;
  beforeAll(async () => {
    const customerId = await contact('Société Générale d’Électronique');
    s = await create(
      seaBody({
        customerId,
        carrierBookingReference: 'HLCU-SRCH-7731',
        masterBillNumber: 'HLCUSRCHMB01',
        houseBillNumber: 'FDHBSRCH02',
        containers: [{ number: 'TGHU9876542', sizeType: '45G1' }],
        cargo: [],
        etd: '2026-05-11',
        eta: '2026-06-02',
        origin: 'DEHAM',
        destination: 'USNYC',
      }),
    );
  });

  const finds = async (search: string, id = s._id) =>
    (await paginate({ search, limit: 100 })).data.some((x) => x._id === id);

  it('finds a container number typed with spaces, dashes and in lower case', async () => {
    expect(await finds('tghu 987654-2')).toBe(true);
    expect(await finds('TGHU 987654')).toBe(true);
    const msku = await paginate({ search: 'msku 601167-2' });
    expect(msku.meta.total).toBeGreaterThan(0);
    for (const x of msku.data) expect(x.containers.map((c) => c.number)).toContain('MSKU6011672');
  });

  it('finds the booking reference, either bill number and the number', async () => {
    expect(await finds('hlcu srch 7731')).toBe(true);
    expect(await finds('hlcusrchmb01')).toBe(true);
    expect(await finds('fd-hb-srch-02')).toBe(true);
    expect(await finds(s.number.toLowerCase())).toBe(true);
    expect(await finds('NOTHING-LIKE-IT-9')).toBe(false);
  });

  it('answers a whole container or bill number by its key alone, and part of one by “contains”', async () => {
    // Another shipment whose house bill holds the container number inside it: a "contains" match only.
    const other = await create(
      seaBody({ houseBillNumber: 'XTGHU9876542Z', containers: [], cargo: [], carrierBookingReference: '' }),
    );
    const whole = await paginate({ search: 'tghu 987654-2', limit: 100 });
    expect(whole.data.map((x) => x._id)).toEqual([s._id]);
    expect(whole.meta.total).toBe(1);
    // Not a whole key of any shipment: both match by "contains", the total counts both.
    const part = await paginate({ search: 'TGHU 987654', limit: 100 });
    expect(part.data.map((x) => x._id).sort()).toEqual([s._id, other._id].sort());
    expect(part.meta.total).toBe(2);
    expect((await paginate({ search: 'xtghu-9876542-z' })).data.map((x) => x._id)).toEqual([other._id]);
    // A whole key with the list's filters: the filters still apply.
    expect((await paginate({ search: 'HLCUSRCHMB01', filters: { mode: 'air' } })).meta.total).toBe(0);
    expect((await paginate({ search: 'HLCUSRCHMB01', filters: { mode: 'sea-fcl' } })).meta.total).toBe(1);
    expect((await call('DELETE', `/shipments/${other._id}`, admin)).statusCode).toBe(200);
  });

  it('pages and sorts the same with and without the customer’s name as the sort', async () => {
    for (const sort of ['customerName', '-etd', 'number']) {
      const four = await paginate({ sort, limit: 4 });
      const second = await paginate({ sort, limit: 2, page: 2 });
      expect(second.data.map((x) => x._id)).toEqual(four.data.slice(2).map((x) => x._id));
      expect(second.meta.total).toBe(four.meta.total);
    }
  });

  it('finds the customer’s name without its accents, and follows a rename of the contact', async () => {
    expect(await finds('societe generale')).toBe(true);
    expect(await finds('ÉLECTRONIQUE')).toBe(true);
    const contactRes = await contacts.inject({
      method: 'GET',
      url: `${CONTACTS}/contacts/${s.customerId}`,
      headers: admin,
    });
    const renamed = await contacts.inject({
      method: 'PATCH',
      url: `${CONTACTS}/contacts/${s.customerId}`,
      headers: admin,
      payload: { version: contactRes.json().data.version, name: 'Nordlicht Handels AG' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await finds('nordlicht')).toBe(true);
    expect(await finds('societe generale')).toBe(false);
    expect((await call('GET', `/shipments/${s._id}`, admin)).json().data.customerName).toBe('Nordlicht Handels AG');
  });

  it('filters by mode, status, direction, customer, route and dates, and sorts', async () => {
    const page = await paginate({
      filters: {
        mode: ['sea-fcl', 'sea-lcl'],
        status: 'draft',
        direction: 'export',
        customerId: s.customerId,
        origin: 'deham',
        destination: 'USNYC',
        etdFrom: '2026-05-11',
        etdTo: '2026-05-11',
        etaFrom: '2026-06-01',
        etaTo: '2026-06-30',
      },
    });
    expect(page.data.map((x) => x._id)).toEqual([s._id]);
    expect((await paginate({ filters: { etdFrom: '2026-05-12', customerId: s.customerId } })).meta.total).toBe(0);
    expect((await paginate({ filters: { mode: 'air', customerId: s.customerId } })).meta.total).toBe(0);
    const byEtd = await paginate({ sort: 'etd', limit: 100 });
    const etds = byEtd.data.map((x) => x.etd).filter((d): d is string => d !== null);
    expect(etds).toEqual([...etds].sort());
    const list = await call('GET', '/shipments?search=tghu%209876542', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: Shipment) => x._id)).toEqual([s._id]);
  });

  it('answers the dashboard’s figures: open by status, departures and arrivals in a range', async () => {
    const res = await call('GET', '/shipments/summary?from=2026-05-11&to=2026-05-17', admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data.open).sort()).toEqual(['arrived', 'booked', 'delivered', 'draft', 'in-transit']);
    expect(data.departures).toBeGreaterThanOrEqual(1);
    const draftBefore = data.open.draft as number;
    await create(airBody({ etd: '2026-05-12', eta: '2026-05-13' }));
    const after = (await call('GET', '/shipments/summary?from=2026-05-11&to=2026-05-17', admin)).json().data;
    expect(after).toMatchObject({ departures: data.departures + 1, arrivals: data.arrivals + 1 });
    expect(after.open.draft).toBe(draftBefore + 1);
  });
});

describe('isolation and permissions', () => {
  it('shows and changes nothing of another company through any route', async () => {
    const s = await create(seaBody());
    expect((await call('GET', `/shipments/${s._id}`, harbor)).statusCode).toBe(404);
    expect((await call('PATCH', `/shipments/${s._id}`, harbor, { version: 1, voyage: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/shipments/${s._id}`, harbor)).statusCode).toBe(404);
    expect((await paginate({ search: 'MSKU6011672' }, harbor)).data.every((x) => x.customerId !== customer)).toBe(true);
    const list = await call('GET', '/shipments?limit=100', harbor);
    expect(list.json().data.some((x: Shipment) => x._id === s._id)).toBe(false);
  });

  it('refuses a role without shipments with 403 before looking at the body', async () => {
    await t.db.owner().query(
      `UPDATE roles SET permissions = permissions - 'shipments'
          WHERE name = 'Operations' AND company_id = (SELECT company_id FROM users WHERE email = 'ops@demo.test')`,
    );
    const ops = await signIn(iam, 'ops@demo.test');
    for (const [method, url, body] of [
      ['POST', '/shipments', { mode: 'boat' }],
      ['POST', '/shipments/paginate', { page: 'x' }],
      ['GET', '/shipments/summary?from=x', undefined],
      ['GET', '/shipments', undefined],
    ] as const) {
      const res = await call(method, url, ops, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the service', () => {
  it('answers its health and documents every call in OpenAPI', async () => {
    expect((await shipments.inject({ method: 'GET', url: `${SHIPMENTS}/health` })).json()).toMatchObject({
      data: { status: 'ok' },
    });
    const doc = (await shipments.inject({ method: 'GET', url: `${SHIPMENTS}/openapi.json` })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(
        ['/shipments', '/shipments/{id}', '/shipments/paginate', '/shipments/summary'].map((p) => `${SHIPMENTS}${p}`),
      ),
    );
    expect(Object.keys(doc.paths[`${SHIPMENTS}/shipments/{id}`]).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
