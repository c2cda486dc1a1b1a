/**
 * The iam resources (docs/api.md section 7) through the real iamserver: CRUD, paging, search and sort,
 * optimistic concurrency, idempotent writes, the audit trail, permissions and the super-admin routes.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import type { App } from '../../http/build-service-app.ts';
import { setUpTestApp } from '../../testing/test-apps.ts';
import type { TestDatabase } from '../../testing/test-database.ts';
import { auditCount, companyIdOf, IAM, makeSuperAdmin, signIn, tableChecksums } from './iam-resources-test-kit.ts';

let t: TestDatabase;
let app: App;
let admin: { authorization: string };
let ops: { authorization: string };
let demoId: string;

setUpTestApp('iamserver', async (built) => {
  ({ t, app } = built);
  admin = await signIn(app, 'admin@demo.test');
  ops = await signIn(app, 'ops@demo.test');
  demoId = await companyIdOf(t.db, 'Demo Freight');
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  app.inject({
    method,
    url: `${IAM}${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('users', () => {
  it('creates a user (201, invitation queued), reads, lists with paging, search and sort', async () => {
    const created = await call('POST', '/users', admin, {
      emailId: 'New.Person@demo.test',
      firstName: 'New',
      lastName: 'Person',
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().data;
    expect(user).toMatchObject({
      emailId: 'new.person@demo.test',
      name: 'New Person',
      version: 1,
      disabled: false,
      companyId: demoId,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user.lastSignInAt).toBeNull();

    const read = await call('GET', `/users/${user._id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(user);
    expect(read.headers.etag).toBe('"1"');

    const page = await call('GET', '/users?limit=2&page=1&sort=-emailId', admin);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.meta).toEqual({ total: 4, page: 1, limit: 2 });
    expect(body.data.map((u: { emailId: string }) => u.emailId)).toEqual(['unverified@demo.test', 'ops@demo.test']);
    const page2 = (await call('GET', '/users?limit=2&page=2&sort=-emailId', admin)).json();
    expect(page2.data.map((u: { emailId: string }) => u.emailId)).toEqual(['new.person@demo.test', 'admin@demo.test']);

    const search = (await call('GET', '/users?search=PERSON', admin)).json();
    expect(search.meta.total).toBe(1);
    expect(search.data[0]._id).toBe(user._id);

    expect((await call('GET', '/users', admin)).json().meta).toEqual({ total: 4, page: 1, limit: 20 });
    expect((await call('GET', '/users?limit=101', admin)).statusCode).toBe(400);
    expect((await call('GET', '/users?sort=password_hash', admin)).statusCode).toBe(400);
    expect((await call('GET', '/users/not-a-uuid', admin)).statusCode).toBe(400);
    expect((await call('GET', '/users/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect(await auditCount(t.db, { action: 'user.create', entityId: user._id })).toBe(1);
  });

  it('shows when each user last signed in', async () => {
    const before = Date.now();
    await signIn(app, 'ops@demo.test');
    const users = (await call('GET', '/users?search=ops@demo.test', admin)).json().data;
    expect(users).toHaveLength(1);
    const lastSignInAt = Date.parse(users[0].lastSignInAt);
    expect(lastSignInAt).toBeGreaterThanOrEqual(before - 1000);
    expect(lastSignInAt).toBeLessThanOrEqual(Date.now() + 1000);
    const unverified = (await call('GET', '/users?search=unverified@demo.test', admin)).json().data;
    expect(unverified[0].lastSignInAt).toBeNull();
  });

  it('refuses a duplicate e-mail with 409 and a foreign role id with 400', async () => {
    const dup = await call('POST', '/users', admin, { emailId: 'ops@demo.test', firstName: 'Dup' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ALREADY_EXISTS');
    const harborRole = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "SELECT r.id FROM roles r JOIN companies c ON c.id = r.company_id WHERE c.name = 'Harbor Logistics' LIMIT 1",
      );
      return rows[0]!.id;
    });
    const foreign = await call('POST', '/users', admin, {
      emailId: 'x1@demo.test',
      firstName: 'X',
      roleId: harborRole,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('updates with optimistic concurrency: stale version 409, If-Match works, version increments, role change audited', async () => {
    const created = (await call('POST', '/users', admin, { emailId: 'occ@demo.test', firstName: 'Occ' })).json().data;
    const roles = (await call('GET', '/roles?search=Operations', admin)).json().data;
    const opsRole = roles[0]._id as string;

    const ok = await call('PATCH', `/users/${created._id}`, admin, {
      version: 1,
      lastName: 'Updated',
      roleId: opsRole,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ version: 2, lastName: 'Updated', roleId: opsRole, roleName: 'Operations' });

    const stale = await call('PUT', `/users/${created._id}`, admin, { version: 1, lastName: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    // The conflict names the stored version and who wrote it, for the client's conflict dialog.
    const adminUser = (await call('GET', '/users?search=admin@demo.test', admin)).json().data[0];
    expect(stale.json().conflict).toEqual({
      version: 2,
      updatedAt: ok.json().data.updatedAt,
      updatedBy: { _id: adminUser._id, name: adminUser.name },
    });

    const viaHeader = await call(
      'PUT',
      `/users/${created._id}`,
      { ...admin, 'if-match': '"2"' },
      { firstName: 'Header' },
    );
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json().data.version).toBe(3);
    expect(
      (await call('PUT', `/users/${created._id}`, { ...admin, 'if-match': '"2"' }, { firstName: 'Again' })).statusCode,
    ).toBe(409);
    expect((await call('PUT', `/users/${created._id}`, admin, { firstName: 'NoVersion' })).statusCode).toBe(400);

    expect(await auditCount(t.db, { action: 'user.role_change', entityId: created._id })).toBe(1);
    // The user is told on the bell, once, and only for the role change (the name edits are not news).
    const notices = await t.db.transaction(
      { role: 'freight_system', companyId: null },
      async (tx) =>
        (
          await tx.query<{ kind: string; title: string; body: string; status: string }>(
            'SELECT kind, title, body, status FROM notifications WHERE user_id = $1',
            [created._id],
          )
        ).rows,
    );
    expect(notices).toEqual([
      { kind: 'role-change', title: 'Your role has changed', body: 'You now have the role Operations.', status: 'new' },
    ]);
    const entry = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ changes: unknown; request_id: string; actor_user_id: string }>(
        "SELECT changes, request_id, actor_user_id FROM audit_log WHERE action = 'user.update' AND entity_id = $1 ORDER BY id LIMIT 1",
        [created._id],
      );
      return rows[0]!;
    });
    const changes = (typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes) as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(changes.before).toMatchObject({ lastName: '', roleId: null, version: 1 });
    expect(changes.after).toMatchObject({ lastName: 'Updated', roleId: opsRole, version: 2 });
    expect(changes.after).not.toHaveProperty('firstName');
    expect(entry.request_id).toBe(ok.headers['x-request-id']);
    expect(entry.actor_user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('disabling a user ends their sessions at once; deleting removes them', async () => {
    const opsUser = (await call('GET', '/users?search=ops@demo', admin)).json().data[0];
    const opsSession = await signIn(app, 'ops@demo.test');
    expect((await call('GET', '/fetch-user', opsSession)).statusCode).toBe(200);
    const disabled = await call('PATCH', `/users/${opsUser._id}`, admin, { version: opsUser.version, disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect((await call('GET', '/fetch-user', opsSession)).statusCode).toBe(401);
    const enabled = await call('PATCH', `/users/${opsUser._id}`, admin, {
      version: opsUser.version + 1,
      disabled: false,
    });
    expect(enabled.statusCode).toBe(200);
    ops = await signIn(app, 'ops@demo.test');

    const victim = (await call('POST', '/users', admin, { emailId: 'gone@demo.test', firstName: 'Gone' })).json().data;
    const del = await call('DELETE', `/users/${victim._id}`, admin);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/users/${victim._id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/users/${victim._id}`, admin)).statusCode).toBe(404);
    expect(await auditCount(t.db, { action: 'user.delete', entityId: victim._id })).toBe(1);
  });

  it('an admin cannot disable or delete themself', async () => {
    const me = (await call('GET', '/users?search=admin@demo', admin)).json().data[0];
    expect((await call('PATCH', `/users/${me._id}`, admin, { version: me.version, disabled: true })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/users/${me._id}`, admin)).statusCode).toBe(403);
  });
});

describe('idempotency', () => {
  it('the same key twice writes once and replays the answer; a different body with the key is 422', async () => {
    const headers = { ...admin, 'idempotency-key': 'create-issue-1' };
    const payload = { title: 'Idempotent', priority: 'high' };
    const first = await call('POST', '/issue/tracker', headers, payload);
    expect(first.statusCode).toBe(201);
    const before = await tableChecksums(t.db);
    const second = await call('POST', '/issue/tracker', headers, payload);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await tableChecksums(t.db)).toEqual(before);
    expect(await auditCount(t.db, { action: 'issue.create', entityId: first.json().data._id })).toBe(1);
    const list = (await call('GET', '/issue/tracker?search=Idempotent', admin)).json();
    expect(list.meta.total).toBe(1);

    const reused = await call('POST', '/issue/tracker', headers, { title: 'Different' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('concurrent retries with one key still write once', async () => {
    const headers = { ...admin, 'idempotency-key': 'concurrent-user-1' };
    const payload = { emailId: 'concurrent@demo.test', firstName: 'Con' };
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/users', headers, payload)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(results.map((r) => r.json().data._id));
    expect(ids.size).toBe(1);
    expect(await auditCount(t.db, { action: 'user.create', entityId: [...ids][0] })).toBe(1);
  });

  it('a malformed key is 400', async () => {
    const res = await call('POST', '/issue/tracker', { ...admin, 'idempotency-key': 'x'.repeat(300) }, { title: 'k' });
    expect(res.statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('CRUD with validated permissions; system roles cannot be deleted; roles in use cannot be deleted', async () => {
    const bad = await call('POST', '/roles', admin, { name: 'Bad', permissions: { nuclear: ['read'] } });
    expect(bad.statusCode).toBe(400);
    const badAction = await call('POST', '/roles', admin, { name: 'Bad', permissions: { users: ['launch'] } });
    expect(badAction.statusCode).toBe(400);

    const created = await call('POST', '/roles', admin, {
      name: 'Auditor',
      permissions: { audit: ['read', 'read'], users: ['read'], issues: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().data;
    expect(role.permissions).toEqual({ users: ['read'], audit: ['read'] });
    expect((await call('POST', '/roles', admin, { name: 'Auditor' })).statusCode).toBe(409);

    const updated = await call('PATCH', `/roles/${role._id}`, admin, { version: 1, permissions: { audit: ['read'] } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ version: 2, permissions: { audit: ['read'] } });
    expect((await call('PATCH', `/roles/${role._id}`, admin, { version: 1, name: 'Stale' })).statusCode).toBe(409);
    expect(await auditCount(t.db, { action: 'role.update', entityId: role._id })).toBe(1);

    const list = (await call('GET', '/roles?sort=-name', admin)).json();
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['Operations', 'Auditor', 'Admin']);

    const system = list.data.find((r: { name: string }) => r.name === 'Admin');
    const sysDel = await call('DELETE', `/roles/${system._id}`, admin);
    expect(sysDel.statusCode).toBe(409);
    expect(sysDel.json().code).toBe('SYSTEM_ROLE');

    const holder = (
      await call('POST', '/users', admin, { emailId: 'holder@demo.test', firstName: 'H', roleId: role._id })
    ).json().data;
    expect((await call('DELETE', `/roles/${role._id}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/users/${holder._id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/roles/${role._id}`, admin)).statusCode).toBe(200);
    expect(await auditCount(t.db, { action: 'role.delete', entityId: role._id })).toBe(1);
  });

  it('lists every resource and action for the matrix, and counts the users of each role', async () => {
    const catalogue = (await call('GET', '/roles/permission-catalogue', admin)).json().data;
    expect(catalogue.map((e: { resource: string }) => e.resource)).toContain('masterData');
    expect(catalogue[0].actions).toEqual(['read', 'create', 'update', 'delete']);
    const roles = (await call('GET', '/roles?search=Operations', admin)).json().data;
    const users = (await call('GET', '/users?limit=100', admin)).json().data as { roleId: string | null }[];
    expect(roles[0].userCount).toBe(users.filter((u) => u.roleId === roles[0]._id).length);
    expect(roles[0].userCount).toBeGreaterThan(0);
  });

  it('keeps a system role from being emptied and the company from losing its last role administrator', async () => {
    const admins = (await call('GET', '/roles?search=Admin', admin)).json().data;
    const adminRole = admins.find((r: { name: string }) => r.name === 'Admin');
    const emptied = await call('PATCH', `/roles/${adminRole._id}`, admin, {
      version: adminRole.version,
      permissions: {},
    });
    expect(emptied.statusCode).toBe(409);
    expect(emptied.json().code).toBe('SYSTEM_ROLE');
    const lastAdmin = await call('PATCH', `/roles/${adminRole._id}`, admin, {
      version: adminRole.version,
      permissions: { users: ['read'], roles: ['read'] },
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json().code).toBe('LAST_ADMIN');
    const after = (await call('GET', `/roles/${adminRole._id}`, admin)).json().data;
    expect(after.version).toBe(adminRole.version);
    expect(after.permissions.roles).toContain('update');
  });

  it('moves the users of a role to another before it is deleted', async () => {
    const role = (
      await call('POST', '/roles', admin, { name: 'Night shift', permissions: { contacts: ['read'] } })
    ).json().data;
    const target = (
      await call('POST', '/roles', admin, { name: 'Day shift', permissions: { contacts: ['read'] } })
    ).json().data;
    const worker = (
      await call('POST', '/users', admin, { emailId: 'night@demo.test', firstName: 'N', roleId: role._id })
    ).json().data;
    const inUse = await call('DELETE', `/roles/${role._id}`, admin);
    expect(inUse.json().code).toBe('RESOURCE_IN_USE');
    expect((await call('POST', `/roles/${role._id}/move-users`, admin, { roleId: role._id })).statusCode).toBe(400);
    const moved = await call('POST', `/roles/${role._id}/move-users`, admin, { roleId: target._id });
    expect(moved.json().data).toEqual({ moved: 1 });
    expect((await call('GET', `/users/${worker._id}`, admin)).json().data.roleId).toBe(target._id);
    expect((await call('DELETE', `/roles/${role._id}`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/roles/${role._id}/move-users`, ops, { roleId: target._id })).statusCode).toBe(403);
  });
});

describe('app settings (/profile/preferences)', () => {
  it('start from the defaults, keep each user’s own choice, and refuse an unknown time zone', async () => {
    const defaults = (await call('GET', '/profile/preferences', ops)).json().data;
    expect(defaults).toEqual({
      language: null,
      dateFormat: 'locale',
      numberFormat: 'locale',
      timeZone: null,
      theme: 'system',
      toasts: { notifications: true, mail: true },
    });
    const choice = {
      language: 'es',
      dateFormat: 'iso',
      numberFormat: 'comma',
      timeZone: 'Europe/Madrid',
      theme: 'dark',
      toasts: { notifications: false, mail: true },
    };
    const saved = await call('PUT', '/profile/preferences', ops, choice);
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/profile/preferences', ops)).json().data).toEqual(choice);
    expect((await call('GET', '/profile/preferences', admin)).json().data.theme).toBe('system');
    const bad = await call('PUT', '/profile/preferences', ops, { ...choice, timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/profile/preferences', ops)).json().data.timeZone).toBe('Europe/Madrid');
    expect(await auditCount(t.db, { action: 'user.preferences' })).toBe(1);
  });
});

describe('own password and sessions (/profile)', () => {
  it('checks the current password and the policy, then signs out every other session but this one', async () => {
    const here = await signIn(app, 'unverified@demo.test');
    const elsewhere = await signIn(app, 'unverified@demo.test');
    const sessions = (await call('GET', '/profile/sessions', here)).json().data as { current: boolean }[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const wrong = await call('POST', '/profile/password', here, {
      currentPassword: 'nope',
      newPassword: 'Harbour!2027x',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('body.currentPassword');
    const weak = await call('POST', '/profile/password', here, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].path).toBe('body.newPassword');

    const changed = await call('POST', '/profile/password', here, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Harbour!2027x',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.revokedSessions).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/profile/sessions', elsewhere)).statusCode).toBe(401);
    expect((await call('GET', '/profile/sessions', here)).statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: `${IAM}/auth/login`,
      payload: { emailId: 'unverified@demo.test', password: 'Harbour!2027x' },
      remoteAddress: '10.88.0.1',
    });
    expect(login.statusCode).toBe(200);
    const third = { authorization: `Bearer ${login.json().data.accessToken}` };
    expect((await call('POST', '/profile/sessions/revoke-others', here)).json().data.revoked).toBe(1);
    expect((await call('GET', '/profile/sessions', third)).statusCode).toBe(401);
    expect(await auditCount(t.db, { action: 'user.password_change' })).toBe(1);
  });
});

describe('groups, products, issues, companies', () => {
  it('groups hold members of the same company only', async () => {
    const users = (await call('GET', '/users', admin)).json().data as Array<{ _id: string }>;
    const created = await call('POST', '/groups', admin, {
      name: 'Night shift',
      memberIds: [users[0]!._id, users[1]!._id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json().data;
    expect(group.memberIds).toHaveLength(2);
    const harborUser = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ id: string }>("SELECT id FROM users WHERE email = 'admin@harbor.test'");
      return rows[0]!.id;
    });
    const foreign = await call('PUT', `/groups/${group._id}`, admin, { version: 1, memberIds: [harborUser] });
    expect(foreign.statusCode).toBe(400);
    const update = await call('PUT', `/groups/${group._id}`, admin, { version: 1, memberIds: [users[0]!._id] });
    expect(update.json().data).toMatchObject({ version: 2, memberIds: [users[0]!._id] });
    expect((await call('GET', '/groups', admin)).json().meta.total).toBe(1);
    expect((await call('DELETE', `/groups/${group._id}`, admin)).statusCode).toBe(200);
  });

  it('products lists the company’s products', async () => {
    const res = await call('GET', '/products?sort=-code', ops);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { code: string }) => p.code)).toEqual(['reports', 'freight', 'contacts']);
    const one = await call('GET', `/products/${res.json().data[0]._id}`, ops);
    expect(one.json().data.code).toBe('reports');
  });

  it('issue tracker CRUD with status and priority filters', async () => {
    const a = (await call('POST', '/issue/tracker', ops, { title: 'Crane down', priority: 'high' })).json().data;
    await call('POST', '/issue/tracker', ops, { title: 'Paperwork', priority: 'low', status: 'in_progress' });
    expect(a).toMatchObject({ status: 'open', priority: 'high', version: 1 });
    expect((await call('POST', '/issue/tracker', ops, { title: 'x', status: 'weird' })).statusCode).toBe(400);
    // Operations reports problems; the list and its updates are the admins' (migration 020).
    const high = (await call('GET', '/issue/tracker?priority=high&sort=-priority', admin)).json();
    expect(high.data.every((i: { priority: string }) => i.priority === 'high')).toBe(true);
    const closed = await call('PATCH', `/issue/tracker/${a._id}`, admin, { version: 1, status: 'closed' });
    expect(closed.json().data).toMatchObject({ status: 'closed', version: 2 });
    expect((await call('DELETE', `/issue/tracker/${a._id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/issue/tracker/${a._id}`, admin)).statusCode).toBe(404);
  });

  it('company settings: own company readable and editable by the admin, with its users, groups and roles', async () => {
    const res = await call('GET', `/companies/${demoId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: demoId,
      name: 'Demo Freight',
      short_name: 'DEMO',
      twoFactorAuth: false,
    });
    const upd = await call('PATCH', `/companies/${demoId}`, admin, {
      version: res.json().data.version,
      phone: '+1 555 0100',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.phone).toBe('+1 555 0100');
    expect((await call('GET', `/companies/${demoId}/users?limit=1`, admin)).json().meta.limit).toBe(1);
    expect((await call('GET', `/companies/${demoId}/roles`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/companies/${demoId}/groups`, admin)).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('ops@demo.test gets 403 on users, roles and company settings, and nothing is stored', async () => {
    const before = await tableChecksums(t.db);
    const someId = '00000000-0000-4000-8000-000000000001';
    const denied: Array<[Parameters<typeof call>[0], string, unknown?]> = [
      ['GET', '/users'],
      ['GET', `/users/${someId}`],
      ['POST', '/users', { emailId: 'evil@demo.test', firstName: 'Evil' }],
      ['PATCH', `/users/${someId}`, { version: 1, disabled: true }],
      ['DELETE', `/users/${someId}`],
      ['GET', '/roles'],
      ['POST', '/roles', { name: 'Evil' }],
      ['PUT', `/roles/${someId}`, { version: 1, name: 'Evil' }],
      ['DELETE', `/roles/${someId}`],
      ['GET', `/companies/${demoId}`],
      ['PATCH', `/companies/${demoId}`, { version: 1, name: 'Evil' }],
      ['GET', `/companies/${demoId}/users`],
      ['GET', `/companies/${demoId}/roles`],
      ['GET', '/app-admin/companies'],
    ];
    for (const [method, url, payload] of denied) {
      const res = await call(method, url, ops, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('ops@demo.test posting a malformed role gets 403, not a 400 that describes the schema', async () => {
    const res = await call('POST', '/roles', ops, { name: 42, permissions: 'everything', extra: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
  });

  it('a call without a token is 401', async () => {
    expect((await call('GET', '/users', {})).statusCode).toBe(401);
  });
});

describe('app admin', () => {
  it('is for super admins only: lists every company, creates one, changes its plan', async () => {
    expect((await call('GET', '/app-admin/companies', admin)).statusCode).toBe(403);
    expect(
      (await call('POST', '/app-admin/companies', admin, { name: 'X', shortName: 'X', expiryDate: '2030-01-01' }))
        .statusCode,
    ).toBe(403);
    await makeSuperAdmin(t.db, 'admin@expired.test');
    const root = await signIn(app, 'admin@expired.test');

    const list = await call('GET', '/app-admin/companies?sort=name', root);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Demo Freight',
      'Expired Cargo',
      'Harbor Logistics',
    ]);

    // The same request twice under one idempotency key: the replay must answer with the first company.
    const createFresh = () =>
      call(
        'POST',
        '/app-admin/companies',
        { ...root, 'idempotency-key': 'new-co' },
        {
          name: 'Fresh Shipping',
          shortName: 'FRESH',
          expiryDate: '2031-06-30',
          admin: { email: 'first@fresh.example', firstName: 'First', lastName: 'Admin' },
        },
      );
    const created = await createFresh();
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json().data;
    expect(company.subscripedPlan).toEqual({ name: 'standard', expiryDate: '2031-06-30' });
    const again = await createFresh();
    expect(again.json().data._id).toBe(company._id);
    expect((await call('GET', '/app-admin/companies', root)).json().meta.total).toBe(4);

    const plan = await call('PATCH', `/app-admin/companies/${company._id}`, root, {
      version: 1,
      planName: 'business',
      expiryDate: '2032-01-01',
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().data.subscripedPlan).toEqual({ name: 'business', expiryDate: '2032-01-01' });
    expect(
      (await call('PATCH', `/app-admin/companies/${company._id}`, root, { version: 1, planName: 'x' })).statusCode,
    ).toBe(409);
    expect(await auditCount(t.db, { action: 'company.plan_change', entityId: company._id })).toBe(1);

    // A super admin may read another company's settings; a plain admin may not.
    expect((await call('GET', `/companies/${demoId}`, root)).json().data.name).toBe('Demo Freight');
    expect((await call('GET', `/companies/${company._id}`, admin)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/app-admin/companies/${company._id}`, admin, { version: 2, planName: 'x' })).statusCode,
    ).toBe(403);
  });
});
