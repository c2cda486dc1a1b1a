/**
 * Migration 013 on a database that already has companies (made before it): their picklist options get
 * groups, they get the default business types, and their system roles get the masterData permission
 * (everything for Admin, reading for Operations), while a company's own roles stay as they were.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgliteDatabase, pgliteExtensions, type Database } from '../../db/database.ts';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import {
  DEFAULT_BUSINESS_TYPES,
  SHIPMENT_PICKLIST_GROUPS,
  SHIPMENT_PICKLISTS,
} from '../iam/companies/company-provisioning.ts';

let db: Database;

beforeAll(async () => {
  db = pgliteDatabase(await PGlite.create('memory://', { extensions: await pgliteExtensions() }));
  const all = await loadMigrations();
  await migrate(
    db,
    all.filter((m) => m.version < '013'),
  );
  const owner = db.owner();
  const { rows } = await owner.query<{ id: string }>(
    "INSERT INTO companies (name, short_name, plan_expiry_date) VALUES ('Old Freight', 'OLD', '2030-01-01') RETURNING id",
  );
  const companyId = rows[0]!.id;
  await owner.query(
    `INSERT INTO roles (company_id, name, permissions, is_system) VALUES
       ($1, 'Admin', '{"users": ["read"]}', true),
       ($1, 'Operations', '{"contacts": ["read"]}', true)`,
    [companyId],
  );
  await owner.query(
    `INSERT INTO roles (company_id, name, permissions, is_system) VALUES ($1, 'Clerk', '{"contacts": ["read"]}', false)`,
    [companyId],
  );
  await owner.query(
    `INSERT INTO dropdown_options (company_id, module, group_name, value, label, sort_order) VALUES
       ($1, 'home', 'shipment_mode', 'air', 'Air', 1), ($1, 'home', 'container_type', '20GP', '20GP', 1)`,
    [companyId],
  );
  await migrate(db, all);
});
afterAll(async () => db?.close());

it('brings existing companies up to what a new company starts with', async () => {
  const owner = db.owner();
  const roles = await owner.query<{ name: string; permissions: unknown }>(
    'SELECT name, permissions FROM roles ORDER BY name',
  );
  const permissions = Object.fromEntries(
    roles.rows.map((r) => [r.name, typeof r.permissions === 'string' ? JSON.parse(r.permissions) : r.permissions]),
  );
  expect(permissions).toEqual({
    // Migration 021 gives every Admin system role the sign-in mail templates, as 013 gives it master data;
    // 026 gives both system roles every action on shipments, and 031 the Admin alone their money.
    Admin: {
      users: ['read'],
      masterData: ['read', 'create', 'update', 'delete'],
      templates: ['read', 'create', 'update', 'delete'],
      shipments: ['read', 'create', 'update', 'delete', 'charges'],
    },
    Operations: { contacts: ['read'], masterData: ['read'], shipments: ['read', 'create', 'update', 'delete'] },
    Clerk: { contacts: ['read'] },
  });
  const groups = await owner.query('SELECT module, name, label FROM dropdown_groups ORDER BY module, name');
  // Migration 031 gives every company the picklists of module `shipments`, as provisioning does.
  expect(groups.rows).toEqual([
    { module: 'home', name: 'container_type', label: 'Container type' },
    { module: 'home', name: 'shipment_mode', label: 'Shipment mode' },
    ...SHIPMENT_PICKLIST_GROUPS.map((g) => ({ module: 'shipments', ...g })),
  ]);
  const options = await owner.query(
    "SELECT value, is_active FROM dropdown_options WHERE module = 'home' ORDER BY value",
  );
  expect(options.rows).toEqual([
    { value: '20GP', is_active: true },
    { value: 'air', is_active: true },
  ]);
  const shipmentOptions = await owner.query<{ group_name: string; value: string; label: string }>(
    "SELECT group_name, value, label FROM dropdown_options WHERE module = 'shipments' ORDER BY group_name, sort_order",
  );
  expect(shipmentOptions.rows.map((o) => ({ group: o.group_name, value: o.value, label: o.label }))).toEqual(
    SHIPMENT_PICKLISTS,
  );
  const types = await owner.query<{ code: string }>('SELECT code FROM business_types ORDER BY code');
  expect(types.rows.map((r) => r.code)).toEqual(DEFAULT_BUSINESS_TYPES.map((b) => b.code).sort());
});
