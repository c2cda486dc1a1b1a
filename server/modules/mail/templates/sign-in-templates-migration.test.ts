/**
 * Migration 021 on a database whose companies were made before it: their Admin system role gets the new
 * `templates` permission (every action), their Operations system role none, and a company's own roles stay
 * as they were.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pgliteDatabase, type Database } from '../../../db/database.ts';
import { loadMigrations, migrate } from '../../../db/migrate.ts';

let db: Database;

beforeAll(async () => {
  db = pgliteDatabase(await PGlite.create('memory://'));
  const all = await loadMigrations();
  await migrate(
    db,
    all.filter((m) => m.version < '021'),
  );
  const owner = db.owner();
  const { rows } = await owner.query<{ id: string }>(
    "INSERT INTO companies (name, short_name, plan_expiry_date) VALUES ('Old Freight', 'OLD', '2030-01-01') RETURNING id",
  );
  const every = '["read", "create", "update", "delete"]';
  await owner.query(
    `INSERT INTO roles (company_id, name, permissions, is_system) VALUES
       ($1, 'Admin', $2::jsonb, true),
       ($1, 'Operations', $3::jsonb, true),
       ($1, 'Clerk', '{"mail": ["read"]}', false)`,
    [rows[0]!.id, `{"mail": ${every}, "company": ${every}}`, `{"mail": ${every}}`],
  );
  await migrate(db, all);
});
afterAll(async () => db?.close());

it('gives existing Admin roles the sign-in templates, and Operations none', async () => {
  const roles = await db
    .owner()
    .query<{ name: string; permissions: unknown }>('SELECT name, permissions FROM roles ORDER BY name');
  const permissions = Object.fromEntries(
    roles.rows.map((r) => [r.name, typeof r.permissions === 'string' ? JSON.parse(r.permissions) : r.permissions]),
  );
  const every = ['read', 'create', 'update', 'delete'];
  expect(permissions).toEqual({
    Admin: { mail: every, company: every, templates: every },
    Operations: { mail: every },
    Clerk: { mail: ['read'] },
  });
});
