/**
 * The app admin's console calls (`/app-admin/companies`, issue 13): only a super admin reaches them,
 * before anything is validated; a super admin creates a company with its first admin (who is invited by
 * mail), extends and ends plans with optimistic concurrency, and a taken e-mail creates nothing. The
 * database is seeded with the opt-in super admin (`SEED_SUPER_ADMIN`), as the e2e server is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../http/build-service-app.ts';
import { seedDemo, SUPPORT_COMPANY } from '../../../seed/demo.ts';
import { buildTestApp } from '../../../testing/test-apps.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { companyIdOf, IAM, registeredRoutes, signIn, tableChecksums } from '../iam-resources-test-kit.ts';
import { isoDate } from '../../../../src/shared/dates.ts';

const SUPER_ADMIN = 'support@freightdesk.test';
const BASE = `${IAM}/app-admin/companies`;

let t: TestDatabase;
let app: App;
let root: { authorization: string };

beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  await seedDemo(t.db, new Date(), SUPER_ADMIN);
  ({ app } = await buildTestApp('iamserver', t.db));
  root = await signIn(app, SUPER_ADMIN);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

function isoDay(offsetDays: number, from = new Date()): string {
  return isoDate(new Date(from.getTime() + offsetDays * 86_400_000));
}

async function fetchUser(headers: { authorization: string }) {
  const res = await app.inject({ method: 'GET', url: `${IAM}/fetch-user`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as {
    emailId: string;
    isSuperAdmin: boolean;
    isExpired: boolean;
    company: { name: string; subscripedPlan: { expiryDate: string } };
  };
}

async function countRows(sql: string, params: unknown[] = []): Promise<number> {
  return t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ n: number }>(sql, params);
    return rows[0]!.n;
  });
}

const newCompany = (suffix: string, email: string) => ({
  name: `Console Freight ${suffix}`,
  shortName: `CONSOLE${suffix}`,
  accountType: 'trial',
  planName: 'starter',
  expiryDate: isoDay(30),
  operatingCountry: 'MX',
  currency: 'MXN',
  timezone: 'America/Mexico_City',
  admin: { email, firstName: 'Carla', lastName: 'Console' },
});

describe('the opt-in super admin of the demo data', () => {
  it('signs in with the demo password in a company of its own; the demo admins stay ordinary admins', async () => {
    expect(await fetchUser(root)).toMatchObject({
      emailId: SUPER_ADMIN,
      isSuperAdmin: true,
      isExpired: false,
      company: { name: SUPPORT_COMPANY },
    });
    expect(await fetchUser(await signIn(app, 'admin@demo.test'))).toMatchObject({ isSuperAdmin: false });
    expect(await countRows('SELECT count(*)::int AS n FROM users WHERE is_super_admin')).toBe(1);
  });
});

describe('app-admin calls', () => {
  it('answer 403 to a company admin with every permission on every call, whatever the request, storing nothing', async () => {
    const admin = await signIn(app, 'admin@demo.test');
    const harbor = await companyIdOf(t.db, 'Harbor Logistics');
    const routes = registeredRoutes(app).filter((r) => r.url.startsWith(`${IAM}/app-admin/`));
    expect(routes.map((r) => `${r.method} ${r.url.slice(IAM.length)}`).sort()).toEqual([
      'GET /app-admin/companies',
      'GET /app-admin/companies/:id',
      'PATCH /app-admin/companies/:id',
      'POST /app-admin/companies',
      'PUT /app-admin/companies/:id',
    ]);
    const before = await tableChecksums(t.db);
    for (const route of routes) {
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const requests = [
        // A well-formed request …
        {
          url: route.url.replace(':id', harbor),
          payload: route.method === 'POST' ? newCompany('X', 'x@console.test') : { expiryDate: '2099-01-01' },
        },
        // … and a malformed one: the same refusal, so the schema is not revealed.
        {
          url: `${route.url.replace(':id', 'not-a-uuid')}?page=0&sort=%27drop&unexpected=1`,
          payload: { unexpected: [1], name: 42, version: 'stale', admin: 'x' },
        },
      ];
      for (const request of requests) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: request.url,
          headers: admin,
          ...(hasBody ? { payload: request.payload } : {}),
        });
        expect(res.statusCode, `${route.method} ${request.url}: ${res.body}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        expect(res.body).not.toContain('Harbor');
      }
    }
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('let a super admin create a company with its first admin, who is mailed an invitation', async () => {
    const email = 'carla@console.test';
    const created = await app.inject({
      method: 'POST',
      url: BASE,
      headers: root,
      payload: newCompany('1', 'Carla@Console.test'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json().data;
    expect(company).toMatchObject({
      name: 'Console Freight 1',
      short_name: 'CONSOLE1',
      account_type: 'trial',
      operating_country: 'MX',
      currency: 'MXN',
      timezone: 'America/Mexico_City',
      subscripedPlan: { name: 'starter', expiryDate: isoDay(30) },
      isExpired: false,
      userCount: 1,
      version: 1,
    });

    // The first admin belongs to the new company, with the Admin role, and has no password yet …
    const users = await app.inject({ method: 'GET', url: `${IAM}/companies/${company._id}/users`, headers: root });
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().data).toEqual([
      expect.objectContaining({ emailId: email, firstName: 'Carla', lastName: 'Console', roleName: 'Admin' }),
    ]);
    expect(
      await countRows('SELECT count(*)::int AS n FROM users WHERE email = $1 AND password_hash IS NULL', [email]),
    ).toBe(1);
    // … and is invited to choose one, by the same mail as a user invited from /settings/users.
    const mail = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ company_id: string; subject: string; body_text: string }>(
        "SELECT company_id, subject, body_text FROM mail_outbox WHERE kind = 'invitation' AND $1 = ANY (to_addresses)",
        [email],
      );
      return rows;
    });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ company_id: company._id, subject: expect.stringContaining('invited you') });
    expect(mail[0]!.body_text).toContain('Console Freight 1');

    // The console finds it by name, with its plan and its number of users.
    const found = await app.inject({ method: 'GET', url: `${BASE}?search=console%20freight`, headers: root });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ meta: { total: 1 }, data: [{ _id: company._id, userCount: 1 }] });
    const read = await app.inject({ method: 'GET', url: `${BASE}/${company._id}`, headers: root });
    expect(read.json().data).toEqual(company);
  });

  it('list every company, sorted by any column the console shows', async () => {
    const list = async (sort: string) => {
      const res = await app.inject({ method: 'GET', url: `${BASE}?limit=100&sort=${sort}`, headers: root });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { name: string; userCount: number; subscripedPlan: { expiryDate: string } }[];
    };
    const byName = await list('name');
    expect(byName.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Demo Freight', 'Expired Cargo', SUPPORT_COMPANY]),
    );
    expect(byName.find((c) => c.name === 'Demo Freight')?.userCount).toBe(3);
    const byExpiry = await list('-expiryDate');
    const dates = byExpiry.map((c) => c.subscripedPlan.expiryDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(byExpiry.at(-1)?.name).toBe('Expired Cargo');
    const byUsers = await list('-userCount');
    expect(byUsers[0]?.name).toBe('Demo Freight');
    for (const sort of ['accountType', 'planName', 'createdAt']) expect(await list(sort)).toHaveLength(byName.length);
    const bad = await app.inject({ method: 'GET', url: `${BASE}?sort=password`, headers: root });
    expect(bad.statusCode).toBe(400);
  });

  it('let a super admin extend and end a plan with versions; a stale version is refused', async () => {
    const expiredAdmin = await signIn(app, 'admin@expired.test');
    const id = await companyIdOf(t.db, 'Expired Cargo');
    const start = await app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: root });
    const { version, isExpired } = start.json().data as { version: number; isExpired: boolean };
    expect(isExpired).toBe(true);
    expect((await fetchUser(expiredAdmin)).isExpired).toBe(true);

    const inAYear = isoDay(365);
    const extended = await app.inject({
      method: 'PATCH',
      url: `${BASE}/${id}`,
      headers: root,
      payload: { version, expiryDate: inAYear },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data).toMatchObject({
      version: version + 1,
      isExpired: false,
      subscripedPlan: { expiryDate: inAYear },
    });
    expect(await fetchUser(expiredAdmin)).toMatchObject({
      isExpired: false,
      company: { subscripedPlan: { expiryDate: inAYear } },
    });

    // Someone who still holds the old version is told so, and nothing changes.
    const stale = await app.inject({
      method: 'PATCH',
      url: `${BASE}/${id}`,
      headers: root,
      payload: { version, expiryDate: isoDay(-1) },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', conflict: { version: version + 1 } });

    // Ending the plan: it expired yesterday, so it is expired from today on.
    const ended = await app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers: root,
      payload: { version: version + 1, expiryDate: isoDay(-1) },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ version: version + 2, isExpired: true });
    expect((await fetchUser(expiredAdmin)).isExpired).toBe(true);
    expect(
      await countRows(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'company.plan_change' AND entity_id = $1",
        [id],
      ),
    ).toBe(2);
  });

  it('refuse a taken e-mail with 409 naming admin.email, and create nothing', async () => {
    const before = await tableChecksums(t.db);
    const outbox = await countRows('SELECT count(*)::int AS n FROM mail_outbox');
    const taken = await app.inject({
      method: 'POST',
      url: BASE,
      headers: root,
      payload: newCompany('2', 'Admin@Harbor.test'),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ path: 'body.admin.email' }] });
    expect(await tableChecksums(t.db)).toEqual(before);
    expect(await countRows('SELECT count(*)::int AS n FROM mail_outbox')).toBe(outbox);
    expect(await countRows("SELECT count(*)::int AS n FROM companies WHERE name = 'Console Freight 2'")).toBe(0);
  });

  it('refuse a company without its first admin, naming the field', async () => {
    const { admin: _admin, ...withoutAdmin } = newCompany('3', 'nobody@console.test');
    const res = await app.inject({ method: 'POST', url: BASE, headers: root, payload: withoutAdmin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.admin' }] });
    const badEmail = await app.inject({
      method: 'POST',
      url: BASE,
      headers: root,
      payload: { ...withoutAdmin, admin: { email: 'not an address', firstName: 'A', lastName: 'B' } },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().details).toEqual([expect.objectContaining({ path: 'body.admin.email' })]);
  });
});
