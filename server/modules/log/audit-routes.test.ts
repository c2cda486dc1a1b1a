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

  it('shows a reader only the entries of records their role may read', async () => {
    // Operations holds `audit: read` but not `issues.read`: the trail must not tell it what the issue
    // tracker would not.
    const ops = await signIn(iam, 'ops@demo.test');
    const opsId = (await iam.inject({ method: 'GET', url: `${IAM}/fetch-user`, headers: ops })).json().data[0]._id;
    const issues = await get('/audit?entity=issue', ops);
    expect(issues.statusCode).toBe(200);
    expect(issues.json().meta.total).toBe(0);
    const everything = (await get('/audit?limit=100', ops)).json();
    expect(
      everything.data.some((e: { entity: string }) => ['issue', 'role', 'company', 'session'].includes(e.entity)),
    ).toBe(false);
    expect(JSON.stringify(everything)).not.toContain('Audited');
    const history = await get(`/audit-history?entity=issue&entityId=${issueId}`, ops);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await get(`/audit-history?entity=issue&entityId=${issueId}`, demoAdmin)).json().meta.total).toBe(3);

    // Its own account's history still answers (the profile's "History"), another user's does not.
    const renamed = await iam.inject({ method: 'GET', url: `${IAM}/profile`, headers: ops });
    await iam.inject({
      method: 'PATCH',
      url: `${IAM}/profile`,
      headers: ops,
      payload: { version: renamed.json().data.version, firstName: 'Olive' },
    });
    const own = (await get(`/audit-history?entity=user&entityId=${opsId}`, ops)).json();
    expect(own.data.map((e: { action: string }) => e.action)).toContain('user.update');
    const me = (await iam.inject({ method: 'GET', url: `${IAM}/fetch-user`, headers: demoAdmin })).json().data[0]._id;
    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query(
        `INSERT INTO audit_log (company_id, actor_user_id, action, entity, entity_id, changes)
         SELECT company_id, id, 'user.update', 'user', id::text,
                '{"before": {"passwordHash": "old-hash", "firstName": "A"}, "after": {"passwordHash": "new-hash", "firstName": "B"}, "resetToken": "t0k3n"}'
           FROM users WHERE id = $1`,
        [me],
      ),
    );
    expect((await get(`/audit-history?entity=user&entityId=${me}`, ops)).json().meta.total).toBe(0);
    const adminView = (await get(`/audit-history?entity=user&entityId=${me}`, demoAdmin)).json();
    expect(adminView.data[0].changes).toEqual({ before: { firstName: 'A' }, after: { firstName: 'B' } });
    expect(JSON.stringify(adminView)).not.toMatch(/hash|t0k3n/);
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
