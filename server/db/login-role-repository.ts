/**
 * The check that the connections really are login roles that cannot become the owner: a
 * `DATABASE_LOGIN_URL` that names the owner (or a superuser) would silently bring back the escape that
 * migration 011 closes, and one that can reach a row-level-security bypass role (`freight_system`, or the
 * system connection's own role) the one migration 024 closes, so the product refuses to start with either.
 */
import type { Database } from './database.ts';

interface LoginRoleFacts {
  role: string;
  /** Superuser or BYPASSRLS itself. */
  privileged: boolean;
  owner_member: boolean;
  /** A member (directly or not) of a role that is superuser or bypasses row-level security. */
  reaches_bypass: boolean;
}

// `session_user`: the role the connection signed in as, whatever role the transaction switched to.
const LOGIN_ROLE_FACTS_SQL = `SELECT r.rolname AS role, r.rolsuper OR r.rolbypassrls AS privileged,
        pg_has_role(r.oid, c.relowner, 'MEMBER') AS owner_member,
        EXISTS (SELECT 1 FROM pg_roles b
                 WHERE (b.rolsuper OR b.rolbypassrls) AND pg_has_role(r.oid, b.oid, 'MEMBER')) AS reaches_bypass
   FROM pg_roles r, pg_class c
  WHERE r.rolname = session_user AND c.oid = 'companies'::regclass`;

export async function assertLoginRoleCannotEscape(db: Database): Promise<void> {
  if (db.driver !== 'postgres') return; // PGlite: one in-process connection as its superuser, by design.
  const request = (await db.unscoped().query<LoginRoleFacts>(LOGIN_ROLE_FACTS_SQL)).rows[0];
  if (!request || request.privileged || request.owner_member || request.reaches_bypass) {
    throw new Error(
      `The request connection (DATABASE_LOGIN_URL) signs in as ${request?.role ?? 'an unknown role'}, which owns the ` +
        'tables or can bypass row-level security; it must be the login role freight_login (see README, Configuration)',
    );
  }
  // The system connection bypasses row-level security by design, but must not be able to become the owner.
  const system = (
    await db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query<LoginRoleFacts>(LOGIN_ROLE_FACTS_SQL),
    )
  ).rows[0];
  if (!system || system.privileged || system.owner_member) {
    throw new Error(
      `The system connection (DATABASE_SYSTEM_LOGIN_URL) signs in as ${system?.role ?? 'an unknown role'}, which ` +
        'owns the tables or is a superuser; it must be the login role freight_system_login (see README, Configuration)',
    );
  }
}
