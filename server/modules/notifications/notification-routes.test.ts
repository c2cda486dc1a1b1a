/**
 * The notification calls through the real iamserver on a real database: sending (admins only, own
 * company only, audited), listing with the unread count, marking loaded; and `createNotifications` as
 * other modules call it, inside their own transaction.
 */
import { describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { setUpTestApp } from '../../testing/test-apps.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { IAM, signIn, userIdOf } from './notification-test-kit.ts';
import { createNotifications } from './notification-service.ts';

let t: TestDatabase;
let app: App;
let admin: { authorization: string };
let ops: { authorization: string };
let harbor: { authorization: string };
const ids: Record<string, string> = {};

setUpTestApp('iamserver', async (built) => {
  ({ t, app } = built);
  admin = await signIn(app, 'admin@demo.test');
  ops = await signIn(app, 'ops@demo.test');
  harbor = await signIn(app, 'admin@harbor.test');
  for (const email of ['admin@demo.test', 'ops@demo.test', 'unverified@demo.test', 'admin@harbor.test']) {
    ids[email] = await userIdOf(t.db, email);
  }
});

const send = (headers: { authorization: string }, payload: unknown, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `${IAM}/notifications`,
    headers: { ...headers, ...extra },
    payload: payload as object,
  });
const list = (headers: { authorization: string }, query = '') =>
  app.inject({ method: 'GET', url: `${IAM}/notifications${query}`, headers });
const markLoaded = (headers: { authorization: string }, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url: `${IAM}/notifications/mark-loaded`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('POST /notifications', () => {
  it('sends to every enabled user of the company but the sender when userIds is omitted, and audits it', async () => {
    const res = await send(admin, { title: 'Warehouse closed', body: 'Closed on Friday', link: '/dashboard' });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data.count).toBe(2);
    expect([...data.userIds].sort()).toEqual([ids['ops@demo.test'], ids['unverified@demo.test']].sort());

    const audit = await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query<{ actor_user_id: string; changes: Record<string, unknown> }>(
        "SELECT actor_user_id, changes FROM audit_log WHERE action = 'notification.send' ORDER BY id DESC LIMIT 1",
      ),
    );
    expect(audit.rows[0]!.actor_user_id).toBe(ids['admin@demo.test']);
    expect(audit.rows[0]!.changes).toMatchObject({
      after: { title: 'Warehouse closed', body: 'Closed on Friday', link: '/dashboard' },
      recipients: 2,
      broadcast: true,
    });
  });

  it('sends to the users named, once each', async () => {
    const opsId = ids['ops@demo.test']!;
    const res = await send(admin, { title: 'Only you', body: '', userIds: [opsId, opsId.toUpperCase()] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ count: 1, userIds: [opsId] });
  });

  it('refuses a user without the right to address users (ops@demo.test): 403', async () => {
    const res = await send(ops, { title: 'Hi', body: 'all' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('refuses recipients of another company as unknown (400), and stores nothing', async () => {
    const before = (await list(harbor)).json().meta.total;
    const res = await send(admin, {
      title: 'Cross',
      body: 'tenant',
      userIds: [ids['ops@demo.test'], ids['admin@harbor.test']],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.userIds.1', message: 'is not an enabled user of your company' }],
    });
    expect((await list(harbor)).json().meta.total).toBe(before);
  });

  it('validates the body: no title, a script link, unknown fields', async () => {
    for (const payload of [
      { body: 'x' },
      { title: 'x', body: 'x', link: 'javascript:alert(1)' },
      { title: 'x', body: 'x', link: '//evil.example' },
      { title: 'x', body: 'x', companyId: ids['admin@harbor.test'] },
      { title: 'x', body: 'x', userIds: [] },
    ]) {
      const res = await send(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('performs the write once for the same Idempotency-Key', async () => {
    const first = await send(
      admin,
      { title: 'Once', body: 'only', userIds: [ids['ops@demo.test']] },
      { 'idempotency-key': 'n-1' },
    );
    const again = await send(
      admin,
      { title: 'Once', body: 'only', userIds: [ids['ops@demo.test']] },
      { 'idempotency-key': 'n-1' },
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const titled = (await list(ops, '?limit=100')).json().data.filter((n: { title: string }) => n.title === 'Once');
    expect(titled).toHaveLength(1);
  });

  it('needs a session: 401 without a token', async () => {
    const res = await app.inject({ method: 'POST', url: `${IAM}/notifications`, payload: { title: 'x', body: 'y' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /notifications and mark-loaded', () => {
  it('lists only the caller’s own, newest first, with meta and the unread count', async () => {
    const res = await list(ops, '?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 3, page: 1, limit: 2, unread: 3 });
    expect(body.data.map((n: { title: string }) => n.title)).toEqual(['Once', 'Only you']);
    expect(body.data[0]).toMatchObject({ status: 'new', kind: 'general', body: 'only', link: null, loadedAt: null });
    expect(Object.keys(body.data[0]).sort()).toEqual(
      ['_id', 'body', 'createdAt', 'kind', 'link', 'loadedAt', 'status', 'title'].sort(),
    );
    const page2 = (await list(ops, '?limit=2&page=2')).json();
    expect(page2.data.map((n: { title: string }) => n.title)).toEqual(['Warehouse closed']);
    // The sender did not notify themself, and another tenant sees none of it.
    expect((await list(admin)).json().meta).toMatchObject({ total: 0, unread: 0 });
    expect((await list(harbor)).json().meta).toMatchObject({ total: 0, unread: 0 });
  });

  it('marks the ids given loaded and answers the new unread count; status filters', async () => {
    const [newest] = (await list(ops)).json().data;
    const res = await markLoaded(ops, { ids: [newest._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 1, unread: 2 });
    const loaded = (await list(ops, '?status=loaded')).json();
    expect(loaded.meta).toMatchObject({ total: 1, unread: 2 });
    expect(loaded.data[0]).toMatchObject({ _id: newest._id, status: 'loaded' });
    expect(loaded.data[0].loadedAt).toMatch(/^\d{4}-/);
    expect((await list(ops, '?status=new')).json().meta.total).toBe(2);
    // Marking again changes nothing.
    expect((await markLoaded(ops, { ids: [newest._id] })).json().data).toEqual({ updated: 0, unread: 2 });
  });

  it('cannot mark another user’s notifications', async () => {
    const theirs = (await list(ops, '?status=new')).json().data[0]._id;
    expect((await markLoaded(admin, { ids: [theirs] })).json().data).toEqual({ updated: 0, unread: 0 });
    expect((await list(ops)).json().meta.unread).toBe(2);
  });

  it('marks all when ids is omitted (with or without a body)', async () => {
    expect((await markLoaded(ops, {})).json().data).toEqual({ updated: 2, unread: 0 });
    const unverified = ids['unverified@demo.test']!;
    await send(admin, { title: 'Again', body: '', userIds: [ids['ops@demo.test'], unverified] });
    const res = await markLoaded(ops);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 1, unread: 0 });
  });

  it('rejects a bad status filter and a bad id', async () => {
    expect((await list(ops, '?status=read')).statusCode).toBe(400);
    expect((await markLoaded(ops, { ids: ['nope'] })).statusCode).toBe(400);
  });
});

describe('createNotifications (for other modules)', () => {
  it('stores nothing when the caller’s transaction rolls back', async () => {
    const companyId = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ company_id: string }>('SELECT company_id FROM users WHERE id = $1', [
        ids['admin@demo.test'],
      ]);
      return rows[0]!.company_id;
    });
    await expect(
      t.db.transaction({ role: 'freight_app', companyId }, async (tx) => {
        await createNotifications(tx, {
          companyId,
          userIds: [ids['admin@demo.test']!],
          kind: 'shipment-delayed',
          title: 'Rolled back',
          body: '',
        });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    const created = await t.db.transaction({ role: 'freight_app', companyId }, (tx) =>
      createNotifications(tx, {
        companyId,
        userIds: [ids['admin@demo.test']!],
        kind: 'shipment-delayed',
        title: 'Committed',
        body: 'B/L 42',
        link: '/dashboard',
      }),
    );
    expect(created).toHaveLength(1);
    const mine = (await list(admin)).json();
    expect(mine.data.map((n: { title: string }) => n.title)).toEqual(['Committed']);
    expect(mine.data[0]).toMatchObject({ kind: 'shipment-delayed', link: '/dashboard' });
  });
});
