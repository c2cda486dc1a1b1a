/**
 * The SQL of the place import (server/db/reference-places-import.ts): an upsert of a whole release and the
 * deactivation of the codes it no longer holds. Runs as the owner, inside the migrator's transaction.
 */
import type { Queryable } from './database.ts';

export type PlaceDataset = 'oceanports' | 'airports';

/** Several instances starting at once: one imports, the others then find the hash recorded. */
export async function lockImports(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.reference_imports'))");
}

export async function importedHash(tx: Queryable, dataset: PlaceDataset): Promise<string | undefined> {
  const { rows } = await tx.query<{ sha256: string }>('SELECT sha256 FROM reference_imports WHERE dataset = $1', [
    dataset,
  ]);
  return rows[0]?.sha256;
}

/**
 * Upserts `rowsJson` (the file's `rows`, an array of arrays in the file's column order) and marks every
 * active code missing from it inactive. A code that comes back is active again. Returns the counts.
 */
export async function upsertRelease(
  tx: Queryable,
  dataset: PlaceDataset,
  rowsJson: string,
  sha256: string,
): Promise<{ rows: number; deactivated: number }> {
  const upsert =
    dataset === 'oceanports'
      ? `INSERT INTO ocean_ports AS t (locode, country, name, name_ascii, subdivision, lat, lon, functions)
         SELECT e->>0, e->>1, e->>2, e->>3, e->>4, (e->>5)::double precision, (e->>6)::double precision, e->>7
           FROM json_array_elements($1::json) AS e
         ON CONFLICT (locode) DO UPDATE SET
           country = EXCLUDED.country, name = EXCLUDED.name, name_ascii = EXCLUDED.name_ascii,
           subdivision = EXCLUDED.subdivision, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
           functions = EXCLUDED.functions, is_active = true, updated_at = now()
         WHERE NOT t.is_active
            OR (t.country, t.name, t.name_ascii, t.subdivision, t.lat, t.lon, t.functions)
               IS DISTINCT FROM (EXCLUDED.country, EXCLUDED.name, EXCLUDED.name_ascii, EXCLUDED.subdivision,
                                 EXCLUDED.lat, EXCLUDED.lon, EXCLUDED.functions)`
      : `INSERT INTO airports AS t (iata, icao, name, city, country, lat, lon)
         SELECT e->>0, e->>1, e->>2, e->>3, e->>4, (e->>5)::double precision, (e->>6)::double precision
           FROM json_array_elements($1::json) AS e
         ON CONFLICT (iata) DO UPDATE SET
           icao = EXCLUDED.icao, name = EXCLUDED.name, city = EXCLUDED.city, country = EXCLUDED.country,
           lat = EXCLUDED.lat, lon = EXCLUDED.lon, is_active = true, updated_at = now()
         WHERE NOT t.is_active
            OR (t.icao, t.name, t.city, t.country, t.lat, t.lon)
               IS DISTINCT FROM (EXCLUDED.icao, EXCLUDED.name, EXCLUDED.city, EXCLUDED.country, EXCLUDED.lat, EXCLUDED.lon)`;
  await tx.query(upsert, [rowsJson]);
  const deactivate =
    dataset === 'oceanports'
      ? `UPDATE ocean_ports SET is_active = false, updated_at = now()
          WHERE is_active AND locode NOT IN (SELECT e->>0 FROM json_array_elements($1::json) AS e)`
      : `UPDATE airports SET is_active = false, updated_at = now()
          WHERE is_active AND iata NOT IN (SELECT e->>0 FROM json_array_elements($1::json) AS e)`;
  const gone = await tx.query(deactivate, [rowsJson]);
  const { rows } = await tx.query<{ n: number }>(
    `INSERT INTO reference_imports (dataset, sha256, row_count)
     SELECT $1, $2, json_array_length($3::json)
     ON CONFLICT (dataset) DO UPDATE SET sha256 = EXCLUDED.sha256, row_count = EXCLUDED.row_count, imported_at = now()
     RETURNING row_count AS n`,
    [dataset, sha256, rowsJson],
  );
  return { rows: rows[0]?.n ?? 0, deactivated: gone.affectedRows };
}
