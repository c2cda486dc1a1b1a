/**
 * Tenant isolation is enforced by PostgreSQL: a transaction scoped to one company can neither read nor
 * write another company's rows, whatever the query asks for. Runs on PGlite and on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { Database, Queryable } from './database.ts';

let t: TestDatabase;
let db: Database;
let demo: { companyId: string; adminId: string; roleId: string };
let harbor: { companyId: string; adminId: string; roleId: string };

async function companyOf(email: string) {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ company_id: string; id: string; role_id: string }>(
      'SELECT company_id, id, role_id FROM users WHERE email = $1',
      [email],
    );
    const row = rows[0]!;
    return { companyId: row.company_id, adminId: row.id, roleId: row.role_id };
  });
}

const asDemo = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
  db.transaction({ role: 'freight_app', companyId: demo.companyId }, fn);

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
  demo = await companyOf('admin@demo.test');
  harbor = await companyOf('admin@harbor.test');
});
afterAll(async () => t?.close());

describe(`tenant isolation on ${process.env.TEST_DB_DRIVER}`, () => {
  it('lists only the own company’s users, companies and roles', async () => {
    const seen = await asDemo(async (tx) => ({
      users: (await tx.query<{ email: string }>('SELECT email FROM users ORDER BY email')).rows.map((r) => r.email),
      companies: (await tx.query<{ name: string }>('SELECT name FROM companies')).rows.map((r) => r.name),
      roles: (await tx.query<{ company_id: string }>('SELECT company_id FROM roles')).rows.map((r) => r.company_id),
    }));
    expect(seen.users).toEqual(['admin@demo.test', 'ops@demo.test', 'unverified@demo.test']);
    expect(seen.companies).toEqual(['Demo Freight']);
    expect(new Set(seen.roles)).toEqual(new Set([demo.companyId]));
  });

  it('reads nothing of another company even when asked by id', async () => {
    const rows = await asDemo(async (tx) => ({
      user: (await tx.query('SELECT * FROM users WHERE id = $1', [harbor.adminId])).rows,
      company: (await tx.query('SELECT * FROM companies WHERE id = $1', [harbor.companyId])).rows,
      byCompany: (await tx.query('SELECT * FROM users WHERE company_id = $1', [harbor.companyId])).rows,
    }));
    expect(rows).toEqual({ user: [], company: [], byCompany: [] });
  });

  it('changes and deletes nothing of another company', async () => {
    const result = await asDemo(async (tx) => ({
      updated: (await tx.query("UPDATE users SET name = 'hijacked' WHERE id = $1", [harbor.adminId])).affectedRows,
      updatedCompany: (await tx.query("UPDATE companies SET name = 'hijacked' WHERE id = $1", [harbor.companyId]))
        .affectedRows,
      deleted: (await tx.query('DELETE FROM roles WHERE company_id = $1', [harbor.companyId])).affectedRows,
    }));
    expect(result).toEqual({ updated: 0, updatedCompany: 0, deleted: 0 });
    const after = await db.transaction({ role: 'freight_app', companyId: harbor.companyId }, async (tx) => ({
      name: (await tx.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [harbor.adminId])).rows[0]?.name,
      company: (await tx.query<{ name: string }>('SELECT name FROM companies')).rows[0]?.name,
      roles: (await tx.query('SELECT id FROM roles')).rows.length,
    }));
    expect(after).toEqual({ name: 'Admin Harbor', company: 'Harbor Logistics', roles: 2 });
  });

  it('refuses to insert a row into another company', async () => {
    await expect(
      asDemo((tx) => tx.query("INSERT INTO roles (company_id, name) VALUES ($1, 'Smuggled')", [harbor.companyId])),
    ).rejects.toThrow(/row-level security/);
  });

  it('refuses to move an own row into another company', async () => {
    await expect(
      asDemo((tx) => tx.query('UPDATE users SET company_id = $1 WHERE id = $2', [harbor.companyId, demo.adminId])),
    ).rejects.toThrow(/row-level security/);
  });

  it('sees nothing at all when no company is set', async () => {
    const count = await db.transaction({ role: 'freight_app', companyId: null }, async (tx) =>
      Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0]!.n),
    );
    expect(count).toBe(0);
  });

  it('keeps the audit log append-only for the application role', async () => {
    await asDemo((tx) =>
      tx.query("INSERT INTO audit_log (company_id, action, entity) VALUES ($1, 'test', 'probe')", [demo.companyId]),
    );
    await expect(asDemo((tx) => tx.query("UPDATE audit_log SET action = 'forged'"))).rejects.toThrow(
      /permission denied/,
    );
    await expect(asDemo((tx) => tx.query('DELETE FROM audit_log'))).rejects.toThrow(/permission denied/);
  });

  it('does not let the application role turn row-level security off', async () => {
    await expect(asDemo((tx) => tx.query('ALTER TABLE users DISABLE ROW LEVEL SECURITY'))).rejects.toThrow(/owner/);
    await expect(
      asDemo(async (tx) => {
        await tx.query('SET LOCAL row_security = off');
        return tx.query('SELECT * FROM users');
      }),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('transaction scope', () => {
  it('refuses a company id that is not a UUID instead of inlining it', async () => {
    await expect(
      db.transaction({ role: 'freight_app', companyId: "x'; RESET ROLE; --" }, (tx) => tx.query('SELECT 1')),
    ).rejects.toThrow(/UUIDs/);
  });
});
