/**
 * logserver `/audit` and `/audit-history`: a company reads its own trail only, filtered and paged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../http/build-service-app.ts';
import { buildTestApp } from '../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { IAM, LOG, signIn } from '../iam/iam-resources-test-kit.ts';

let t: TestDatabase;
let iam: App;
let log: App;
let demoAdmin: { authorization: string };
let harborAdmin: { authorization: string };
let issueId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app: iam } = await buildTestApp('iamserver', t.db));
  ({ app: log } = await buildTestApp('logserver', t.db));
  demoAdmin = await signIn(iam, 'admin@demo.test');
  harborAdmin = await signIn(iam, 'admin@harbor.test');
  const created = await iam.inject({
    method: 'POST',
    url: `${IAM}/issue/tracker`,
    headers: demoAdmin,
    payload: { title: 'Audited', description: 'first' },
  });
  issueId = created.json().data._id;
  for (const [version, status] of [
    [1, 'in_progress'],
    [2, 'closed'],
  ] as const) {
    await iam.inject({
      method: 'PATCH',
      url: `${IAM}/issue/tracker/${issueId}`,
      headers: demoAdmin,
      payload: { version, status },
    });
  }
  await iam.inject({
    method: 'POST',
    url: `${IAM}/issue/tracker`,
    headers: harborAdmin,
    payload: { title: 'Harbor only' },
  });
});
afterAll(async () => {
  await iam?.close();
  await log?.close();
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) =>
  log.inject({ method: 'GET', url: `${LOG}${url}`, headers });

describe('audit', () => {
  it('lists the company’s entries newest first, with filters and paging', async () => {
    const res = await get('/audit?entity=issue', demoAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 3, page: 1, limit: 20 });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'issue.update',
      'issue.update',
      'issue.create',
    ]);
    expect(body.data[0]).toMatchObject({
      entity: 'issue',
      entityId: issueId,
      changes: { after: { status: 'closed' } },
    });

    const paged = (await get('/audit?entity=issue&limit=1&page=3', demoAdmin)).json();
    expect(paged.data.map((e: { action: string }) => e.action)).toEqual(['issue.create']);
    expect((await get('/audit?action=issue.create', demoAdmin)).json().meta.total).toBe(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`/audit?from=${encodeURIComponent(future)}`, demoAdmin)).json().meta.total).toBe(0);
    const me = (await iam.inject({ method: 'GET', url: `${IAM}/fetch-user`, headers: demoAdmin })).json().data[0]._id;
    expect((await get(`/audit?actorUserId=${me}&entity=issue`, demoAdmin)).json().meta.total).toBe(3);
    expect((await get('/audit?actorUserId=nope', demoAdmin)).statusCode).toBe(400);
    expect((await get('/audit?from=yesterday', demoAdmin)).statusCode).toBe(400);
  });

  it('never shows another company’s entries', async () => {
    const harbor = (await get('/audit?limit=100', harborAdmin)).json();
    expect(harbor.data.some((e: { entityId: string }) => e.entityId === issueId)).toBe(false);
    expect(JSON.stringify(harbor)).not.toContain('Audited');
    expect((await get(`/audit-history?entity=issue&entityId=${issueId}`, harborAdmin)).json().meta.total).toBe(0);
  });

  it('audit-history answers one entity’s history, newest first', async () => {
    const res = await get(`/audit-history?entity=issue&entityId=${issueId}`, demoAdmin);
    expect(res.statusCode).toBe(200);
    const statuses = res.json().data.map((e: { changes: { after?: { status?: string } } }) => e.changes.after?.status);
    expect(statuses).toEqual(['closed', 'in_progress', 'open']);
    expect((await get('/audit-history?entity=issue', demoAdmin)).statusCode).toBe(400);
  });

  it('needs audit read permission and a session', async () => {
    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query(
        "UPDATE roles SET permissions = permissions - 'audit' WHERE name = 'Operations' AND company_id = (SELECT company_id FROM users WHERE email = 'ops@demo.test')",
      ),
    );
    const ops = await signIn(iam, 'ops@demo.test');
    expect((await get('/audit', ops)).statusCode).toBe(403);
    expect((await get('/audit-history?entity=issue&entityId=x', ops)).statusCode).toBe(403);
    expect((await get('/audit', {})).statusCode).toBe(401);
  });
});
