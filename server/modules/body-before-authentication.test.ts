/**
 * No body is read for a caller who may not use the route: authentication and the route's permission are
 * decided at the request's headers, over a real socket (the server's own byte count says what it read),
 * and a body over the route's limit is refused from its Content-Length. Then, for every route Fastify
 * registered: which routes anyone may call, and that their bodies are small.
 */
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BODY_LIMIT, CONTACT_IMPORT_BODY_LIMIT } from '../http/body-limits.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { signIn } from './iam/iam-resources-test-kit.ts';
import { buildAllServices, concreteUrl, revokeAllPermissions, type BuiltService } from './all-services-test-kit.ts';

let t: TestDatabase;
let services: BuiltService[] = [];
let port = 0;
/** For each answer the contacts service finished, how many bytes its connection had read by then. */
const readWhenAnswered: number[] = [];
let admin: { authorization: string };
let nobody: { authorization: string };

const service = (name: string) => services.find((s) => s.service === name)!;

beforeAll(async () => {
  t = await createTestDatabase();
  services = await buildAllServices(t.db);
  await revokeAllPermissions(t.db, 'ops@demo.test');
  admin = await signIn(service('iamserver').app, 'admin@demo.test');
  nobody = await signIn(service('iamserver').app, 'ops@demo.test');
  const contacts = service('contactserver').app;
  contacts.server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    res.on('finish', () => readWhenAnswered.push(req.socket.bytesRead)),
  );
  await contacts.listen({ port: 0, host: '127.0.0.1' });
  port = (contacts.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const { app } of services) await app.close();
  await t?.close();
});

interface EarlyAnswer {
  status: number;
  body: { code?: string; message?: string };
  /** Bytes the server had read from the connection when it answered. */
  serverReadWhenAnswered: number;
}

/**
 * Declares a body of `declaredLength` bytes but sends only its first 64 KiB, then waits for the answer: a
 * server that needed the body would still be waiting for the rest (status 0 after the wait).
 */
async function postLarge(path: string, headers: Record<string, string>, declaredLength: number): Promise<EarlyAnswer> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => undefined);
  let received = '';
  const answer = new Promise<boolean>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received.slice(0, Math.max(end, 0)));
      if (end >= 0 && length && received.length >= end + 4 + Number(length[1])) resolve(true);
    });
    setTimeout(() => resolve(false), 20_000);
  });
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${declaredLength}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(Buffer.alloc(64 * 1024, 0x20));
  const answered = await answer;
  socket.destroy();
  if (!answered) return { status: 0, body: {}, serverReadWhenAnswered: NaN };
  const end = received.indexOf('\r\n\r\n');
  return {
    status: Number(received.slice(9, 12)),
    body: JSON.parse(received.slice(end + 4)) as EarlyAnswer['body'],
    serverReadWhenAnswered: readWhenAnswered.at(-1)!,
  };
}

const SEVEN_MB = 7 * 1024 * 1024;
const IMPORT = '/contactserver/api/v1/contacts/import';

describe('a large body sent to POST /contacts/import over a real socket', () => {
  it('gets its 401 without a token before the server reads the body', async () => {
    const res = await postLarge(IMPORT, {}, SEVEN_MB);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    // Answered with only the first 64 KiB of the 7 MB sent, having read no more than that.
    expect(res.serverReadWhenAnswered).toBeLessThan(100 * 1024);
  }, 60_000);

  it('gets its 403 from a caller without contacts.create before the server reads the body', async () => {
    const res = await postLarge(IMPORT, nobody, SEVEN_MB);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.serverReadWhenAnswered).toBeLessThan(100 * 1024);
  }, 60_000);

  it('gets 413 PAYLOAD_TOO_LARGE over the route limit, from the Content-Length, even from an allowed caller', async () => {
    const res = await postLarge(IMPORT, admin, CONTACT_IMPORT_BODY_LIMIT + 1);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.serverReadWhenAnswered).toBeLessThan(100 * 1024);
  }, 60_000);
});

describe('every route', () => {
  const PUBLIC = [
    'POST /iamserver/api/v1/auth/login',
    'POST /iamserver/api/v1/auth/verify-code',
    'POST /iamserver/api/v1/auth/logout',
    'POST /iamserver/api/v1/auth/social/login',
    'POST /iamserver/api/v1/auth/social/exchange',
    'POST /iamserver/api/v1/social/home/redirect',
    'POST /iamserver/api/v1/auth/reset-password-link',
    'POST /iamserver/api/v1/auth/valid-url',
    'POST /iamserver/api/v1/auth/reset-password',
    'POST /iamserver/api/v1/auth/verify-email',
    'POST /iamserver/api/v1/auth/accept-invitation',
  ];

  it('answers 401 to a body sent without a token, before reading it, except the sign-in and account routes', async () => {
    const open: string[] = [];
    for (const { app, routes } of services) {
      for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
        const url = concreteUrl(route.url, { id: '00000000-0000-4000-8000-000000000000', other: 'x' });
        // Not JSON: had the body been read first, the answer would be 400 MALFORMED_JSON.
        const res = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"not json',
        });
        if (res.statusCode === 401) continue;
        open.push(`${route.method} ${route.url}`);
      }
    }
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('gives every route anyone may call a body limit of 16 KiB', () => {
    const iam = service('iamserver');
    for (const name of PUBLIC) {
      const [method, url] = name.split(' ');
      const route = iam.routes.find((r) => r.method === method && r.url === url);
      expect(route?.bodyLimit, name).toBe(ACCOUNT_BODY_LIMIT);
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE to a sign-in body over 16 KiB', async () => {
    const res = await service('iamserver').app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailId: 'admin@demo.test', password: 'x'.repeat(ACCOUNT_BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
