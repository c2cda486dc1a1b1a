/**
 * The isolation matrix of shipmentserver: every route, read from the Fastify instance itself (a route added
 * later is covered or makes this test fail), called by one company's admin with the other company's ids —
 * its shipment, its charge, its contact. Each answer must be refused (404 for another company's record,
 * 400 for its contact inside a body), carry none of the other company's data, and store nothing. The lists
 * and figures are called too, for leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { routeDeclarations } from '../../http/route-permission.ts';
import { companyIdOf, signIn, type RecordedRoute } from '../iam/iam-resources-test-kit.ts';
import { expectIsolated, type IsolationProbe } from '../isolation-test-kit.ts';

const SHIPMENTS = '/shipmentserver/api/v1';
const CONTACTS = '/contactserver/api/v1';
let t: TestDatabase;
let shipments: App;
let contacts: App;
let iam: App;
let routes: RecordedRoute[] = [];

interface Tenant {
  headers: { authorization: string };
  shipment: { id: string; version: number };
  charge: { id: string; version: number };
  contactId: string;
  /** Strings that must never appear in another tenant's answers. */
  markers: string[];
}
const tenants = {} as Record<'demo' | 'harbor', Tenant>;

async function setUpTenant(key: 'demo' | 'harbor', company: string, email: string, price: string): Promise<void> {
  const headers = await signIn(iam, email);
  const companyId = await companyIdOf(t.db, company);
  const customer = await contacts.inject({
    method: 'POST',
    url: `${CONTACTS}/contacts`,
    headers,
    payload: { name: `${key} secret customer` },
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const contactId = customer.json().data._id as string;
  const post = async (url: string, payload: object) => {
    const res = await shipments.inject({ method: 'POST', url: `${SHIPMENTS}${url}`, headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; version: number; number: string };
  };
  const shipment = await post('/shipments', {
    mode: 'road',
    customerId: contactId,
    origin: 'NLRTM',
    destination: 'DEHAM',
    etd: '2026-03-02',
    eta: '2026-03-03',
    carrierBookingReference: `${key}-secret-booking`,
  });
  const base = key === 'demo' ? 'USD' : 'EUR';
  const charge = await post(`/shipments/${shipment._id}/charges`, {
    kind: 'revenue',
    chargeCode: 'FRT',
    description: `${key} secret charge`,
    unitPrice: price,
    currency: base,
    partyId: contactId,
  });
  tenants[key] = {
    headers,
    shipment: { id: shipment._id, version: shipment.version },
    charge: { id: charge._id, version: charge.version },
    contactId,
    // Not the number: each company numbers its own series, so both may have ROAD-2026-00001.
    markers: [companyId, company, shipment._id, charge._id, contactId, `${key}-secret`, `${key} secret`, price],
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: shipments } = await buildTestApp('shipmentserver', t.db));
  ({ app: contacts } = await buildTestApp('contactserver', t.db));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  // As registered (Fastify's printed tree merges `:id` and `:parentId`, which share a position).
  routes = routeDeclarations(shipments)
    .filter((r) => r.url.startsWith(`${SHIPMENTS}/shipments`))
    .map(({ method, url }) => ({ method, url }));
  await setUpTenant('demo', 'Demo Freight', 'admin@demo.test', '9876.54');
  await setUpTenant('harbor', 'Harbor Logistics', 'admin@harbor.test', '1234.98');
});
afterAll(async () => {
  await shipments?.close();
  await contacts?.close();
  await iam?.close();
  await t?.close();
});

/**
 * A digest of every table a shipmentserver call could write (the shipments, their children and money, the
 * contacts they name, the number series, the audit trail and the stored idempotent answers): the whole
 * database's digest per probe was too slow for a loaded machine, and no route here writes anything else.
 */
const WRITABLE_TABLES = [
  'shipments',
  'shipment_containers',
  'shipment_cargo_lines',
  'shipment_events',
  'shipment_followers',
  'shipment_charges',
  'contacts',
  'number_counters',
  'audit_log',
  'idempotency_keys',
];
async function shipmentDigest(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WRITABLE_TABLES) {
    const { rows } = await t.db
      .owner()
      .query<{ n: number; digest: string | null }>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM ${table} x`,
      );
    out[table] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
  }
  return out;
}

/** Changes a victim's records would take if isolation failed. */
const HIJACK: Record<string, object> = {
  '/shipments/:id': { voyage: 'HIJACKED', closed: true },
  '/shipments/:parentId/charges/:id': { unitPrice: '0.01' },
};

function probesFor(route: RecordedRoute, victim: Tenant, attacker: Tenant): IsolationProbe[] {
  const path = route.url.slice(SHIPMENTS.length);
  const key = `${route.method} ${path}`;
  if (path.includes(':')) {
    // The victim's shipment (and charge) by id: whatever the call, another company's record is not found.
    const url =
      SHIPMENTS +
      path
        .replace(':parentId', victim.shipment.id)
        .replace(/:id(?=\/|$)/, path.includes(':parentId') ? victim.charge.id : victim.shipment.id);
    if (/:\w/.test(url)) throw new Error(`classify ${key} in the isolation matrix`);
    switch (route.method) {
      case 'GET':
      case 'DELETE':
      case 'PUT':
        return [{ method: route.method, url, refused: [404] }];
      case 'PATCH': {
        const target = path.includes(':parentId') ? victim.charge : victim.shipment;
        const hijack = HIJACK[path];
        if (!hijack) throw new Error(`classify ${key} in the isolation matrix`);
        return [{ method: 'PATCH', url, payload: { ...hijack, version: target.version }, refused: [404] }];
      }
      case 'POST': {
        const bodies: Record<string, object> = {
          '/shipments/:id/events': {
            _id: crypto.randomUUID(),
            code: 'DEPA',
            classifier: 'ACT',
            at: '2026-03-02T10:00:00Z',
          },
          '/shipments/:parentId/charges': { kind: 'cost', chargeCode: 'FRT', unitPrice: '1.00', currency: 'EUR' },
          '/shipments/:id/arrival-notice': { freeText: 'Hijacked notice' },
          '/shipments/:parentId/documents': { fileId: crypto.randomUUID(), type: 'other' },
        };
        const body = bodies[path];
        if (!body) throw new Error(`classify ${key} in the isolation matrix`);
        return [{ method: 'POST', url, payload: body, refused: [404] }];
      }
      default:
        throw new Error(`classify ${key} in the isolation matrix`);
    }
  }
  const url = `${SHIPMENTS}${path}`;
  const probes: Record<string, IsolationProbe[]> = {
    // The caller's own lists and figures: nothing of the victim's may show.
    'GET /shipments': [{ method: 'GET', url: `${url}?limit=100`, refused: [] }],
    'GET /shipments/summary': [{ method: 'GET', url: `${url}?from=2026-01-01&to=2026-12-31`, refused: [] }],
    'GET /shipments/attention': [{ method: 'GET', url, refused: [] }],
    'GET /shipments/movements': [
      { method: 'GET', url: `${url}?from=2026-03-01T00:00:00Z&to=2026-03-20T00:00:00Z`, refused: [] },
    ],
    'GET /shipments/closed-this-month': [{ method: 'GET', url: `${url}?month=2026-03`, refused: [] }],
    'POST /shipments/paginate': [
      { method: 'POST', url, payload: { search: 'secret' }, refused: [] },
      { method: 'POST', url, payload: { filters: { customerId: victim.contactId } }, refused: [] },
    ],
    // A body naming the victim's contact is a 400 naming the field, never a shipment of theirs.
    'POST /shipments': [
      {
        method: 'POST',
        url,
        payload: { mode: 'road', customerId: victim.contactId, origin: 'NLRTM', destination: 'DEHAM' },
        refused: [400],
      },
    ],
  };
  const found = probes[key];
  if (!found) throw new Error(`classify ${key} in the isolation matrix`);
  // A charge of the attacker's own shipment may not name the victim's contact either.
  if (key === 'POST /shipments')
    found.push({
      method: 'POST',
      url: `${SHIPMENTS}/shipments/${attacker.shipment.id}/charges`,
      payload: {
        kind: 'revenue',
        chargeCode: 'FRT',
        unitPrice: '1.00',
        currency: attacker === tenants.demo ? 'USD' : 'EUR',
        partyId: victim.contactId,
      },
      refused: [400],
    });
  return found;
}

describe('shipmentserver isolation matrix', () => {
  it('finds the routes of shipments, their milestones and their money on the instance', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.url.slice(SHIPMENTS.length)}`));
    for (const expected of [
      'PATCH /shipments/:id',
      'POST /shipments/:id/events',
      'GET /shipments/:id/profit',
      'POST /shipments/:parentId/charges',
      'DELETE /shipments/:parentId/charges/:id',
      'GET /shipments/closed-this-month',
    ]) {
      expect(paths.has(expected), expected).toBe(true);
    }
  });

  for (const [attackerKey, victimKey] of [
    ['harbor', 'demo'],
    ['demo', 'harbor'],
  ] as const) {
    it(`${attackerKey} cannot see or change ${victimKey}'s shipments or their money through any route`, async () => {
      const attacker = tenants[attackerKey];
      const victim = tenants[victimKey];
      const tested: string[] = [];
      for (const route of routes) {
        for (const probe of probesFor(route, victim, attacker)) {
          await expectIsolated(shipments, probe, attacker.headers, victim.markers, shipmentDigest);
          tested.push(`${probe.method} ${probe.url}`);
        }
      }
      expect(tested.length).toBeGreaterThanOrEqual(20);
    }, 120_000);
  }
});
