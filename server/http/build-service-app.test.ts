/**
 * The behaviour every route shares: envelope, validation, 404/413/415, request ids, redacted logs, CORS,
 * health and OpenAPI. A small probe module with a real database write stands in for "any route".
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestDatabase } from '../testing/test-database.ts';
import { setUpTestApp, type CapturedLogs } from '../testing/test-apps.ts';
import type { App, ServiceModule } from './build-service-app.ts';

let t: TestDatabase;
let app: App;
let captured: CapturedLogs;
let companyId: string;

const probe: ServiceModule = async (scope, deps) => {
  scope.post(
    '/probe-roles',
    {
      schema: {
        body: z.strictObject({ name: z.string().min(1).max(80), description: z.string().max(200).optional() }),
        headers: z.object({ 'x-company': z.uuid() }),
      },
    },
    async (req, reply) => {
      await deps.db.transaction({ role: 'freight_app', companyId: req.headers['x-company'] }, (tx) =>
        tx.query('INSERT INTO roles (company_id, name, description) VALUES ($1, $2, $3)', [
          req.headers['x-company'],
          req.body.name,
          req.body.description ?? '',
        ]),
      );
      return reply.code(201).send({ data: { name: req.body.name } });
    },
  );
  scope.get('/probe-boom', async () => {
    throw new Error('secret internal detail: connection to 10.0.0.1 refused');
  });
};

async function roleCount(): Promise<number> {
  return t.db.transaction({ role: 'freight_app', companyId }, async (tx) =>
    Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM roles')).rows[0]!.n),
  );
}

setUpTestApp(
  'iamserver',
  async (built) => {
    ({ t, app, captured } = built);
    companyId = await t.db.transaction(
      { role: 'freight_system', companyId: null },
      async (tx) =>
        (await tx.query<{ id: string }>("SELECT id FROM companies WHERE name = 'Demo Freight'")).rows[0]!.id,
    );
  },
  { modules: [probe] },
);

const url = '/iamserver/api/v1/probe-roles';
const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', 'x-company': companyId, ...headers },
  });

describe('health and OpenAPI', () => {
  it('answers health with the database status', async () => {
    const res = await app.inject({ method: 'GET', url: '/iamserver/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
  });

  it('publishes an OpenAPI document generated from the validating schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/iamserver/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const op = doc.paths['/iamserver/api/v1/probe-roles'].post;
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['name']);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 80 });
    expect(doc.paths['/iamserver/api/v1/health']).toBeUndefined();
  });
});

describe('bad input never reaches a 5xx and never changes stored data', () => {
  it('accepts a valid body and stores it', async () => {
    const before = await roleCount();
    const res = await post(JSON.stringify({ name: 'Dispatcher' }));
    expect(res.statusCode).toBe(201);
    expect(await roleCount()).toBe(before + 1);
  });

  const cases: Array<[string, () => ReturnType<typeof post>, number, string]> = [
    ['malformed JSON', () => post('{"name": "x",'), 400, 'MALFORMED_JSON'],
    ['an empty JSON body', () => post(''), 400, 'MALFORMED_JSON'],
    ['a wrong type', () => post(JSON.stringify({ name: 42 })), 400, 'VALIDATION_FAILED'],
    ['an unknown field', () => post(JSON.stringify({ name: 'x', isAdmin: true })), 400, 'VALIDATION_FAILED'],
    ['a missing field', () => post(JSON.stringify({})), 400, 'VALIDATION_FAILED'],
    ['a 10 MB body', () => post(JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) })), 413, 'PAYLOAD_TOO_LARGE'],
    ['a text/plain body', () => post('name=x', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
    [
      'a form body',
      () => post('name=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a missing header', () => post(JSON.stringify({ name: 'x' }), { 'x-company': '' }), 400, 'VALIDATION_FAILED'],
    ['prototype poisoning', () => post('{"name":"x","__proto__":{"admin":true}}'), 400, 'MALFORMED_JSON'],
  ];

  it.each(cases)('rejects %s with a clear 4xx and a code', async (_label, send, status, code) => {
    const before = await roleCount();
    const res = await send();
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    expect(await roleCount()).toBe(before);
  });

  it('names the offending fields', async () => {
    const res = await post(JSON.stringify({ name: 42, extra: 1 }));
    const details = res.json().details as Array<{ path: string; message: string }>;
    expect(details.map((d) => d.path)).toEqual(expect.arrayContaining(['body.name']));
    expect(details.some((d) => /extra/.test(d.message) || d.path.includes('extra'))).toBe(true);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/iamserver/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('hides the details of a 5xx', async () => {
    const res = await app.inject({ method: 'GET', url: '/iamserver/api/v1/probe-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL_ERROR' });
  });
});

describe('request ids and logs', () => {
  it('marks every answer, errors included, as JSON that may not run, load anything or be framed', async () => {
    for (const path of ['/health', '/no-such-route', '/probe-boom']) {
      const res = await app.inject({ method: 'GET', url: `/iamserver/api/v1${path}` });
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('gives every answer a request id and echoes a sane incoming one', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/iamserver/api/v1/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.inject({
      method: 'GET',
      url: '/iamserver/api/v1/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    const refused = await app.inject({
      method: 'GET',
      url: '/iamserver/api/v1/health',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(refused.headers['x-request-id']).not.toBe('bad id\n');
  });

  it('logs every request line with its id and never a token, password or cookie', async () => {
    captured.lines.length = 0;
    captured.raw.length = 0;
    await app.inject({
      method: 'POST',
      url: `${url}?token=query-secret-zzz&page=2`,
      payload: JSON.stringify({ name: 42, password: 'pw-secret-yyy' }),
      headers: {
        'content-type': 'application/json',
        'x-company': companyId,
        authorization: 'Bearer access-secret-xxx',
        'x-refresh-token': 'Bearer refresh-secret-www',
        cookie: '__cez_at=cookie-secret-vvv',
      },
    });
    const text = captured.raw.join('');
    expect(captured.lines.length).toBeGreaterThan(0);
    for (const secret of [
      'query-secret-zzz',
      'pw-secret-yyy',
      'access-secret-xxx',
      'refresh-secret-www',
      'cookie-secret-vvv',
    ]) {
      expect(text).not.toContain(secret);
    }
    const requestLines = captured.lines.filter((l) => 'req' in l || 'res' in l || 'code' in l);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.requestId).toEqual(expect.any(String));
  });
});

describe('CORS', () => {
  it('allows the web app origin with the auth headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-refresh-token,content-type,idempotency-key,if-match',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['authorization', 'x-refresh-token', 'content-type', 'idempotency-key', 'if-match'])
      expect(allowed).toContain(h);
  });

  it('does not allow an unknown origin', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
