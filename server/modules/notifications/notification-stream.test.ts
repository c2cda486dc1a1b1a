/**
 * The live channel end to end, over a real HTTP listener and node's fetch: the ticket, the snapshot,
 * live delivery, catch-up after a reconnect, shutdown, and two service instances on one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { openPostgres, type Database } from '../../db/database.ts';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp, type CapturedLogs } from '../../testing/test-apps.ts';
import { createTestDatabase, testDriver, type TestDatabase } from '../../testing/test-database.ts';
import { sessionModule } from '../iam/session/session-module.ts';
import type { NotificationMirror } from './firebase-mirror.ts';
import { createNotificationsModule } from './notifications-module.ts';
import { IAM, openSse, signIn, streamTicket, userIdOf, type SseReader } from './notification-test-kit.ts';

let t: TestDatabase;
let app: App;
let captured: CapturedLogs;
let baseUrl: string;
let clockOffsetMs = 0;
let admin: { authorization: string };
let adminId: string;
const open: SseReader[] = [];

async function listenOn(a: App): Promise<string> {
  await a.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
}

async function stream(base: string, ticket: string, headers: Record<string, string> = {}) {
  const reader = await openSse(`${base}${IAM}/notifications/stream?ticket=${encodeURIComponent(ticket)}`, headers);
  open.push(reader);
  return reader;
}

const sendTo = (a: App, userIds: string[], title: string) =>
  a.inject({
    method: 'POST',
    url: `${IAM}/notifications`,
    headers: admin,
    payload: { title, body: `${title} body`, userIds },
  });

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app, captured } = await buildTestApp('iamserver', t.db, { now: () => new Date(Date.now() + clockOffsetMs) }));
  baseUrl = await listenOn(app);
  admin = await signIn(app, 'admin@demo.test');
  adminId = await userIdOf(t.db, 'admin@demo.test');
});
afterAll(async () => {
  for (const reader of open) reader.close();
  // The streams end themselves (see the shutdown test); what may remain are the idle keep-alive sockets of
  // node's fetch pool, which the test's client, unlike a browser, never closes.
  app.server.closeAllConnections();
  await app?.close();
  await t?.close();
});

describe('the stream ticket', () => {
  it('opens one stream only', async () => {
    const ticket = await streamTicket(app, admin);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await stream(baseUrl, ticket);
    expect(first.status).toBe(200);
    const second = await stream(baseUrl, ticket);
    expect(second.status).toBe(401);
    first.close();
  });

  it('expires after 30 seconds', async () => {
    const ticket = await streamTicket(app, admin);
    clockOffsetMs = 31_000;
    try {
      const res = await fetch(`${baseUrl}${IAM}/notifications/stream?ticket=${ticket}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'STREAM_TICKET_INVALID' });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('is refused when unknown or missing, and a ticket needs a session', async () => {
    expect((await fetch(`${baseUrl}${IAM}/notifications/stream?ticket=${'x'.repeat(43)}`)).status).toBe(401);
    expect((await fetch(`${baseUrl}${IAM}/notifications/stream`)).status).toBe(400);
    expect((await app.inject({ method: 'POST', url: `${IAM}/notifications/stream-ticket` })).statusCode).toBe(401);
  });

  it('never reaches a log line', async () => {
    const ticket = await streamTicket(app, admin);
    const reader = await stream(baseUrl, ticket);
    await reader.nextOf('snapshot');
    reader.close();
    expect(captured.raw.join('')).not.toContain(ticket);
    expect(captured.raw.join('')).toContain('ticket=…');
  });
});

describe('the stream', () => {
  let lastId: string | undefined;

  it('starts with retry and a snapshot, then delivers a new notification within 2 s', async () => {
    await sendTo(app, [adminId], 'Before');
    const reader = await stream(baseUrl, await streamTicket(app, admin));
    expect(reader.contentType).toMatch(/^text\/event-stream/);
    const snapshot = await reader.next();
    expect(reader.retry).toBe(2000);
    expect(snapshot.event).toBe('snapshot');
    const data = snapshot.data as { unread: number; items: Array<{ title: string }> };
    expect(data.unread).toBe(1);
    expect(data.items.map((i) => i.title)).toEqual(['Before']);
    expect(snapshot.id).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/);

    const started = Date.now();
    expect((await sendTo(app, [adminId], 'Live')).statusCode).toBe(201);
    const live = await reader.nextOf('notification', 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(live.data).toMatchObject({ title: 'Live', body: 'Live body', status: 'new', kind: 'general' });
    expect(live.id).toMatch(/_[0-9a-f-]{36}$/);
    expect((await reader.nextOf('count')).data).toEqual({ unread: 2 });
    lastId = live.id;

    // Another user's notification does not reach this stream; marking loaded updates the count.
    await sendTo(app, [await userIdOf(t.db, 'ops@demo.test')], 'Not yours');
    await app.inject({ method: 'POST', url: `${IAM}/notifications/mark-loaded`, headers: admin, payload: {} });
    expect(await reader.next()).toEqual({ event: 'count', id: undefined, data: { unread: 0 } });
    reader.close();
  });

  it('catches up on what was missed after a reconnect with Last-Event-ID', async () => {
    await sendTo(app, [adminId], 'Missed 1');
    await sendTo(app, [adminId], 'Missed 2');
    const reader = await stream(baseUrl, await streamTicket(app, admin), { 'last-event-id': lastId! });
    const snapshot = await reader.next();
    expect(snapshot.event).toBe('snapshot');
    expect(snapshot.id).toBeUndefined();
    expect((snapshot.data as { unread: number }).unread).toBe(2);
    const one = await reader.next();
    const two = await reader.next();
    expect([one.event, two.event]).toEqual(['notification', 'notification']);
    expect([(one.data as { title: string }).title, (two.data as { title: string }).title]).toEqual([
      'Missed 1',
      'Missed 2',
    ]);
    reader.close();

    // A fresh EventSource (new ticket) passes the cursor as ?lastEventId=.
    const fresh = await openSse(
      `${baseUrl}${IAM}/notifications/stream?ticket=${await streamTicket(app, admin)}&lastEventId=${encodeURIComponent(one.id!)}`,
    );
    open.push(fresh);
    await fresh.nextOf('snapshot');
    expect(((await fresh.next()).data as { title: string }).title).toBe('Missed 2');
    fresh.close();
  });
});

describe('two service instances on one database', () => {
  let a: App;
  let b: App;
  let baseA: string;
  let dbB: Database;
  const published: string[] = [];
  const mirror: NotificationMirror = {
    publish: async (item) => {
      published.push(item._id);
    },
    markLoaded: async () => undefined,
    close: async () => undefined,
  };

  beforeAll(async () => {
    // On PostgreSQL instance B has its own pool and its own LISTEN connection; PGlite is one object.
    dbB =
      testDriver() === 'postgres'
        ? await openPostgres({ connectionString: t.connectionString!, schema: t.schema, poolSize: 2 })
        : t.db;
    const modules = [sessionModule, createNotificationsModule({ mirror, heartbeatMs: 250 })];
    ({ app: a } = await buildTestApp('iamserver', t.db, { modules }));
    ({ app: b } = await buildTestApp('iamserver', dbB, { modules }));
    baseA = await listenOn(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (dbB && dbB !== t.db) await dbB.close();
  });

  it('delivers on instance A what instance B created, and mirrors it exactly once', async () => {
    const reader = await stream(baseA, await streamTicket(b, admin));
    await reader.nextOf('snapshot');
    const res = await sendTo(b, [adminId], 'From B');
    expect(res.statusCode, res.body).toBe(201);
    const event = await reader.nextOf('notification', 2000);
    expect(event.data).toMatchObject({ title: 'From B' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(published.filter((id) => id === (event.data as { _id: string })._id)).toHaveLength(1);
    reader.close();
  });

  it('ends a stream whose session was revoked, at the next heartbeat', async () => {
    const session = await signIn(a, 'admin@demo.test');
    const reader = await stream(baseA, await streamTicket(a, session));
    await reader.nextOf('snapshot');
    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [adminId]),
    );
    const ended = await Promise.race([
      reader.ended.then(() => 'ended'),
      new Promise((r) => setTimeout(r, 2000, 'open')),
    ]);
    expect(ended).toBe('ended');
    admin = await signIn(app, 'admin@demo.test');
  });

  it('closes open streams on shutdown without hanging it', async () => {
    const reader = await stream(baseA, await streamTicket(a, admin));
    await reader.nextOf('snapshot');
    const started = Date.now();
    await a.close();
    await reader.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
