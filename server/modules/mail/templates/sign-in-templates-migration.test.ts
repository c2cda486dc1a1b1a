/**
 * Migration 021 on a company made before it: its Admin system role gets the new `templates` permission
 * (every action), its Operations system role none, and a company's own roles stay as they were. The
 * migration is applied again, on the test driver's database (PGlite or the real server), after such a
 * company was written the way the product wrote it before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';

const MIGRATION = '021_sign_in_templates';
const EVERY = ['read', 'create', 'update', 'delete'];
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  const owner = t.db.owner();
  const { rows } = await owner.query<{ id: string }>(
    "INSERT INTO companies (name, short_name, plan_expiry_date) VALUES ('Old Freight', 'OLD', '2030-01-01') RETURNING id",
  );
  const every = JSON.stringify(EVERY);
  await owner.query(
    `INSERT INTO roles (company_id, name, permissions, is_system) VALUES
       ($1, 'Admin', $2::jsonb, true),
       ($1, 'Operations', $3::jsonb, true),
       ($1, 'Clerk', '{"mail": ["read"]}', false)`,
    [rows[0]!.id, `{"mail": ${every}, "company": ${every}}`, `{"mail": ${every}, "templates": ["read"]}`],
  );
  await owner.query('DELETE FROM schema_migrations WHERE version = $1', [MIGRATION]);
  const applied = await migrate(
    t.db,
    (await loadMigrations()).filter((m) => m.version === MIGRATION),
  );
  expect(applied).toEqual([MIGRATION]);
});
afterAll(async () => t?.close());

it('gives existing Admin roles the sign-in templates, and Operations none', async () => {
  const roles = await t.db.owner().query<{ company: string; name: string; permissions: unknown }>(
    `SELECT c.name AS company, r.name, r.permissions FROM roles r JOIN companies c ON c.id = r.company_id
        WHERE c.name IN ('Old Freight', 'Demo Freight') ORDER BY c.name, r.name`,
  );
  const permissions = Object.fromEntries(
    roles.rows.map((r) => [
      `${r.company}/${r.name}`,
      typeof r.permissions === 'string' ? JSON.parse(r.permissions) : r.permissions,
    ]),
  );
  expect(permissions['Old Freight/Admin']).toEqual({ mail: EVERY, company: EVERY, templates: EVERY });
  expect(permissions['Old Freight/Operations']).toEqual({ mail: EVERY });
  expect(permissions['Old Freight/Clerk']).toEqual({ mail: ['read'] });
  expect(permissions['Demo Freight/Admin']).toMatchObject({ templates: EVERY });
  expect(permissions['Demo Freight/Operations']).not.toHaveProperty('templates');
});
