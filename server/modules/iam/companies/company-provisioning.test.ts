/**
 * One company-creation path: a company made by the demo seed, by the command-line tool and by the
 * app-admin route starts with the same products, roles, picklists and business types and a first admin, read back inside
 * the new tenant (row-level security on) the way its own users would see them. The schema has no
 * mail-template table yet, so there is nothing of those to compare.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import type { App } from '../../../http/build-service-app.ts';
import { createCompanyWithAdmin } from '../../../cli/create-company.ts';
import { setUpTestApp } from '../../../testing/test-apps.ts';
import type { TestDatabase } from '../../../testing/test-database.ts';
import { companyIdOf, IAM, makeSuperAdmin, signIn } from '../iam-resources-test-kit.ts';
import {
  DEFAULT_BUSINESS_TYPES,
  DEFAULT_PICKLIST_GROUPS,
  DEFAULT_PICKLISTS,
  SHIPMENT_PICKLIST_GROUPS,
  SHIPMENT_PICKLISTS,
  DEFAULT_ROLES,
  PRODUCT_CATALOG,
} from './company-provisioning.ts';

let t: TestDatabase;
let app: App;

setUpTestApp('iamserver', (built) => ({ t, app } = built));

/** What a company starts with, as its own tenant transaction sees it. */
async function startingState(db: Database, companyId: string) {
  return db.transaction({ role: 'freight_app', companyId }, async (tx) => {
    const roles = await tx.query<{ name: string; description: string; permissions: unknown; is_system: boolean }>(
      'SELECT name, description, permissions, is_system FROM roles ORDER BY name',
    );
    const picklists = await tx.query(
      'SELECT module, group_name, value, label, sort_order FROM dropdown_options ORDER BY sort_order, group_name, value',
    );
    const businessTypes = await tx.query('SELECT code, name, is_active, version FROM business_types ORDER BY code');
    const picklistGroups = await tx.query('SELECT module, name, label FROM dropdown_groups ORDER BY module, name');
    const products = await tx.query<{ code: string }>(
      'SELECT p.code FROM company_products cp JOIN products p ON p.id = cp.product_id ORDER BY p.code',
    );
    const company = await tx.query(
      'SELECT plan_name, operating_country, currency, timezone, company_type, account_type FROM companies',
    );
    return {
      roles: roles.rows.map((r) => ({
        ...r,
        permissions: typeof r.permissions === 'string' ? JSON.parse(r.permissions) : r.permissions,
      })),
      picklists: picklists.rows,
      businessTypes: businessTypes.rows,
      picklistGroups: picklistGroups.rows,
      products: products.rows.map((r) => r.code),
      company: company.rows,
    };
  });
}

describe('company provisioning', () => {
  it('gives the same company from the demo seed, the command line and the app-admin route', async () => {
    const fromSeed = await companyIdOf(t.db, 'Demo Freight');

    const { companyId: fromCli } = await createCompanyWithAdmin(t.db, {
      company: 'Cli Freight',
      email: 'first@cli.example',
      name: 'First Admin',
      password: 'a long enough secret',
      superAdmin: false,
      planExpiry: '2031-06-30',
    });

    await makeSuperAdmin(t.db, 'admin@expired.test');
    const root = await signIn(app, 'admin@expired.test');
    const created = await app.inject({
      method: 'POST',
      url: `${IAM}/app-admin/companies`,
      headers: root,
      payload: {
        name: 'Route Freight',
        shortName: 'ROUTE',
        expiryDate: '2031-06-30',
        admin: { email: 'first@route.example', firstName: 'First', lastName: 'Admin' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fromRoute = created.json().data._id as string;

    // Each of them has its first admin, with the Admin role: the seed's and the command line's sign in
    // with a password, the route's is invited to choose one.
    const firstAdmins = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ company_id: string; email: string; role: string; has_password: boolean }>(
        `SELECT u.company_id, u.email, r.name AS role, u.password_hash IS NOT NULL AS has_password
           FROM users u JOIN roles r ON r.id = u.role_id
          WHERE u.company_id = ANY($1::uuid[]) AND r.name = 'Admin' ORDER BY u.email`,
        [[fromSeed, fromCli, fromRoute]],
      );
      return rows;
    });
    expect(firstAdmins).toEqual([
      { company_id: fromSeed, email: 'admin@demo.test', role: 'Admin', has_password: true },
      { company_id: fromCli, email: 'first@cli.example', role: 'Admin', has_password: true },
      { company_id: fromRoute, email: 'first@route.example', role: 'Admin', has_password: false },
    ]);

    const seeded = await startingState(t.db, fromSeed);
    const cli = await startingState(t.db, fromCli);
    const route = await startingState(t.db, fromRoute);

    // What every company starts with, stated once.
    expect(seeded.roles.map((r) => r.name)).toEqual(DEFAULT_ROLES.map((r) => r.name));
    expect(seeded.roles.every((r) => r.is_system)).toBe(true);
    const home = seeded.picklists.filter((p) => (p as { module: string }).module === 'home');
    expect(home).toHaveLength(DEFAULT_PICKLISTS.length);
    expect(home[0]).toMatchObject({ module: 'home', group_name: 'shipment_mode', value: 'air' });
    // The charge codes and loss reasons of a job's money (issue 26).
    expect(seeded.picklists.filter((p) => (p as { module: string }).module === 'shipments')).toHaveLength(
      SHIPMENT_PICKLISTS.length,
    );
    expect(seeded.products).toEqual(PRODUCT_CATALOG.map((p) => p.code).sort());
    expect(seeded.businessTypes).toEqual(
      [...DEFAULT_BUSINESS_TYPES]
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((b) => ({ code: b.code, name: b.name, is_active: true, version: 1 })),
    );
    expect(seeded.picklistGroups.map((g) => (g as { name: string }).name).sort()).toEqual(
      [...DEFAULT_PICKLIST_GROUPS, ...SHIPMENT_PICKLIST_GROUPS].map((g) => g.name).sort(),
    );
    // Admin maintains the company's master data; Operations reads it.
    expect(seeded.roles.find((r) => r.name === 'Admin')?.permissions).toMatchObject({
      masterData: ['read', 'create', 'update', 'delete'],
    });
    expect(seeded.roles.find((r) => r.name === 'Operations')?.permissions).toMatchObject({ masterData: ['read'] });
    // The sign-in mail templates are the administrators' alone (issue 21).
    expect(seeded.roles.find((r) => r.name === 'Admin')?.permissions).toMatchObject({
      templates: ['read', 'create', 'update', 'delete'],
    });
    expect(seeded.roles.find((r) => r.name === 'Operations')?.permissions).not.toHaveProperty('templates');

    // The three callers agree on all of it.
    for (const other of [cli, route]) {
      expect(other.roles).toEqual(seeded.roles);
      expect(other.picklists).toEqual(seeded.picklists);
      expect(other.products).toEqual(seeded.products);
      expect(other.businessTypes).toEqual(seeded.businessTypes);
      expect(other.picklistGroups).toEqual(seeded.picklistGroups);
    }
    // With the same input (no plan, country, currency or time zone given) the company rows agree too.
    expect(cli.company).toEqual(route.company);
    expect(route.company).toEqual([
      {
        plan_name: 'standard',
        operating_country: 'US',
        currency: 'USD',
        timezone: 'UTC',
        company_type: 'freight_forwarder',
        account_type: 'business',
      },
    ]);
  });

  it('lets the command line’s first admin pick from the default roles at once', async () => {
    await createCompanyWithAdmin(t.db, {
      company: 'Second Cli Freight',
      email: 'second@cli.example',
      name: 'Second Admin',
      password: 'a long enough secret',
      superAdmin: false,
      planExpiry: '2031-06-30',
    });
    const res = await app.inject({
      method: 'POST',
      url: `${IAM}/auth/login`,
      payload: { emailId: 'second@cli.example', password: 'a long enough secret' },
      remoteAddress: '10.88.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const authorization = `Bearer ${res.json().data.accessToken}`;
    const roles = await app.inject({ method: 'GET', url: `${IAM}/roles?sort=name`, headers: { authorization } });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().data.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Operations']);
  });

  it('gives companies older than migration 013 the same business types as a new one', async () => {
    const sql = await readFile(new URL('../../../db/migrations/013_company_master_data.sql', import.meta.url), 'utf8');
    const block = /INSERT INTO business_types[\s\S]*?AS d\(code, name\)/.exec(sql)?.[0] ?? '';
    const pairs = [...block.matchAll(/\('([a-z_]+)', '([^']+)'\)/g)].map((m) => ({ code: m[1], name: m[2] }));
    expect(pairs).toEqual(DEFAULT_BUSINESS_TYPES);
  });
});
