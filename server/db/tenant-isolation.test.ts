/**
 * Tenant isolation is enforced by PostgreSQL: a transaction scoped to one company can neither read nor
 * write another company's rows, whatever the query asks for. Runs on PGlite and on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver, type TestDatabase } from '../testing/test-database.ts';
import {
  LOGIN_ROLE,
  loginUrlFrom,
  openPostgres,
  quoteIdent,
  SYSTEM_LOGIN_ROLE,
  type Database,
  type Queryable,
} from './database.ts';
import { assertLoginRoleCannotEscape } from './login-role-repository.ts';

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

describe('self-scoping reads (migration 009)', () => {
  async function sessionOf(user: { companyId: string; adminId: string }): Promise<string> {
    return db.transaction({ role: 'freight_app', companyId: user.companyId, userId: user.adminId }, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO sessions (company_id, user_id) VALUES ($1, $2) RETURNING id',
        [user.companyId, user.adminId],
      );
      return rows[0]!.id;
    });
  }

  it('finds a session only inside the company the token names', async () => {
    const session = await sessionOf(demo);
    const own = await db.scopedRead<{ email: string; revoked: boolean }>('app_session_principal', [
      session,
      demo.adminId,
      demo.companyId,
    ]);
    expect(own.map((r) => [r.email, r.revoked])).toEqual([['admin@demo.test', false]]);
    // The same session and user claimed for another company: row-level security hides them.
    const foreign = await db.scopedRead('app_session_principal', [session, demo.adminId, harbor.companyId]);
    expect(foreign).toEqual([]);
    const user = await db.scopedRead('app_current_user', [session, demo.adminId, harbor.companyId]);
    expect(user).toEqual([]);
  });

  it('sees a revocation, a disabled user and a role change on the very next read, however often it read before', async () => {
    const session = await sessionOf(demo);
    const principal = () =>
      db.scopedRead<{ revoked: boolean; disabled: boolean; permissions: Record<string, string[]> | null }>(
        'app_session_principal',
        [session, demo.adminId, demo.companyId],
      );
    for (let i = 0; i < 5; i++) expect((await principal())[0]).toMatchObject({ revoked: false, disabled: false });
    const before = (await principal())[0]!.permissions;
    const asSystem = (sql: string, params: unknown[]) =>
      db.transaction({ role: 'freight_system', companyId: null }, (tx) => tx.query(sql, params));
    try {
      await asSystem('UPDATE roles SET permissions = \'{"users":["view"]}\'::jsonb WHERE id = $1', [demo.roleId]);
      expect((await principal())[0]!.permissions).toEqual({ users: ['view'] });
      await asSystem('UPDATE users SET disabled = true WHERE id = $1', [demo.adminId]);
      expect((await principal())[0]).toMatchObject({ disabled: true });
      await asSystem('UPDATE users SET disabled = false WHERE id = $1', [demo.adminId]);
      await asSystem('UPDATE sessions SET revoked_at = now() WHERE id = $1', [session]);
      expect((await principal())[0]).toMatchObject({ revoked: true, disabled: false });
    } finally {
      await asSystem('UPDATE users SET disabled = false WHERE id = $1', [demo.adminId]);
      await asSystem('UPDATE roles SET permissions = $2::jsonb WHERE id = $1', [demo.roleId, JSON.stringify(before)]);
    }
    // An answer handed out is not shared state: changing it changes nobody else's.
    const [first] = await principal();
    try {
      (first as { revoked: boolean }).revoked = false;
    } catch {
      // frozen
    }
    expect((await principal())[0]).toMatchObject({ revoked: true });
  });

  it('sees a plan change, a product change and a deleted company on the very next read', async () => {
    const session = await sessionOf(demo);
    const currentUser = async () =>
      (
        await db.scopedRead<{ expired: boolean; products: Array<{ name: string }> }>('app_current_user', [
          session,
          demo.adminId,
          demo.companyId,
        ])
      )[0];
    const asSystem = (sql: string, params: unknown[] = []) =>
      db.transaction({ role: 'freight_system', companyId: null }, (tx) => tx.query(sql, params));
    const { rows } = await asSystem('SELECT plan_expiry_date::text AS d FROM companies WHERE id = $1', [
      demo.companyId,
    ]);
    const planExpiry = (rows[0] as { d: string }).d;
    expect(await currentUser()).toMatchObject({ expired: false });
    try {
      await asSystem('UPDATE companies SET plan_expiry_date = current_date - 1 WHERE id = $1', [demo.companyId]);
      expect(await currentUser()).toMatchObject({ expired: true });
      await asSystem("UPDATE products SET name = name || ' (renamed)' WHERE code = 'reports'");
      expect((await currentUser())!.products.map((p) => p.name)).toContain('Reports (renamed)');
    } finally {
      await asSystem('UPDATE companies SET plan_expiry_date = $2 WHERE id = $1', [demo.companyId, planExpiry]);
      await asSystem("UPDATE products SET name = 'Reports' WHERE code = 'reports'");
    }
    // A company with users and sessions can still be deleted (the counters go with it), and nothing of it
    // is answered afterwards.
    const gone = await asSystem(
      "INSERT INTO companies (name, short_name, plan_expiry_date) VALUES ('Gone', 'GN', current_date + 30) RETURNING id",
    );
    const goneId = (gone.rows[0] as { id: string }).id;
    const goneUser = await asSystem(
      "INSERT INTO users (company_id, email, name, first_name, last_name) VALUES ($1, 'gone@gone.test', 'Gone', 'G', 'One') RETURNING id",
      [goneId],
    );
    const goneUserId = (goneUser.rows[0] as { id: string }).id;
    const goneSession = await sessionOf({ companyId: goneId, adminId: goneUserId });
    expect(await db.scopedRead('app_session_principal', [goneSession, goneUserId, goneId])).toHaveLength(1);
    await asSystem('DELETE FROM companies WHERE id = $1', [goneId]);
    expect(await db.scopedRead('app_session_principal', [goneSession, goneUserId, goneId])).toEqual([]);
  });

  it('leaves neither the role nor the tenant behind on the connection', async () => {
    const session = await sessionOf(demo);
    // Concurrent, and more calls than the pool has connections, so every connection runs the function.
    await Promise.all(
      Array.from({ length: 12 }, () => db.scopedRead('app_current_user', [session, demo.adminId, demo.companyId])),
    );
    const after = await Promise.all(
      Array.from({ length: 12 }, () =>
        db
          .unscoped()
          .query<{ role: string; company: string | null }>(
            "SELECT current_user AS role, NULLIF(current_setting('app.company_id', true), '') AS company",
          ),
      ),
    );
    for (const { rows } of after) {
      expect(rows[0]!.role).not.toBe('freight_app');
      expect(rows[0]!.company).toBeNull();
    }
  });

  it('refuses ids that are not UUIDs and functions that are not scoped reads', async () => {
    await expect(
      db.scopedRead('app_session_principal', ["x'); RESET ROLE; --", demo.adminId, demo.companyId]),
    ).rejects.toThrow(/UUIDs/);
    await expect(db.scopedRead('pg_sleep' as never, [demo.adminId, demo.adminId, demo.companyId])).rejects.toThrow(
      /not a scoped read/,
    );
  });
});

// Several service instances share one PostgreSQL server; PGlite belongs to one process (nothing to share).
describe.runIf(testDriver() === 'postgres')('self-scoping reads across instances', () => {
  it('sees a logout made by another instance on the very next read', async () => {
    const other = await openPostgres({
      connectionString: t.connectionString!,
      schema: t.schema!,
      poolSize: 2,
    });
    try {
      const session = await db.transaction(
        { role: 'freight_app', companyId: demo.companyId, userId: demo.adminId },
        async (tx) =>
          (
            await tx.query<{ id: string }>('INSERT INTO sessions (company_id, user_id) VALUES ($1, $2) RETURNING id', [
              demo.companyId,
              demo.adminId,
            ])
          ).rows[0]!.id,
      );
      const read = () =>
        db.scopedRead<{ revoked: boolean }>('app_session_principal', [session, demo.adminId, demo.companyId]);
      expect((await read())[0]!.revoked).toBe(false);
      expect((await read())[0]!.revoked).toBe(false);
      await other.transaction({ role: 'freight_app', companyId: demo.companyId, userId: demo.adminId }, (tx) =>
        tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [session]),
      );
      expect((await read())[0]!.revoked).toBe(true);
    } finally {
      await other.close();
    }
  });
});

// On a real server the requests connect as `freight_login`, not as the owner (migration 011), and cannot
// reach freight_system, whose transactions connect as `freight_system_login` (migration 024). PGlite is one
// connection as its superuser: its isolation rests on the same policies, and on the SQL being parameterised.
describe.runIf(testDriver() === 'postgres')('the login role on a real server', () => {
  /** A request's transaction in which injected SQL first runs `RESET ROLE`. */
  const escaped = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    asDemo(async (tx) => {
      await tx.query('RESET ROLE');
      return fn(tx);
    });

  it('lands on a role that owns nothing after RESET ROLE', async () => {
    const { rows } = await escaped((tx) =>
      tx.query<{ current: string; session: string }>('SELECT current_user AS current, session_user AS session'),
    );
    expect(rows[0]).toEqual({ current: LOGIN_ROLE, session: LOGIN_ROLE });
    const owner = (await db.owner().query<{ name: string }>('SELECT current_user AS name')).rows[0]!.name;
    expect(owner).not.toBe(LOGIN_ROLE);
    const { rows: membership } = await db
      .unscoped()
      .query<{ member: boolean }>("SELECT pg_has_role(current_user, $1, 'MEMBER') AS member", [owner]);
    expect(membership[0]!.member).toBe(false);
  });

  it('refuses reading another company’s rows, or any rows, after RESET ROLE', async () => {
    for (const sql of [
      'SELECT email FROM users WHERE company_id = $1',
      'SELECT name FROM companies WHERE id = $1',
      'SELECT id FROM sessions WHERE company_id = $1',
    ]) {
      await expect(
        escaped((tx) => tx.query(sql, [harbor.companyId])),
        sql,
      ).rejects.toThrow(/permission denied/);
    }
    await expect(db.unscoped().query('SELECT email FROM users')).rejects.toThrow(/permission denied/);
  });

  it('refuses altering, dropping or creating tables, and becoming the owner', async () => {
    const owner = (await db.owner().query<{ name: string }>('SELECT current_user AS name')).rows[0]!.name;
    for (const sql of [
      'ALTER TABLE users DISABLE ROW LEVEL SECURITY',
      'ALTER TABLE users NO FORCE ROW LEVEL SECURITY',
      'DROP POLICY tenant_isolation ON users',
      'DROP TABLE audit_log',
      'CREATE TABLE stolen (x text)',
      `SET ROLE ${quoteIdent(owner)}`,
      `SET SESSION AUTHORIZATION ${quoteIdent(owner)}`,
    ]) {
      await expect(
        escaped((tx) => tx.query(sql)),
        sql,
      ).rejects.toThrow(/permission denied|must be owner/);
    }
    // Nothing changed: the policy still hides Harbor's users from a Demo transaction.
    const { rows } = await asDemo((tx) =>
      tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE company_id = $1', [harbor.companyId]),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('cannot switch a request connection to the role that bypasses row-level security', async () => {
    for (const sql of [
      'SET ROLE freight_system',
      'SET LOCAL ROLE freight_system',
      "SELECT set_config('role', 'freight_system', true)",
      `SET ROLE ${SYSTEM_LOGIN_ROLE}`,
      `SET SESSION AUTHORIZATION ${SYSTEM_LOGIN_ROLE}`,
    ]) {
      await expect(
        asDemo((tx) => tx.query(sql)),
        sql,
      ).rejects.toThrow(/permission denied/);
      await expect(
        escaped((tx) => tx.query(sql)),
        `RESET ROLE; ${sql}`,
      ).rejects.toThrow(/permission denied/);
      await expect(db.unscoped().query(sql), `unscoped ${sql}`).rejects.toThrow(/permission denied/);
    }
    const { rows } = await db
      .unscoped()
      .query<{ member: boolean }>("SELECT pg_has_role(current_user, 'freight_system', 'MEMBER') AS member");
    expect(rows[0]!.member).toBe(false);
  });

  it('runs freight_system transactions on connections of their own, which own nothing either', async () => {
    const system = <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction({ role: 'freight_system', companyId: null }, fn);
    const { rows } = await system((tx) =>
      tx.query<{ current: string; session: string; companies: number }>(
        'SELECT current_user AS current, session_user AS session, (SELECT count(*)::int FROM companies) AS companies',
      ),
    );
    // The console and the workers still read across companies, but not as the request connection.
    expect(rows[0]).toMatchObject({ current: 'freight_system', session: SYSTEM_LOGIN_ROLE });
    expect(rows[0]!.companies).toBeGreaterThanOrEqual(2);
    const owner = (await db.owner().query<{ name: string }>('SELECT current_user AS name')).rows[0]!.name;
    for (const sql of ['SELECT email FROM users', `SET ROLE ${quoteIdent(owner)}`, 'SET ROLE freight_app']) {
      await expect(
        system(async (tx) => {
          await tx.query('RESET ROLE');
          return tx.query(sql);
        }),
        sql,
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('is checked at start: a request connection as the owner is refused', async () => {
    await expect(assertLoginRoleCannotEscape(db)).resolves.toBeUndefined();
    const asOwner = await openPostgres({
      connectionString: t.connectionString!,
      loginConnectionString: t.connectionString!,
      schema: t.schema!,
      poolSize: 1,
    });
    try {
      await expect(assertLoginRoleCannotEscape(asOwner)).rejects.toThrow(/must be the login role freight_login/);
    } finally {
      await asOwner.close();
    }
  });

  it('is checked at start: a request connection that can become freight_system, or a system one as the owner, is refused', async () => {
    const url = t.connectionString!;
    const requestAsSystem = await openPostgres({
      connectionString: url,
      loginConnectionString: loginUrlFrom(url, SYSTEM_LOGIN_ROLE),
      schema: t.schema!,
      poolSize: 1,
    });
    const systemAsOwner = await openPostgres({
      connectionString: url,
      systemConnectionString: url,
      schema: t.schema!,
      poolSize: 1,
    });
    try {
      await expect(assertLoginRoleCannotEscape(requestAsSystem)).rejects.toThrow(
        /request connection .* can bypass row-level security; it must be the login role freight_login/,
      );
      await expect(assertLoginRoleCannotEscape(systemAsOwner)).rejects.toThrow(
        /system connection .* must be the login role freight_system_login/,
      );
    } finally {
      await Promise.all([requestAsSystem.close(), systemAsOwner.close()]);
    }
  });
});
