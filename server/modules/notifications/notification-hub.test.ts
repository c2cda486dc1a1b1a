/**
 * The hub does the database work once per user, not once per stream: 200 open streams of one user cost
 * ONE item lookup and ONE unread count per notification (and one per burst), and their heartbeats cost
 * ONE session query per period for all of them. Counted with a Queryable wrapper on the database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PassThrough } from 'node:stream';
import { pino } from 'pino';
import type { Database, Queryable } from '../../db/database.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createNotificationHub, type NotificationHub } from './notification-hub.ts';
import { createNotifications } from './notification-service.ts';
import { openNotificationStream } from './notification-stream.ts';
import type { StreamOwner } from './notification-stream-ticket.ts';

const STREAMS = 200;
const log = pino({ level: 'silent' });

let t: TestDatabase;
let owner: StreamOwner;
const statements: string[] = [];

/** `t.db` with every statement run inside a transaction recorded in `statements`. */
function countingDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return <T>(options: Parameters<Database['transaction']>[0], fn: (tx: Queryable) => Promise<T>) =>
          target.transaction(options, (tx) =>
            fn({
              query: (sql, params) => {
                statements.push(sql);
                return tx.query(sql, params);
              },
            }),
          );
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const itemLookups = () => statements.filter((sql) => /FROM notifications\s+WHERE id = ANY/.test(sql)).length;
const countQueries = () => statements.filter((sql) => /count\(\*\).*status = 'new'/s.test(sql)).length;
const sessionQueries = () => statements.filter((sql) => /FROM sessions s/.test(sql)).length;

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Opened {
  text: () => string;
  ended: () => boolean;
  detach: () => void;
}

function openStreams(hub: NotificationHub, db: Database, who: StreamOwner, n: number): Opened[] {
  const deps = { db } as unknown as ServiceDeps;
  return Array.from({ length: n }, () => {
    const { body, detach } = openNotificationStream({ deps, hub, owner: who, after: undefined, log });
    let text = '';
    let ended = false;
    (body as PassThrough).setEncoding('utf8');
    body.on('data', (chunk: string) => (text += chunk));
    body.on('end', () => (ended = true));
    return { text: () => text, ended: () => ended, detach };
  });
}

const send = (title: string) =>
  t.db.transaction({ role: 'freight_app', companyId: owner.companyId, userId: owner.userId }, (tx) =>
    createNotifications(tx, {
      companyId: owner.companyId,
      userIds: [owner.userId],
      kind: 'general',
      title,
      body: title,
    }),
  );

const titles = (text: string) =>
  [...text.matchAll(/^event: notification\nid: .*\ndata: (.*)$/gm)].map(
    (m) => (JSON.parse(m[1]!) as { title: string }).title,
  );
const counts = (text: string) =>
  [...text.matchAll(/^event: count\ndata: (.*)$/gm)].map((m) => (JSON.parse(m[1]!) as { unread: number }).unread);

beforeAll(async () => {
  t = await createTestDatabase();
  owner = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ id: string; company_id: string }>(
      'SELECT id, company_id FROM users WHERE email = $1',
      ['ops@demo.test'],
    );
    const user = rows[0]!;
    const session = await tx.query<{ id: string }>(
      'INSERT INTO sessions (company_id, user_id) VALUES ($1, $2) RETURNING id',
      [user.company_id, user.id],
    );
    return { companyId: user.company_id, userId: user.id, sessionId: session.rows[0]!.id };
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the hub with 200 streams of one user', () => {
  let hub: NotificationHub | undefined;
  afterEach(async () => {
    await hub?.stop();
    hub = undefined;
    statements.length = 0;
  });

  it('reads each notification ONCE and the count once, and sends the same frames to every stream', async () => {
    const db = countingDatabase(t.db);
    hub = createNotificationHub({ db, log });
    await hub.start();
    const streams = openStreams(hub, db, owner, STREAMS);
    await waitFor(() => streams.every((s) => s.text().includes('event: snapshot')));
    const unreadBefore = (
      JSON.parse(/^event: snapshot\n(?:id: .*\n)?data: (.*)$/m.exec(streams[0]!.text())![1]!) as { unread: number }
    ).unread;
    statements.length = 0;

    await send('Hub one');
    await waitFor(() => streams.every((s) => counts(s.text()).length >= 1));
    expect(itemLookups()).toBe(1);
    expect(countQueries()).toBe(1);
    await send('Hub two');
    await waitFor(() => streams.every((s) => counts(s.text()).length >= 2));
    expect(itemLookups()).toBe(2);
    expect(countQueries()).toBe(2);

    for (const s of streams) {
      expect(titles(s.text())).toEqual(['Hub one', 'Hub two']);
      expect(counts(s.text())).toEqual([unreadBefore + 1, unreadBefore + 2]);
    }
    expect(new Set(streams.map((s) => s.text())).size).toBe(1);
    for (const s of streams) s.detach();
    expect(hub.size).toBe(0);
  });

  it('reads a burst of notifications for one user in one lookup and one count, in order', async () => {
    const db = countingDatabase(t.db);
    hub = createNotificationHub({ db, log, coalesceMs: 300 });
    await hub.start();
    const streams = openStreams(hub, db, owner, STREAMS);
    await waitFor(() => streams.every((s) => s.text().includes('event: snapshot')));
    statements.length = 0;

    for (const title of ['Burst 1', 'Burst 2', 'Burst 3']) await send(title);
    await waitFor(() => streams.every((s) => counts(s.text()).length >= 1));
    expect(itemLookups()).toBe(1);
    expect(countQueries()).toBe(1);
    for (const s of streams) expect(titles(s.text())).toEqual(['Burst 1', 'Burst 2', 'Burst 3']);
  });

  it('checks the sessions of all streams in one query per heartbeat and ends them when it is revoked', async () => {
    const db = countingDatabase(t.db);
    hub = createNotificationHub({ db, log, heartbeatMs: 200 });
    await hub.start();
    const streams = openStreams(hub, db, owner, STREAMS);
    await waitFor(() => streams.every((s) => s.text().includes('event: snapshot')));
    statements.length = 0;

    await waitFor(() => streams.every((s) => (s.text().match(/^: heartbeat$/gm) ?? []).length >= 2));
    await waitFor(() => sessionQueries() >= 2);
    // One query per period (at most one more may be under way), not one per stream.
    expect(sessionQueries()).toBeLessThanOrEqual(3);
    expect(streams.every((s) => !s.ended())).toBe(true);

    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [owner.sessionId]),
    );
    const revokedAt = Date.now();
    await waitFor(() => streams.every((s) => s.ended()), 2000);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    expect(hub.size).toBe(0);
  });
});
