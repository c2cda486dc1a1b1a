-- Global place lists (docs/api.md section 11): the same for every company, so no company_id and no
-- row-level security. Rows are never deleted: a code UNECE (or OurAirports) drops from a release is kept
-- with is_active = false, so that every company record naming it still resolves (server/db/
-- reference-places-import.ts fills and refreshes these tables from the checked-in files after the SQL
-- migrations, whenever a file's hash differs from the one recorded in reference_imports).
CREATE TABLE ocean_ports (
  locode text PRIMARY KEY CHECK (locode ~ '^[A-Z]{2}[A-Z0-9]{3}$'),
  country text NOT NULL,
  name text NOT NULL CHECK (position(U&'\FFFD' in name) = 0),
  name_ascii text NOT NULL,
  subdivision text NOT NULL DEFAULT '',
  lat double precision,
  lon double precision,
  -- UNECE's function classifier, e.g. 12345---: 1 seaport, 2 rail, 3 road, 4 airport, 5 postal, 6 ICD.
  functions text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE airports (
  iata text PRIMARY KEY CHECK (iata ~ '^[A-Z0-9]{3}$'),
  icao text,
  name text NOT NULL CHECK (position(U&'\FFFD' in name) = 0),
  city text NOT NULL DEFAULT '',
  country text NOT NULL,
  lat double precision,
  lon double precision,
  is_active boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Which release of each data set the tables hold: the SHA-256 of the imported file.
CREATE TABLE reference_imports (
  dataset text PRIMARY KEY,
  sha256 text NOT NULL,
  row_count integer NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- Read-only for the request roles; only the owner (the migrator) writes.
GRANT SELECT ON ocean_ports, airports, reference_imports TO freight_app, freight_system;
