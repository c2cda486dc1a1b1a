/**
 * The isolation matrix of master: every route, read from the Fastify instance itself (a route added
 * later is covered or makes this test fail), called by one company's admin with the other company's
 * ids. Each answer must be refused (403/404, or 400 for a foreign id inside a body), carry none of the
 * other company's data, and store nothing. Global reference routes (the same for every company) are
 * called too, for leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { databaseDigest } from '../all-services-test-kit.ts';
import { companyIdOf, registeredRoutes, signIn, type RecordedRoute } from '../iam/iam-resources-test-kit.ts';
import { SERVICE_MODULES } from '../index.ts';
import { expectIsolated, type IsolationProbe } from '../isolation-test-kit.ts';

const MASTER = '/master/api/v1';
let t: TestDatabase;
let master: App;
let iam: App;
let routes: RecordedRoute[] = [];

type Resource = 'receivinglocation' | 'type' | 'dropdown-groups' | 'dropdown' | 'company-currency';

interface Tenant {
  headers: { authorization: string };
  items: Record<Resource, { id: string; version: number }>;
  /** Strings that must never appear in another tenant's answers. */
  markers: string[];
}

const tenants = {} as Record<'demo' | 'harbor', Tenant>;

/** Changes a victim's record would take if isolation failed. */
const HIJACK: Record<Resource, object> = {
  receivinglocation: { name: 'Hijacked', isActive: false },
  type: { name: 'Hijacked' },
  'dropdown-groups': { label: 'Hijacked' },
  dropdown: { label: 'Hijacked', isActive: false },
  'company-currency': { exchangeRate: '99' },
};

async function setUpTenant(key: 'demo' | 'harbor', company: string, email: string, currency: string): Promise<void> {
  const headers = await signIn(iam, email);
  const companyId = await companyIdOf(t.db, company);
  const post = async (url: string, payload: object) => {
    const res = await master.inject({ method: 'POST', url: `${MASTER}${url}`, headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; version: number };
  };
  const group = `${key}_secret_group`;
  const location = await post('/receivinglocation', {
    name: `${company} secret depot`,
    code: `${key}-secret-code`,
    country: 'NL',
  });
  const type = await post('/type', { name: `${company} secret type`, code: `${key}-secret-type` });
  const dropdownGroup = await post('/dropdown-groups', { module: 'home', name: group, label: `${company} group` });
  const option = await post('/dropdown', { module: 'home', group, value: `${key}-secret-value`, label: 'Secret' });
  const rate = await post('/company-currency', { code: currency, exchangeRate: '7.77', validFrom: '2026-01-01' });
  tenants[key] = {
    headers,
    items: {
      receivinglocation: { id: location._id, version: location.version },
      type: { id: type._id, version: type.version },
      'dropdown-groups': { id: dropdownGroup._id, version: dropdownGroup.version },
      dropdown: { id: option._id, version: option.version },
      'company-currency': { id: rate._id, version: rate.version },
    },
    markers: [
      companyId,
      company,
      location._id,
      type._id,
      dropdownGroup._id,
      option._id,
      rate._id,
      `${key}-secret`,
      group,
    ],
  };
}

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: master } = await buildTestApp('master', t.db, { modules: SERVICE_MODULES.master }));
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  routes = registeredRoutes(master);
  await setUpTenant('demo', 'Demo Freight', 'admin@demo.test', 'JPY');
  await setUpTenant('harbor', 'Harbor Logistics', 'admin@harbor.test', 'SGD');
});
afterAll(async () => {
  await master?.close();
  await iam?.close();
  await t?.close();
});

function probesFor(route: RecordedRoute, victim: Tenant): IsolationProbe[] {
  const path = route.url.slice(MASTER.length);
  const resource = path.split('/')[1] as Resource;
  const target = victim.items[resource] as { id: string; version: number } | undefined;
  if (path.includes(':id')) {
    if (!target || path.replace(':id', '').includes(':'))
      throw new Error(`classify ${route.method} ${route.url} in the isolation matrix`);
    const url = `${MASTER}${path.replace(':id', target.id)}`;
    if (route.method === 'GET' || route.method === 'DELETE')
      return [{ method: route.method, url, refused: [403, 404] }];
    return [
      { method: route.method, url, payload: { ...HIJACK[resource], version: target.version }, refused: [403, 404] },
    ];
  }
  if (route.method === 'GET') {
    // Lists (the company's own rows only) and global reference data; a parameter other than `:id` is a
    // reference code such as `/oceanport/:locode`, the same for every company.
    const url = `${MASTER}${path.replace(/:\w+/g, 'NLRTM')}`;
    const lists = [{ method: 'GET', url, refused: [] }];
    if (path === '/dropdown') {
      lists.push({ method: 'GET', url: `${url}?module=home`, refused: [] });
      lists.push({ method: 'GET', url: `${url}?module=home&limit=100`, refused: [] });
    }
    return lists;
  }
  const creates: Record<string, IsolationProbe[]> = {
    // Groups are named, not addressed by id: a group of the same name in the victim's company is not the caller's.
    'POST /dropdown': [
      {
        method: 'POST',
        url: route.url,
        payload: { module: 'home', group: victim.markers.at(-1)!, value: 'x', label: 'X' },
        refused: [400],
      },
    ],
    'POST /dropdown/reorder': [
      {
        method: 'POST',
        url: route.url,
        payload: { module: 'home', group: victim.markers.at(-1)!, ids: [victim.items.dropdown.id] },
        refused: [404],
      },
      {
        method: 'POST',
        url: route.url,
        payload: { module: 'home', group: 'shipment_mode', ids: [victim.items.dropdown.id] },
        refused: [400],
      },
    ],
    // Nothing in these bodies can name another tenant's row.
    'POST /receivinglocation': [],
    'POST /type': [],
    'POST /dropdown-groups': [],
    'POST /company-currency': [],
  };
  const probes = creates[`${route.method} ${path}`];
  if (!probes) throw new Error(`classify ${route.method} ${route.url} in the isolation matrix`);
  return probes;
}

describe('master isolation matrix', () => {
  it('finds the master-data routes on the instance', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.url.slice(MASTER.length)}`));
    for (const expected of [
      'GET /receivinglocation',
      'PATCH /type/:id',
      'DELETE /dropdown-groups/:id',
      'POST /dropdown/reorder',
      'GET /company-currency/:id/history',
      'GET /dropdown',
    ]) {
      expect(paths.has(expected), expected).toBe(true);
    }
  });

  for (const [attackerKey, victimKey] of [
    ['harbor', 'demo'],
    ['demo', 'harbor'],
  ] as const) {
    it(`${attackerKey} cannot see or change ${victimKey}'s master data through any route`, async () => {
      const attacker = tenants[attackerKey];
      const victim = tenants[victimKey];
      const tested: string[] = [];
      for (const route of routes) {
        for (const probe of probesFor(route, victim)) {
          await expectIsolated(master, probe, attacker.headers, victim.markers, () => databaseDigest(t.db));
          tested.push(`${probe.method} ${route.url}`);
        }
      }
      expect(tested.length).toBeGreaterThanOrEqual(25);
    });
  }
});
