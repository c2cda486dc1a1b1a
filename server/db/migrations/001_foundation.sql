-- Foundation: the two roles the services run as, the tenant-isolation mechanism, companies, users,
-- roles, products, the audit log and idempotency keys.

-- Roles are cluster-wide on a real server; create them once, tolerate a concurrent creator.
DO $$
BEGIN
  BEGIN
    CREATE ROLE freight_app NOLOGIN NOBYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  BEGIN
    CREATE ROLE freight_system NOLOGIN BYPASSRLS;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
END
$$;

-- The connecting user switches to these roles per transaction (SET LOCAL ROLE).
DO $$
BEGIN
  EXECUTE format('GRANT freight_app, freight_system TO %I', current_user);
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO freight_app, freight_system', current_schema());
END
$$;

-- The company of the current transaction, or NULL when none is set.
CREATE FUNCTION app_company_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.company_id', true), '')::uuid $$;

CREATE FUNCTION app_user_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.user_id', true), '')::uuid $$;

-- The mechanism every company-owned table uses: row-level security, forced (so that even the owner
-- is subject to it), visible and writable only where company_id is the transaction's company.
CREATE FUNCTION app_isolate_by_company(target regclass) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id())',
    target);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO freight_app, freight_system', target);
END
$$;

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  short_name text NOT NULL,
  company_type text NOT NULL DEFAULT 'freight_forwarder',
  account_type text NOT NULL DEFAULT 'business',
  prefered_language text NOT NULL DEFAULT 'en',
  operating_country text NOT NULL DEFAULT 'US',
  currency text NOT NULL DEFAULT 'USD',
  timezone text NOT NULL DEFAULT 'UTC',
  address jsonb NOT NULL DEFAULT '{}'::jsonb,
  phone text NOT NULL DEFAULT '',
  is_subscribed_for_campaign boolean NOT NULL DEFAULT false,
  two_factor_auth boolean NOT NULL DEFAULT false,
  account_setup boolean NOT NULL DEFAULT true,
  plan_name text NOT NULL DEFAULT 'standard',
  plan_expiry_date date NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A company row is its own tenant: the policy keys on id.
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON companies USING (id = app_company_id()) WITH CHECK (id = app_company_id());
GRANT SELECT, UPDATE ON companies TO freight_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON companies TO freight_system;

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  name text NOT NULL
);
GRANT SELECT ON products TO freight_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON products TO freight_system;

CREATE TABLE company_products (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id),
  PRIMARY KEY (company_id, product_id)
);
SELECT app_isolate_by_company('company_products');

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- { "<module>": ["read", "create", "update", "delete"] }
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_system boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, name)
);
CREATE INDEX roles_company_idx ON roles (company_id);
SELECT app_isolate_by_company('roles');

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  email text NOT NULL,
  name text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  password_hash text,
  email_verified boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  is_super_admin boolean NOT NULL DEFAULT false,
  role_id uuid REFERENCES roles(id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses sign in across tenants, so they are unique across the product.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_company_idx ON users (company_id);
SELECT app_isolate_by_company('users');

-- Append-only: the app roles may insert and read, never change or remove.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  actor_user_id uuid,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_company_time_idx ON audit_log (company_id, created_at DESC);
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_log USING (company_id = app_company_id()) WITH CHECK (company_id = app_company_id());
GRANT SELECT, INSERT ON audit_log TO freight_app, freight_system;
GRANT USAGE ON SEQUENCE audit_log_id_seq TO freight_app, freight_system;

-- docs/api.md section 7: the same Idempotency-Key twice performs the write once.
CREATE TABLE idempotency_keys (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, key)
);
SELECT app_isolate_by_company('idempotency_keys');
