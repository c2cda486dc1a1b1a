-- Request connections must not be able to reach row-level-security bypass: SQL injected into a tenant
-- transaction could otherwise `SET ROLE freight_system` and read every company. The transactions that
-- need freight_system (sign-in before the company is known, the mail and notification workers, the
-- app-admin console) ask for it by name and draw from a second pool that connects as this role instead
-- (server/db/database.ts `openPostgres`, DATABASE_SYSTEM_LOGIN_URL).
--
-- Like freight_login (migration 011) it owns nothing, holds no privilege of its own (NOINHERIT) and is no
-- member of the owner, so SQL that ran `RESET ROLE` in a system transaction reads nothing either. Created
-- without a password: with password authentication the operator sets one (ALTER ROLE freight_system_login
-- PASSWORD …) and gives DATABASE_SYSTEM_LOGIN_URL.
--
-- Roles are cluster-wide: other schemas of the same server may run this migration at the same moment.
DO $$
BEGIN
  BEGIN
    CREATE ROLE freight_system_login LOGIN NOINHERIT NOBYPASSRLS NOSUPERUSER NOCREATEDB NOCREATEROLE;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    GRANT freight_system TO freight_system_login;
  EXCEPTION WHEN unique_violation THEN NULL;
  END;
  -- Name lookups before the role switch (the start-up check of server/db/login-role-repository.ts).
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO freight_system_login', current_schema());
  -- Granted by migration 011 before it stopped doing so.
  IF EXISTS (
    SELECT 1 FROM pg_auth_members
     WHERE roleid = 'freight_system'::regrole AND member = 'freight_login'::regrole
  ) THEN
    BEGIN
      REVOKE freight_system FROM freight_login;
    EXCEPTION WHEN OTHERS THEN
      -- A concurrent migration revoked it first ("tuple concurrently deleted"): nothing left to do.
      IF pg_has_role('freight_login', 'freight_system', 'MEMBER') THEN
        RAISE;
      END IF;
    END;
  END IF;
END
$$;
