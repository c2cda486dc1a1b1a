-- Company-owned master data (docs/api.md section 11): receiving locations, business types of contacts,
-- picklist groups (the options of 006 now belong to one), company currencies and their rate history,
-- and the permission module `masterData` for the system roles of companies that already exist.

CREATE TABLE receiving_locations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL,
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL,
  locode text,
  contact_name text,
  phone text,
  email text,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, code)
);
SELECT app_isolate_by_company('receiving_locations');

CREATE TABLE business_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  code text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, code)
);
SELECT app_isolate_by_company('business_types');

-- Companies made before this migration get the defaults that provisioning gives every new one
-- (DEFAULT_BUSINESS_TYPES in company-provisioning.ts; the two lists are compared by its test).
INSERT INTO business_types (company_id, code, name)
SELECT c.id, d.code, d.name
  FROM companies c
 CROSS JOIN (VALUES
   ('shipper', 'Shipper'),
   ('consignee', 'Consignee'),
   ('notify_party', 'Notify party'),
   ('agent', 'Agent'),
   ('carrier', 'Carrier'),
   ('customs_broker', 'Customs broker'),
   ('trucker', 'Trucker'),
   ('warehouse', 'Warehouse')
 ) AS d(code, name)
ON CONFLICT DO NOTHING;

CREATE TABLE dropdown_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  module text NOT NULL,
  name text NOT NULL,
  label text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, module, name)
);
SELECT app_isolate_by_company('dropdown_groups');

-- Every existing option's group becomes a group row, labelled from its name ("shipment_mode" → "Shipment mode").
INSERT INTO dropdown_groups (company_id, module, name, label)
SELECT DISTINCT company_id, module, group_name,
       upper(left(replace(group_name, '_', ' '), 1)) || substr(replace(group_name, '_', ' '), 2)
  FROM dropdown_options
ON CONFLICT DO NOTHING;

ALTER TABLE dropdown_options
  ADD COLUMN is_active boolean NOT NULL DEFAULT true,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  -- An option belongs to a group of its company; a group still holding options cannot be deleted,
  -- and renaming a group carries its options along.
  ADD CONSTRAINT dropdown_options_group_fk FOREIGN KEY (company_id, module, group_name)
    REFERENCES dropdown_groups (company_id, module, name) ON UPDATE CASCADE;

CREATE TABLE company_currencies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  code text NOT NULL,
  -- Units of the company's base currency for one unit of `code`: exact decimal, never a float.
  exchange_rate numeric NOT NULL CHECK (exchange_rate > 0),
  valid_from date NOT NULL,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, code)
);
SELECT app_isolate_by_company('company_currencies');

-- Every rate a currency has had, newest last; written with the create and with each rate change.
CREATE TABLE company_currency_rates (
  id bigserial PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  currency_id uuid NOT NULL REFERENCES company_currencies(id) ON DELETE CASCADE,
  exchange_rate numeric NOT NULL CHECK (exchange_rate > 0),
  valid_from date NOT NULL,
  set_by uuid,
  set_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX company_currency_rates_currency_idx ON company_currency_rates (currency_id, id);
SELECT app_isolate_by_company('company_currency_rates');
GRANT USAGE ON SEQUENCE company_currency_rates_id_seq TO freight_app, freight_system;

-- The new permission module for the system roles of existing companies: everything for Admin, reading
-- for Operations (as provisioning gives new companies).
UPDATE roles SET permissions = permissions || '{"masterData": ["read", "create", "update", "delete"]}'::jsonb
 WHERE is_system AND name = 'Admin';
UPDATE roles SET permissions = permissions || '{"masterData": ["read"]}'::jsonb
 WHERE is_system AND name = 'Operations';
