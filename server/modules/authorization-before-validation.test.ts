/**
 * Authorization before validation, for every route of every service that declares a permission (read
 * from the routes Fastify registered): a caller whose role lacks it gets 403 FORBIDDEN whatever the
 * request holds (a malformed id, query and body), so a refused caller learns nothing about the route's
 * schema, and nothing is stored. The body is not even JSON: a route that read it before deciding would
 * answer 400 MALFORMED_JSON, so a 403 also says that the body was not read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../http/build-service-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { signIn } from './iam/iam-resources-test-kit.ts';
import {
  buildAllServices,
  concreteUrl,
  databaseDigest,
  revokeAllPermissions,
  type BuiltService,
} from './all-services-test-kit.ts';

let t: TestDatabase;
let services: BuiltService[] = [];
let nobody: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase();
  services = await buildAllServices(t.db);
  await revokeAllPermissions(t.db, 'ops@demo.test');
  nobody = await signIn(services.find((s) => s.service === 'iamserver')!.app, 'ops@demo.test');
});
afterAll(async () => {
  for (const { app } of services) await app.close();
  await t?.close();
});

// Cut off mid-way: not JSON at all.
const MALFORMED_BODY = '{"unexpected": [1, {"deep": true}], "name": 42, "version": "stale", "permissions": "al';
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const MALFORMED_QUERY = '?page=0&limit=-5&sort=%27%3Bdrop&search=' + 'x'.repeat(500) + '&unexpected=1';

/** `nobody` calling `route` with a malformed id, query and body gets 403 FORBIDDEN, so nothing was read. */
async function expectForbiddenWhateverItHolds(app: App, route: { method: string; url: string }): Promise<void> {
  const url = concreteUrl(route.url, { id: 'not-a-uuid', other: 'not valid' }) + MALFORMED_QUERY;
  const hasBody = BODY_METHODS.includes(route.method);
  const res = await app.inject({
    method: route.method as 'GET',
    url,
    headers: hasBody ? { ...nobody, 'content-type': 'application/json' } : nobody,
    ...(hasBody ? { payload: MALFORMED_BODY } : {}),
  });
  expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
  expect(res.json().code).toBe('FORBIDDEN');
}

it('every route that declares a permission answers 403 to a caller without it, whatever the request, before reading the body', async () => {
  const before = await databaseDigest(t.db);
  const checked: string[] = [];
  for (const { app, routes } of services) {
    for (const route of routes.filter((r) => r.permissions.length > 0)) {
      await expectForbiddenWhateverItHolds(app, route);
      checked.push(`${route.method} ${route.url}`);
    }
  }
  // The kit's resources and the hand-written routes that need a permission are all among them.
  expect(checked).toEqual(
    expect.arrayContaining([
      'POST /iamserver/api/v1/roles',
      'PATCH /iamserver/api/v1/users/:id',
      'DELETE /iamserver/api/v1/issue/tracker/:id',
      'PATCH /iamserver/api/v1/issue/tracker/:id',
      'GET /iamserver/api/v1/issue/tracker/:id/attachment',
      'PUT /iamserver/api/v1/companies/:id',
      'GET /iamserver/api/v1/companies/:id/users',
      'POST /iamserver/api/v1/notifications',
      'POST /mailserver/api/v1/send',
      'POST /shipmentserver/api/v1/shipments/:id/events',
      'GET /shipmentserver/api/v1/shipments/:id/events',
      'POST /driveserver/api/v1/filesystem/file',
      'GET /logserver/api/v1/audit',
      'POST /master/api/v1/receivinglocation',
      'PATCH /master/api/v1/type/:id',
      'DELETE /master/api/v1/dropdown-groups/:id',
      'PUT /master/api/v1/dropdown/:id',
      'POST /master/api/v1/dropdown/reorder',
      'GET /master/api/v1/company-currency',
      'GET /master/api/v1/company-currency/:id/history',
      'GET /mailserver/api/v1/templates/merge-fields',
      'POST /mailserver/api/v1/templates/:id/preview',
      'POST /contactserver/api/v1/contacts/paginate',
      'GET /contactserver/api/v1/contacts/duplicates',
      'DELETE /contactserver/api/v1/contact-tags/:id',
      'PATCH /mailserver/api/v1/templates/:id',
      'GET /reportserver/api/v1/reportSketch/:id/run',
      'PATCH /reportserver/api/v1/reportSketch/:id',
    ]),
  );
  expect(checked.length).toBeGreaterThanOrEqual(40);
  expect(await databaseDigest(t.db)).toEqual(before);
});

it('every app-admin route answers 403 to anyone but a super admin, whatever the request, before reading the body', async () => {
  const before = await databaseDigest(t.db);
  const iam = services.find((s) => s.service === 'iamserver')!;
  const appAdmin = iam.routes.filter((r) => r.url.includes('/app-admin/'));
  expect(appAdmin.length).toBeGreaterThanOrEqual(4);
  for (const route of appAdmin) {
    await expectForbiddenWhateverItHolds(iam.app, route);
  }
  expect(await databaseDigest(t.db)).toEqual(before);
});
