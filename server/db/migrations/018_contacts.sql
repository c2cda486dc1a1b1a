-- Issue 13: contactserver's contacts and their tags (docs/api.md section 13). A contact's business types
-- (master data) and tags are id arrays checked by the service against the company's own rows; deleting a
-- tag takes it off every contact in the same transaction.
CREATE TABLE contact_tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  color text NOT NULL DEFAULT '#64748b',
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX contact_tags_name ON contact_tags (company_id, lower(name));
SELECT app_isolate_by_company('contact_tags');

CREATE TABLE contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  type_ids uuid[] NOT NULL DEFAULT '{}',
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  tax_id text NOT NULL DEFAULT '',
  tag_ids uuid[] NOT NULL DEFAULT '{}',
  notes text NOT NULL DEFAULT '',
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contacts_company_name ON contacts (company_id, lower(name));
CREATE INDEX contacts_company_tax_id ON contacts (company_id, lower(tax_id)) WHERE tax_id <> '';
SELECT app_isolate_by_company('contacts');

-- No permission change: the system roles have held the `contacts` module since company provisioning began
-- (Admin and Operations: every action).
