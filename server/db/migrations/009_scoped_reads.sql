-- The two reads on every request's hot path, as functions that scope themselves: each switches to
-- freight_app and sets the tenant (SET LOCAL semantics) before its one query, so that it runs as a single
-- statement outside an explicit transaction. One round trip instead of a transaction's four
-- (BEGIN + scope, query, COMMIT); PL/pgSQL keeps the query's plan for the connection's life.
--
-- Called only as a single autocommit statement (server/db/database.ts `scopedRead`): the role and the
-- tenant then end with that statement. Row-level security applies exactly as in a tenant transaction.
--
-- Each answer carries its company's read epoch: a counter that every write able to change these answers
-- moves, in the writing transaction (triggers below). A service may reuse an answer while the epoch it
-- reads in the database on the next call is unchanged: the session is still checked on every call, by a
-- primary-key read of one counter instead of the five-table query.

CREATE TABLE company_read_epochs (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  epoch bigint NOT NULL DEFAULT 0
);
-- Counters only, no tenant data: readable by the services, moved only through the trigger function.
GRANT SELECT ON company_read_epochs TO freight_app, freight_system;
GRANT INSERT ON company_read_epochs TO freight_system;
-- A counter for every existing company, inserted as freight_system: it bypasses row-level security, which
-- binds the owner too (forced), so the owner alone would see no company here.
SET LOCAL ROLE freight_system;
INSERT INTO company_read_epochs (company_id) SELECT id FROM companies;
RESET ROLE;

CREATE FUNCTION app_bump_read_epoch(p_company uuid) RETURNS void
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path FROM CURRENT
  AS $$
    UPDATE company_read_epochs SET epoch = epoch + 1 WHERE company_id = p_company
  $$;
REVOKE ALL ON FUNCTION app_bump_read_epoch(uuid) FROM PUBLIC;

-- Row triggers of the tables the two reads join: sessions (revocation), users, roles, companies and
-- company_products move their company's epoch; products (shared by all companies) move every epoch. A
-- new company gets its counter; a deleted company's counter goes with it (and a missing counter never
-- matches, so nothing of that company is reused).
CREATE FUNCTION app_read_epoch_trigger() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path FROM CURRENT
  AS $$
DECLARE
  old_company uuid;
  new_company uuid;
BEGIN
  IF TG_TABLE_NAME = 'companies' AND TG_OP = 'INSERT' THEN
    INSERT INTO company_read_epochs (company_id) VALUES (NEW.id) ON CONFLICT (company_id) DO NOTHING;
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'products' THEN
    UPDATE company_read_epochs SET epoch = epoch + 1;
    RETURN NULL;
  END IF;
  -- Separate assignments: a companies row has no company_id field, the others no id of a company.
  IF TG_OP <> 'INSERT' THEN
    IF TG_TABLE_NAME = 'companies' THEN old_company := OLD.id; ELSE old_company := OLD.company_id; END IF;
    PERFORM app_bump_read_epoch(old_company);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_TABLE_NAME = 'companies' THEN new_company := NEW.id; ELSE new_company := NEW.company_id; END IF;
    IF new_company IS DISTINCT FROM old_company THEN
      PERFORM app_bump_read_epoch(new_company);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION app_read_epoch_trigger() FROM PUBLIC;

CREATE TRIGGER read_epoch AFTER UPDATE OF revoked_at, user_id, company_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION app_read_epoch_trigger();
CREATE TRIGGER read_epoch AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION app_read_epoch_trigger();
CREATE TRIGGER read_epoch AFTER UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION app_read_epoch_trigger();
CREATE TRIGGER read_epoch AFTER INSERT OR UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION app_read_epoch_trigger();
CREATE TRIGGER read_epoch AFTER INSERT OR UPDATE OR DELETE ON company_products
  FOR EACH ROW EXECUTE FUNCTION app_read_epoch_trigger();
CREATE TRIGGER read_epoch AFTER UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION app_read_epoch_trigger();

-- The scope of a tenant transaction (server/db/database.ts `scopeScript`) for the rest of the current
-- statement's transaction: the role freight_app, the company and the acting user (SET LOCAL semantics).
CREATE FUNCTION app_enter_read_scope(p_company uuid, p_user uuid) RETURNS void
  LANGUAGE sql
  AS $$
    SELECT set_config('role', 'freight_app', true),
           set_config('app.company_id', p_company::text, true),
           set_config('app.user_id', p_user::text, true)
  $$;

-- The live-session check of every authenticated call (server/auth/authenticate.ts).
CREATE FUNCTION app_session_principal(p_session uuid, p_user uuid, p_company uuid)
  RETURNS TABLE (
    user_id uuid,
    company_id uuid,
    email text,
    role_id uuid,
    permissions jsonb,
    is_super_admin boolean,
    expired boolean,
    revoked boolean,
    disabled boolean,
    epoch bigint
  )
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM app_enter_read_scope(p_company, p_user);
  RETURN QUERY
    SELECT u.id, u.company_id, u.email, u.role_id, r.permissions, u.is_super_admin,
           c.plan_expiry_date < current_date, s.revoked_at IS NOT NULL, u.disabled,
           (SELECT e.epoch FROM company_read_epochs e WHERE e.company_id = p_company)
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      JOIN companies c ON c.id = s.company_id
      LEFT JOIN roles r ON r.id = u.role_id
     WHERE s.id = p_session AND s.user_id = p_user;
END
$$;

-- GET /fetch-user: the session check and the current user (docs/product-rules.md section 3) in one statement.
CREATE FUNCTION app_current_user(p_session uuid, p_user uuid, p_company uuid)
  RETURNS TABLE (
    revoked boolean,
    disabled boolean,
    id uuid,
    name text,
    email text,
    email_verified boolean,
    first_name text,
    last_name text,
    company_id uuid,
    is_super_admin boolean,
    role_id uuid,
    role_name text,
    permissions jsonb,
    c_name text,
    short_name text,
    company_type text,
    account_type text,
    prefered_language text,
    operating_country text,
    currency text,
    timezone text,
    address jsonb,
    phone text,
    is_subscribed_for_campaign boolean,
    two_factor_auth boolean,
    account_setup boolean,
    plan_name text,
    plan_expiry_date text,
    expired boolean,
    products json,
    epoch bigint
  )
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM app_enter_read_scope(p_company, p_user);
  RETURN QUERY
    SELECT s.revoked_at IS NOT NULL, u.disabled,
           u.id, u.name, u.email, u.email_verified, u.first_name, u.last_name, u.company_id, u.is_super_admin,
           r.id, r.name, r.permissions,
           c.name, c.short_name, c.company_type, c.account_type, c.prefered_language, c.operating_country,
           c.currency, c.timezone, c.address, c.phone, c.is_subscribed_for_campaign, c.two_factor_auth,
           c.account_setup, c.plan_name, to_char(c.plan_expiry_date, 'YYYY-MM-DD'),
           c.plan_expiry_date < current_date,
           COALESCE((SELECT json_agg(json_build_object('_id', p.id, 'code', p.code, 'name', p.name) ORDER BY p.code)
                       FROM company_products cp JOIN products p ON p.id = cp.product_id
                      WHERE cp.company_id = u.company_id), '[]'::json),
           (SELECT e.epoch FROM company_read_epochs e WHERE e.company_id = p_company)
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      JOIN companies c ON c.id = u.company_id
      LEFT JOIN roles r ON r.id = u.role_id
     WHERE s.id = p_session AND s.user_id = p_user;
END
$$;
