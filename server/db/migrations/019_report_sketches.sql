-- Issue 13: reportserver's saved report definitions (docs/api.md section 13). A definition names a source
-- (contacts, users or the audit trail), the columns to show, filters, a sort and a chart; the service checks
-- every part against the column catalogue of src/shared/contracts/reports.ts before it stores or runs one.
CREATE TABLE report_sketches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL DEFAULT app_company_id() REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  source text NOT NULL CHECK (source IN ('contacts', 'users', 'audit')),
  columns text[] NOT NULL,
  -- [{ "field", "op", "value" }]
  filters jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- { "field", "direction" } or NULL (the source's default order)
  sort jsonb,
  -- { "groupBy" } or NULL
  chart jsonb,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_sketches_company_name ON report_sketches (company_id, lower(name));
SELECT app_isolate_by_company('report_sketches');

-- A run of the audit trail reads it in keyset batches ordered by time with the id as tiebreaker (newest first
-- by default): this index answers each batch without sorting the company's whole trail.
CREATE INDEX audit_log_company_time_id_idx ON audit_log (company_id, created_at, id);

-- No permission change: the system roles have held the `reports` module since company provisioning began
-- (Admin and Operations: every action).
