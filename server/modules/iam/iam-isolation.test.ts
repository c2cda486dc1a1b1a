/**
 * The isolation matrix: every iamserver route, read from the Fastify instance itself (so that a route
 * added later is covered or makes this test fail), called by one company's admin with the other
 * company's ids. Each answer must be 403/404 (or 400 for a foreign id inside a body), carry none of the
 * other company's data, and store nothing.
 */
import { describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { SERVICE_MODULES } from '../index.ts';
import { expectIsolated, type IsolationProbe } from '../isolation-test-kit.ts';
import { setUpTestApp } from '../../testing/test-apps.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import {
  companyIdOf,
  IAM,
  registeredRoutes,
  signIn,
  tableChecksums,
  type RecordedRoute,
} from './iam-resources-test-kit.ts';

let t: TestDatabase;
let app: App;
let routes: RecordedRoute[] = [];

interface Tenant {
  name: string;
  email: string;
  headers: { authorization: string };
  companyId: string;
  /** One item per resource, with its version. */
  items: Record<'users' | 'roles' | 'groups' | 'issues' | 'products', { id: string; version: number }>;
  /** Strings that must never appear in another tenant's answers. */
  markers: string[];
}

const tenants: Record<'demo' | 'harbor', Tenant> = {} as never;

/** Routes that are not tenant resources addressed by id (sign-in, tokens, mailed links, identity provider). */
const SESSION_ROUTES = /^\/(auth|social|fetch-user)(\/|$)|^\/notifications\/stream$/;

async function setUpTenant(key: 'demo' | 'harbor', company: string, email: string, productCode: string): Promise<void> {
  const headers = await signIn(app, email);
  const companyId = await companyIdOf(t.db, company);
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `${IAM}${url}`, headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string; version: number };
  };
  const user = await post('/users', { emailId: `member.${key}@${key}.test`, firstName: `${company} member` });
  const role = await post('/roles', { name: `${company} role`, permissions: { issues: ['read'] } });
  const group = await post('/groups', { name: `${company} group`, memberIds: [user._id] });
  const issue = await post('/issue/tracker', { title: `${company} secret issue` });
  const productId = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('INSERT INTO products (code, name) VALUES ($1, $2) RETURNING id', [
      productCode,
      `${company} only product`,
    ]);
    await tx.query('INSERT INTO company_products (company_id, product_id) VALUES ($1, $2)', [companyId, rows[0]!.id]);
    return rows[0]!.id;
  });
  tenants[key] = {
    name: company,
    email,
    headers,
    companyId,
    items: {
      users: { id: user._id, version: user.version },
      roles: { id: role._id, version: role.version },
      groups: { id: group._id, version: group.version },
      issues: { id: issue._id, version: issue.version },
      products: { id: productId, version: 1 },
    },
    markers: [companyId, company, email, user._id, role._id, group._id, issue._id, productId, productCode],
  };
}

setUpTestApp(
  'iamserver',
  async (built) => {
    ({ t, app } = built);
    routes = registeredRoutes(app);
    await setUpTenant('demo', 'Demo Freight', 'admin@demo.test', 'demo-only');
    await setUpTenant('harbor', 'Harbor Logistics', 'admin@harbor.test', 'harbor-only');
  },
  { modules: SERVICE_MODULES.iamserver },
);

/** How a route is called against the victim's data; throws for a route nobody has classified. */
function probesFor(route: RecordedRoute, victim: Tenant): IsolationProbe[] {
  const path = route.url.slice(IAM.length);
  const refused = [403, 404];
  const item = (resource: keyof Tenant['items']) => victim.items[resource];
  const withId = (id: string) => `${IAM}${path.replace(':id', id)}`;
  const byResource: Record<string, { id: string; version: number; body: object }> = {
    users: { ...item('users'), body: { firstName: 'Hijacked', disabled: true } },
    roles: { ...item('roles'), body: { name: 'Hijacked', permissions: {} } },
    groups: { ...item('groups'), body: { name: 'Hijacked', memberIds: [] } },
    issue: { ...item('issues'), body: { title: 'Hijacked', status: 'closed' } },
    products: { ...item('products'), body: {} },
    companies: { id: victim.companyId, version: 1, body: { name: 'Hijacked' } },
    'app-admin': { id: victim.companyId, version: 1, body: { planName: 'hijacked', expiryDate: '2000-01-01' } },
  };
  const resource = path.split('/')[1] ?? '';
  const target = byResource[resource];

  if (path.includes(':')) {
    if (!target || path.replace(':id', '').includes(':'))
      throw new Error(`classify ${route.method} ${route.url} in the isolation matrix`);
    const url = withId(target.id);
    if (route.method === 'GET' || route.method === 'DELETE') return [{ method: route.method, url, refused }];
    // Moving another tenant's role's users (to that tenant's own role): the role is not found.
    if (path.endsWith('/move-users')) return [{ method: route.method, url, payload: { roleId: target.id }, refused }];
    return [{ method: route.method, url, payload: { ...target.body, version: target.version }, refused }];
  }
  if (route.method === 'GET') return [{ method: 'GET', url: route.url, refused: [] }];
  // Creates: the only way to reach another tenant is a foreign id in the body.
  const creates: Record<string, IsolationProbe[]> = {
    'POST /users': [
      {
        method: 'POST',
        url: route.url,
        payload: { emailId: 'x.iso@x.test', firstName: 'X', roleId: item('roles').id },
        refused: [400],
      },
    ],
    'POST /groups': [
      { method: 'POST', url: route.url, payload: { name: 'X iso', memberIds: [item('users').id] }, refused: [400] },
    ],
    'POST /app-admin/companies': [
      {
        method: 'POST',
        url: route.url,
        payload: { name: 'X', shortName: 'X', expiryDate: '2030-01-01' },
        refused: [403],
      },
    ],
    'POST /notifications': [
      {
        method: 'POST',
        url: route.url,
        payload: { title: 'X', body: 'x', userIds: [item('users').id] },
        refused: [400, 403, 404],
      },
    ],
    // Marking another tenant's ids as read must do nothing visible; the answer is checked for leaks.
    'POST /notifications/mark-loaded': [
      { method: 'POST', url: route.url, payload: { ids: [item('issues').id] }, refused: [] },
    ],
    // Nothing in these bodies can name another tenant's row.
    'POST /notifications/stream-ticket': [],
    'POST /roles': [],
    // The caller's own settings: nothing in the body names a row.
    'PUT /profile/preferences': [],
    // The own profile: the only id in the body is the avatar's file, which must be the caller's company's.
    'PATCH /profile': [
      { method: 'PATCH', url: route.url, payload: { avatarFileId: item('users').id }, refused: [400] },
    ],
    'POST /profile/password': [],
    'POST /profile/sessions/revoke-others': [],
    // A report's attachment must be a file of the reporter's company (issues.test.ts uses a real one).
    'POST /issue/tracker': [
      {
        method: 'POST',
        url: route.url,
        payload: { title: 'X iso', attachmentFileId: item('users').id },
        refused: [400],
      },
    ],
  };
  const probes = creates[`${route.method} ${path}`];
  if (!probes) throw new Error(`classify ${route.method} ${route.url} in the isolation matrix`);
  return probes;
}

describe('tenant isolation matrix', () => {
  it('finds the resource routes on the instance', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.url.slice(IAM.length)}`));
    for (const expected of [
      'GET /users',
      'PATCH /users/:id',
      'DELETE /roles/:id',
      'GET /companies/:id/groups',
      'POST /app-admin/companies',
    ]) {
      expect(paths.has(expected), expected).toBe(true);
    }
  });

  for (const [attackerKey, victimKey] of [
    ['harbor', 'demo'],
    ['demo', 'harbor'],
  ] as const) {
    it(`${attackerKey} cannot see or change ${victimKey}'s data through any route`, async () => {
      const attacker = tenants[attackerKey];
      const victim = tenants[victimKey];
      const tested: string[] = [];
      for (const route of routes) {
        const path = route.url.slice(IAM.length);
        if (SESSION_ROUTES.test(path)) continue;
        for (const probe of probesFor(route, victim)) {
          await expectIsolated(app, probe, attacker.headers, victim.markers, () => tableChecksums(t.db));
          tested.push(`${probe.method} ${path}`);
        }
      }
      expect(tested.length).toBeGreaterThanOrEqual(25);
    });
  }
});
