/**
 * The check that the requests' connection really is a login role that cannot become the owner: a
 * `DATABASE_LOGIN_URL` that names the owner (or a superuser) would silently bring back the escape that
 * migration 011 closes, so the product refuses to start with it.
 */
import type { Database } from './database.ts';

export async function assertLoginRoleCannotEscape(db: Database): Promise<void> {
  if (db.driver !== 'postgres') return; // PGlite: one in-process connection as its superuser, by design.
  const { rows } = await db.unscoped().query<{ role: string; privileged: boolean; owner_member: boolean }>(
    `SELECT r.rolname AS role, r.rolsuper OR r.rolbypassrls AS privileged,
            pg_has_role(current_user, c.relowner, 'MEMBER') AS owner_member
       FROM pg_roles r, pg_class c
      WHERE r.rolname = current_user AND c.oid = 'companies'::regclass`,
  );
  const row = rows[0];
  if (!row || row.privileged || row.owner_member) {
    throw new Error(
      `The request connection (DATABASE_LOGIN_URL) signs in as ${row?.role ?? 'an unknown role'}, which owns the ` +
        'tables or bypasses row-level security; it must be the login role freight_login (see README, Configuration)',
    );
  }
}
