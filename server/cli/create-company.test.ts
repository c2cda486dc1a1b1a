import { describe, expect, it } from 'vitest';
import type { App } from '../http/build-service-app.ts';
import { setUpTestApp } from '../testing/test-apps.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import { createCompanyWithAdmin } from './create-company.ts';

let t: TestDatabase;
let iam: App;
setUpTestApp('iamserver', (built) => ({ t, app: iam } = built));

describe('create-company command', () => {
  it('creates the first company and a super admin who can sign in', async () => {
    await createCompanyWithAdmin(t.db, {
      company: 'Acme Freight',
      email: 'Root@Acme.example',
      name: 'Ada Admin',
      password: 'a long enough secret',
      superAdmin: true,
      planExpiry: '2099-12-31',
    });
    const login = await iam.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/login',
      payload: { emailId: 'root@acme.example', password: 'a long enough secret' },
    });
    expect(login.statusCode).toBe(200);
    const me = await iam.inject({
      method: 'GET',
      url: '/iamserver/api/v1/fetch-user',
      headers: { authorization: `Bearer ${login.json().data.accessToken}` },
    });
    expect(me.json().data[0]).toMatchObject({
      emailId: 'root@acme.example',
      isSuperAdmin: true,
      firstName: 'Ada',
      company: { name: 'Acme Freight', subscripedPlan: { expiryDate: '2099-12-31' } },
    });
  });

  it('refuses a duplicate e-mail and a weak password, creating nothing', async () => {
    const companies = async () =>
      t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) =>
        Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM companies')).rows[0]!.n),
      );
    const before = await companies();
    const base = { company: 'Other', name: 'X Y', superAdmin: false, planExpiry: '2099-01-01' };
    await expect(
      createCompanyWithAdmin(t.db, { ...base, email: 'root@acme.example', password: 'another secret' }),
    ).rejects.toThrow(/already exists/);
    await expect(createCompanyWithAdmin(t.db, { ...base, email: 'new@acme.example', password: '123' })).rejects.toThrow(
      /policy/,
    );
    expect(await companies()).toBe(before);
  });

  it('makes an ordinary first admin without --super-admin, with the Admin role of the new company', async () => {
    const { companyId, userId } = await createCompanyWithAdmin(t.db, {
      company: 'Plain Freight',
      email: 'plain@plain.example',
      name: 'Pat  Plain Person',
      password: 'a long enough secret',
      superAdmin: false,
      planExpiry: '2099-12-31',
    });
    const row = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query(
        `SELECT u.company_id, u.first_name, u.last_name, u.is_super_admin, u.email_verified, r.name AS role
           FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`,
        [userId],
      );
      return rows[0];
    });
    expect(row).toEqual({
      company_id: companyId,
      first_name: 'Pat',
      last_name: 'Plain Person',
      is_super_admin: false,
      email_verified: true,
      role: 'Admin',
    });
  });
});
