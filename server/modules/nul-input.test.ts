/**
 * PostgreSQL refuses the NUL character (U+0000) in text. Every route of every service (read from the
 * routes Fastify registered) is sent a NUL in a query value and, where it takes a body, in the strings
 * of a JSON body, by a caller holding every permission: no answer is 5xx, each is refused as a 4xx, and
 * no table changes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { signIn } from './iam/iam-resources-test-kit.ts';
import { buildAllServices, concreteUrl, databaseDigest, type BuiltService } from './all-services-test-kit.ts';

let t: TestDatabase;
let services: BuiltService[] = [];
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase();
  services = await buildAllServices(t.db);
  admin = await signIn(services.find((s) => s.service === 'iamserver')!.app, 'admin@demo.test');
});
afterAll(async () => {
  for (const { app } of services) await app.close();
  await t?.close();
});

const NUL = '\u0000';
const PARAMS = { id: '00000000-0000-4000-8000-000000000001', other: 'x' };
const QUERY_KEYS = ['search', 'module', 'to', 'name', 'status', 'entity', 'action', 'ticket', 'code', 'token'];
const nulQuery = '?' + QUERY_KEYS.map((k) => `${k}=a%00b`).join('&');
const nulBody = {
  emailId: `nul${NUL}@demo.test`,
  password: `Freight!2026${NUL}`,
  newPassword: `Freight!2027${NUL}`,
  token: `t${NUL}`,
  code: `12${NUL}456`,
  challengeId: `c${NUL}`,
  idToken: `i${NUL}`,
  name: `Name${NUL}`,
  firstName: `First${NUL}`,
  title: `Title${NUL}`,
  description: `D${NUL}`,
  subject: `S${NUL}`,
  body: `<p>B${NUL}</p>`,
  to: [`to${NUL}@demo.test`],
  message: `M${NUL}`,
  userIds: [],
  version: 1,
};

it('a NUL in a query value or a JSON string is refused by every route, never a 5xx, and stores nothing', async () => {
  const before = await databaseDigest(t.db);
  const answers: string[] = [];
  for (const { app, routes } of services) {
    for (const route of routes) {
      const url = concreteUrl(route.url, PARAMS);
      const attempts = [{ url: url + nulQuery, payload: undefined as object | undefined }];
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) attempts.push({ url, payload: nulBody });
      for (const attempt of attempts) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: attempt.url,
          headers: admin,
          ...(attempt.payload ? { payload: attempt.payload } : {}),
        });
        const what = `${route.method} ${route.url} (${attempt.payload ? 'body' : 'query'}): ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        answers.push(what);
      }
    }
  }
  expect(answers.length).toBeGreaterThanOrEqual(100);
  expect(await databaseDigest(t.db)).toEqual(before);
});

it('names where the NUL was, as a validation error', async () => {
  const iam = services.find((s) => s.service === 'iamserver')!.app;
  const res = await iam.inject({
    method: 'POST',
    url: '/iamserver/api/v1/issue/tracker',
    headers: admin,
    payload: { title: `Broken${NUL}title` },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    details: [{ path: 'body.title', message: expect.stringContaining('NUL') }],
  });
  const query = await iam.inject({ method: 'GET', url: '/iamserver/api/v1/users?search=a%00b', headers: admin });
  expect(query.statusCode).toBe(400);
  expect(query.json().details).toEqual([{ path: 'querystring.search', message: expect.stringContaining('NUL') }]);
});
