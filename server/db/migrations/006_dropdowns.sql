-- Company picklists (dropdowns) grouped by module and group: shipment modes, incoterms, container types, …
CREATE TABLE dropdown_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  module text NOT NULL,
  group_name text NOT NULL,
  value text NOT NULL,
  label text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, module, group_name, value)
);
CREATE INDEX dropdown_options_module_idx ON dropdown_options (company_id, module, group_name, sort_order);
SELECT app_isolate_by_company('dropdown_options');
