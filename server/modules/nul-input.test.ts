/**
 * PostgreSQL refuses the NUL character (U+0000) in text. For every route of every service (read from the
 * routes Fastify registered), a request that the route's own OpenAPI schema accepts is built, then sent
 * once per string it holds (query values and JSON body strings) with a NUL in that one string, by a
 * caller holding every permission (a super admin too): no answer is 5xx, each is refused as a 4xx, and no table changes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { makeSuperAdmin, signIn } from './iam/iam-resources-test-kit.ts';
import { buildAllServices, concreteUrl, databaseDigest, type BuiltService } from './all-services-test-kit.ts';

let t: TestDatabase;
let services: BuiltService[] = [];
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase();
  services = await buildAllServices(t.db);
  // Every permission includes the super admin's: the app-admin routes answer anyone else 403 before validating.
  await makeSuperAdmin(t.db, 'admin@demo.test');
  admin = await signIn(services.find((s) => s.service === 'iamserver')!.app, 'admin@demo.test');
});
afterAll(async () => {
  for (const { app } of services) await app.close();
  await t?.close();
});

const NUL = '\u0000';
const SOME_ID = '00000000-0000-4000-8000-000000000001';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}

/** A value the schema accepts; free-text strings are marked with a path so that a NUL can go in each. */
function sample(schema: JsonSchema | undefined, path: string, strings: string[]): unknown {
  if (!schema) return 'x';
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((s) => s.type !== 'null') ?? choice[0], path, strings);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        out[key] = sample(child, `${path}/${key}`, strings);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) =>
        sample(schema.items, `${path}/${i}`, strings),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'uuid') return SOME_ID;
      if (schema.format === 'email') return 'someone@demo.test';
      if (schema.format === 'date' || schema.format === 'date-time' || schema.pattern) return '2026-01-01';
      strings.push(path);
      return 'Sample text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    }
    default:
      return 'x';
  }
}

/** `value` with a NUL in the middle of the string at `path` (`/a/0/b`). */
function withNul(value: unknown, path: string): unknown {
  const keys = path.split('/').slice(1);
  const copy = structuredClone(value) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const text = String(node[last]);
  node[last] = `${text.slice(0, 1)}${NUL}${text.slice(1)}`;
  return copy;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

it('a NUL in any query value or JSON string is refused by every route, never a 5xx, and stores nothing', async () => {
  const before = await databaseDigest(t.db);
  const answers: string[] = [];
  const refusedOtherwise: string[] = [];
  for (const { app, routes } of services) {
    const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
    for (const route of routes) {
      const operation = doc.paths?.[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
      const url = concreteUrl(route.url, { id: SOME_ID, other: 'x' });
      const queryStrings: string[] = [];
      const query: Record<string, unknown> = {};
      for (const p of (operation.parameters ?? []).filter((x) => x.in === 'query')) {
        query[p.name] = sample(p.schema, `/${p.name}`, queryStrings);
      }
      // Routes without a query schema get one free-text value, which they must refuse all the same.
      if (!operation.parameters?.some((x) => x.in === 'query')) {
        query.search = 'Sample text';
        queryStrings.push('/search');
      }
      const bodyStrings: string[] = [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      const body = bodySchema ? sample(bodySchema, '', bodyStrings) : { note: 'Sample text' };
      if (hasBody && !bodySchema) bodyStrings.push('/note');

      const attempts = [
        ...queryStrings.map((path) => ({ where: `query ${path}`, query: withNul(query, path), body })),
        ...(hasBody ? bodyStrings.map((path) => ({ where: `body ${path}`, query, body: withNul(body, path) })) : []),
      ];
      for (const attempt of attempts) {
        const search = new URLSearchParams(
          Object.entries(attempt.query as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
        const res = await app.inject({
          method: route.method as 'GET',
          url: `${url}?${search.toString()}`,
          headers: admin,
          ...(hasBody ? { payload: attempt.body as object } : {}),
        });
        const what = `${route.method} ${route.url} (${attempt.where}): ${res.statusCode} ${res.body.slice(0, 200)}`;
        answers.push(what);
        if (res.statusCode !== 400 || res.json().code !== 'VALIDATION_FAILED') refusedOtherwise.push(what);
      }
    }
  }
  // Refused where strings are validated: before any handler, session change or database call.
  expect(refusedOtherwise).toEqual([]);
  expect(answers.length).toBeGreaterThanOrEqual(150);
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
