/**
 * Property-based bad input: for every iamserver resource route (read from the Fastify instance), random
 * bodies, queries, headers and ids — arbitrary JSON, wrong types, huge strings, unknown fields, malformed
 * ids and headers. No answer may be a 5xx, and a refused request must store nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { setUpTestApp } from '../../testing/test-apps.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { SERVICE_MODULES } from '../index.ts';
import { IAM, registeredRoutes, signIn, tableChecksums, type RecordedRoute } from './iam-resources-test-kit.ts';

let t: TestDatabase;
let app: App;
let admin: { authorization: string };
let routes: RecordedRoute[] = [];
const ids: Record<string, string> = {};

/** Routes owned by the session work (sign-in, tokens, mailed links), fuzzed by their own suites. */
const SESSION_ROUTES = /^\/(auth|social|fetch-user)(\/|$)|^\/notifications\/stream$/;

/** Well-formed bodies, mutated field by field below, so that the fuzzing also gets past the first check. */
const TEMPLATES: Record<string, Record<string, unknown>> = {
  users: { emailId: 'fuzz@demo.test', firstName: 'Fuzz', lastName: 'Er', roleId: null, disabled: false, version: 1 },
  roles: { name: 'Fuzz role', description: 'd', permissions: { users: ['read'] }, version: 1 },
  groups: { name: 'Fuzz group', description: 'd', memberIds: [], version: 1 },
  issue: { title: 'Fuzz', description: 'd', status: 'open', priority: 'low', version: 1 },
  companies: { name: 'Fuzz Co', phone: '1', twoFactorAuth: false, address: { city: 'x' }, version: 1 },
  'app-admin': { name: 'Fuzz Co', shortName: 'FZ', expiryDate: '2030-01-01', planName: 'x', version: 1 },
  products: {},
};

const HUGE = 'x'.repeat(100_000);
const printable = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(HUGE),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 300 }),
  fc.uuid(),
  fc.array(fc.string({ maxLength: 40 }), { maxLength: 5 }),
);

function bodyArbitrary(resource: string) {
  const template = TEMPLATES[resource] ?? {};
  const mutated = fc
    .record(Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fc.oneof(fc.constant(v), anyValue)])), {
      requiredKeys: [],
    })
    .chain((base) =>
      fc.dictionary(printable(20), anyValue, { maxKeys: 2 }).map((extra) => ({ ...extra, ...base }) as unknown),
    );
  return fc.oneof(
    mutated.map((v) => ({ json: JSON.stringify(v) })),
    anyValue.map((v) => ({ json: JSON.stringify(v) })),
    fc.string({ maxLength: 200 }).map((raw) => ({ json: raw })),
    fc.constant({ json: undefined as string | undefined }),
  );
}

const queryArbitrary = fc.dictionary(
  fc.constantFrom('page', 'limit', 'search', 'sort', 'status', 'priority', 'zz', '__proto__', 'page[]'),
  fc.oneof(
    printable(30),
    fc.integer({ min: -1e12, max: 1e12 }).map(String),
    fc.constantFrom('-name', 'name', '-createdAt', 'password_hash', 'NaN', '1e400', HUGE.slice(0, 5000)),
  ),
  { maxKeys: 4 },
);

const headerArbitrary = fc.record(
  {
    'if-match': fc.oneof(
      printable(20),
      fc.nat(5).map((n) => `"${n}"`),
    ),
    'idempotency-key': fc.oneof(printable(300), fc.uuid()),
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
  },
  { requiredKeys: [] },
);

function idArbitrary(resource: string) {
  const valid = ids[resource];
  return fc.oneof(
    ...(valid ? [fc.constant(valid)] : []),
    fc.uuid(),
    fc.string({ maxLength: 60 }).map((s) => encodeURIComponent(s) || 'x'),
    fc.constantFrom(
      'null',
      '0',
      '-1',
      '%00',
      "1'%20OR%20'1'='1",
      'ffffffff-ffff-ffff-ffff-ffffffffffffff',
      HUGE.slice(0, 3000),
    ),
  );
}

setUpTestApp(
  'iamserver',
  async (built) => {
    ({ t, app } = built);
    routes = registeredRoutes(app);
    admin = await signIn(app, 'admin@demo.test');
    const post = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url: `${IAM}${url}`, headers: admin, payload });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { data: { _id: string } }).data._id;
    };
    ids.users = await post('/users', { emailId: 'target@demo.test', firstName: 'Target' });
    ids.roles = await post('/roles', { name: 'Target role' });
    ids.groups = await post('/groups', { name: 'Target group', memberIds: [ids.users] });
    ids.issue = await post('/issue/tracker', { title: 'Target issue' });
    const me = await app.inject({ method: 'GET', url: `${IAM}/fetch-user`, headers: admin });
    ids.companies = (me.json() as { data: Array<{ companyId: string }> }).data[0]!.companyId;
    ids['app-admin'] = ids.companies;
    const products = await app.inject({ method: 'GET', url: `${IAM}/products`, headers: admin });
    ids.products = (products.json() as { data: Array<{ _id: string }> }).data[0]!._id;
  },
  { modules: SERVICE_MODULES.iamserver },
);

describe('bad input on every iam resource route', () => {
  it('the instance has the resource routes', () => {
    expect(routes.filter((r) => !SESSION_ROUTES.test(r.url.slice(IAM.length))).length).toBeGreaterThanOrEqual(25);
  });

  // Routes are only known once the app is built; one test walks them all, each with its own property.
  it('never answers 5xx and stores nothing when it refuses', async () => {
    const fuzzed = routes.filter((r) => !SESSION_ROUTES.test(r.url.slice(IAM.length)));
    for (const route of fuzzed) {
      const path = route.url.slice(IAM.length);
      const resource = path.split('/')[1] ?? '';
      const isWrite = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          idArbitrary(resource),
          bodyArbitrary(resource),
          queryArbitrary,
          headerArbitrary,
          async (id, body, query, headers) => {
            const url = `${IAM}${path.replace(':id', id)}`;
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const before = isWrite ? await tableChecksums(t.db) : undefined;
            const res = await app.inject({
              method: route.method as 'GET',
              url: qs ? `${url}?${qs}` : url,
              headers: { ...admin, ...headers },
              ...(body.json !== undefined && route.method !== 'GET' ? { payload: body.json } : {}),
            });
            const label = `${route.method} ${path} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, label).toBeLessThan(500);
            expect(res.headers['content-type'] ?? '', label).toContain('application/json');
            if (isWrite && res.statusCode >= 400) expect(await tableChecksums(t.db), label).toEqual(before);
          },
        ),
        { numRuns: isWrite ? 30 : 20, endOnFailure: true },
      );
    }
  }, 240_000);
});
