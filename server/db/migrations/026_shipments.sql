-- Issue 23: shipmentserver's shipments (docs/shipments.md). A shipment, its containers and its cargo lines
-- are one record on the wire; here the containers and cargo lines are child rows, replaced whole with each
-- write of the shipment. Every party is a contact of the shipment's own company (the keys include
-- company_id), and every table is isolated by row-level security like the other tenant tables.

-- Trigram indexes make the search box's "anywhere in the text" match an index scan. The extension lives in
-- `public` so that every schema of one database (the tests give each file its own) shares one copy.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- The last number given per company, series and year (`shipment:SEA`, 2026 → 17). The create locks its row
-- with the increment, so concurrent creates take consecutive numbers, and a create that fails rolls its
-- number back with it: no gaps, no duplicates. Any resource with a server-assigned number may use a series.
CREATE TABLE number_counters (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  series text NOT NULL,
  year integer NOT NULL,
  last_value integer NOT NULL CHECK (last_value >= 0),
  PRIMARY KEY (company_id, series, year)
);
SELECT app_isolate_by_company('number_counters');

-- The id is unique per company, not across companies: a client makes a new shipment's id itself (offline),
-- and an id another company happens to use is then neither refused nor revealed.
CREATE TABLE shipments (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  number text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('sea-fcl', 'sea-lcl', 'air', 'road')),
  direction text NOT NULL CHECK (direction IN ('export', 'import', 'cross-trade', 'domestic')),
  -- Derived from the events and `closed` (src/shared/shipments/status.ts), stored for the filters and counts.
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'booked', 'in-transit', 'arrived', 'delivered', 'closed', 'cancelled')),
  closed boolean NOT NULL DEFAULT false,
  customer_id uuid NOT NULL,
  shipper_id uuid,
  consignee_id uuid,
  notify_party_id uuid,
  agent_id uuid,
  carrier_id uuid,
  incoterm text,
  incoterm_place text NOT NULL DEFAULT '',
  freight_payment text CHECK (freight_payment IN ('prepaid', 'collect')),
  origin text,
  destination text,
  place_of_receipt text,
  place_of_delivery text,
  etd date,
  eta date,
  carrier_booking_reference text NOT NULL DEFAULT '',
  master_bill_number text NOT NULL DEFAULT '',
  house_bill_number text NOT NULL DEFAULT '',
  vessel_name text NOT NULL DEFAULT '',
  vessel_imo text NOT NULL DEFAULT '',
  voyage text NOT NULL DEFAULT '',
  flight_number text NOT NULL DEFAULT '',
  -- The totals of the cargo lines (src/shared/shipments/totals.ts), written with them.
  total_packages integer NOT NULL DEFAULT 0,
  total_gross_weight_kg double precision NOT NULL DEFAULT 0,
  total_volume_m3 double precision NOT NULL DEFAULT 0,
  chargeable_weight_kg double precision,
  -- The search box's text in its compared form (src/shared/shipments/search.ts): the number, the container
  -- numbers, the bill numbers and the booking reference, written with the shipment; and the customer's
  -- name, rewritten when the contact is renamed. `search_text` joins them for one trigram index.
  search_keys text NOT NULL DEFAULT '',
  customer_search text NOT NULL DEFAULT '',
  search_text text GENERATED ALWAYS AS (search_keys || ' ' || customer_search) STORED,
  created_by uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  UNIQUE (company_id, number),
  FOREIGN KEY (company_id, customer_id) REFERENCES contacts (company_id, id),
  FOREIGN KEY (company_id, shipper_id) REFERENCES contacts (company_id, id),
  FOREIGN KEY (company_id, consignee_id) REFERENCES contacts (company_id, id),
  FOREIGN KEY (company_id, notify_party_id) REFERENCES contacts (company_id, id),
  FOREIGN KEY (company_id, agent_id) REFERENCES contacts (company_id, id),
  FOREIGN KEY (company_id, carrier_id) REFERENCES contacts (company_id, id)
);
CREATE INDEX shipments_search ON shipments USING gin (search_text public.gin_trgm_ops);
CREATE INDEX shipments_company_created ON shipments (company_id, created_at DESC, id);
CREATE INDEX shipments_company_status ON shipments (company_id, status, etd);
CREATE INDEX shipments_company_etd ON shipments (company_id, etd, id);
CREATE INDEX shipments_company_eta ON shipments (company_id, eta, id);
CREATE INDEX shipments_company_customer ON shipments (company_id, customer_id);
CREATE INDEX shipments_company_route ON shipments (company_id, origin, destination);
-- A contact named as any party cannot be deleted while the shipment names it (the foreign keys need these).
CREATE INDEX shipments_shipper ON shipments (company_id, shipper_id) WHERE shipper_id IS NOT NULL;
CREATE INDEX shipments_consignee ON shipments (company_id, consignee_id) WHERE consignee_id IS NOT NULL;
CREATE INDEX shipments_notify_party ON shipments (company_id, notify_party_id) WHERE notify_party_id IS NOT NULL;
CREATE INDEX shipments_agent ON shipments (company_id, agent_id) WHERE agent_id IS NOT NULL;
CREATE INDEX shipments_carrier ON shipments (company_id, carrier_id) WHERE carrier_id IS NOT NULL;
SELECT app_isolate_by_company('shipments');

-- The search box's lookup. `LIKE` is not leakproof, so under row-level security PostgreSQL may not use it
-- as an index condition (it could otherwise see rows of other companies before the policy filters them):
-- a tenant's search would read every row of its company. This function runs as freight_system, which
-- bypasses row-level security, and filters by the caller's tenant itself (`app_company_id()`, NULL outside
-- a tenant transaction: no rows), so the trigram index serves the search. It answers ids only; the list
-- reads the shipments themselves under row-level security as always.
CREATE FUNCTION app_shipment_search(pattern text) RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE
  SECURITY DEFINER
  SET search_path FROM CURRENT
  AS $$ SELECT s.id FROM shipments s WHERE s.company_id = app_company_id() AND s.search_text LIKE pattern $$;
REVOKE ALL ON FUNCTION app_shipment_search(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_shipment_search(text) TO freight_app, freight_system;
-- Owned by freight_system (whose privileges a SECURITY DEFINER function runs with); a new owner needs CREATE
-- on the schema for the moment of the change only.
DO $$
BEGIN
  EXECUTE format('GRANT CREATE ON SCHEMA %I TO freight_system', current_schema());
  ALTER FUNCTION app_shipment_search(text) OWNER TO freight_system;
  EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM freight_system', current_schema());
END
$$;

CREATE TABLE shipment_containers (
  company_id uuid NOT NULL,
  shipment_id uuid NOT NULL,
  position integer NOT NULL,
  number text NOT NULL CHECK (number ~ '^[A-Z]{3}[UJZ][0-9]{7}$'),
  size_type text NOT NULL,
  seals text[] NOT NULL DEFAULT '{}',
  gross_weight_kg double precision,
  PRIMARY KEY (company_id, shipment_id, position),
  UNIQUE (company_id, shipment_id, number),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE
);
-- Which shipments carried a container (a later tracking view asks it).
CREATE INDEX shipment_containers_number ON shipment_containers (company_id, number);
SELECT app_isolate_by_company('shipment_containers');

CREATE TABLE shipment_cargo_lines (
  company_id uuid NOT NULL,
  shipment_id uuid NOT NULL,
  position integer NOT NULL,
  description text NOT NULL,
  packages integer NOT NULL CHECK (packages >= 1),
  package_type text NOT NULL,
  gross_weight_kg double precision NOT NULL CHECK (gross_weight_kg > 0),
  volume_m3 double precision NOT NULL DEFAULT 0 CHECK (volume_m3 >= 0),
  hs_code text,
  container_number text,
  dg_un_number text,
  dg_class text,
  dg_packing_group text CHECK (dg_packing_group IN ('I', 'II', 'III')),
  PRIMARY KEY (company_id, shipment_id, position),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE,
  CHECK ((dg_un_number IS NULL) = (dg_class IS NULL) AND (dg_class IS NULL) = (dg_packing_group IS NULL))
);
SELECT app_isolate_by_company('shipment_cargo_lines');

-- Milestones (DCSA Track & Trace codes): the routes come with the next issue; the status derivation and the
-- demo data use them now. Append-only: a correction is a new event that `retracts` an earlier one, so the
-- service's roles may read and add, never change or remove (a draft's deletion takes its events along).
CREATE TABLE shipment_events (
  company_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id uuid NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z]{4}$'),
  classifier text NOT NULL CHECK (classifier IN ('PLN', 'EST', 'ACT')),
  at timestamptz NOT NULL,
  location text,
  container_number text,
  note text NOT NULL DEFAULT '',
  retracts uuid,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE
);
CREATE INDEX shipment_events_shipment ON shipment_events (company_id, shipment_id, at);
SELECT app_isolate_by_company('shipment_events');
REVOKE UPDATE, DELETE ON shipment_events FROM freight_app, freight_system;

-- The new permission module for the system roles of existing companies: every action for Admin and for
-- Operations, as provisioning gives new companies.
UPDATE roles SET permissions = permissions || '{"shipments": ["read", "create", "update", "delete"]}'::jsonb
 WHERE is_system AND name IN ('Admin', 'Operations');
