-- The role the services' requests connect as on a real server (server/db/database.ts `openPostgres`).
-- It owns nothing, holds no privilege of its own (NOINHERIT: the rights of freight_app apply only after
-- SET ROLE into it) and is no member of the owner. SQL that ran `RESET ROLE` inside a request's transaction
-- would land here: no table to read, none to alter, row-level security still forced. The owner connects
-- for migrations only. It is no member of freight_system either: that role bypasses row-level security,
-- and the transactions that need it connect as freight_system_login (migration 024, which also revokes
-- the membership this file granted before; granting it here again would undo that revoke whenever another
-- schema of the same server is migrated).
--
-- Created without a password: trust, peer or certificate authentication work as they are; with password
-- authentication the operator sets one (ALTER ROLE freight_login PASSWORD …) and gives DATABASE_LOGIN_URL.
-- Roles are cluster-wide; create and grant once, tolerate a concurrent migration in another schema.
DO $$
BEGIN
  BEGIN
    CREATE ROLE freight_login LOGIN NOINHERIT NOBYPASSRLS NOSUPERUSER NOCREATEDB NOCREATEROLE;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    GRANT freight_app TO freight_login;
  EXCEPTION WHEN unique_violation THEN NULL;
  END;
  -- Name lookups of the self-scoping reads (migration 009) happen before they switch role.
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO freight_login', current_schema());
END
$$;

-- The read-epoch counters (migration 009) are read before any role switch; they hold no tenant data.
GRANT SELECT ON company_read_epochs TO freight_login;
