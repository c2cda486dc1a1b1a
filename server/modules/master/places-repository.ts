import type { Airport, OceanPort } from '../../../src/shared/contracts/places.ts';
import type { Queryable } from '../../db/database.ts';

/** Every ocean port, inactive ones included (they still resolve by code). */
export async function listAllOceanPorts(tx: Queryable): Promise<OceanPort[]> {
  const { rows } = await tx.query<{
    locode: string;
    country: string;
    name: string;
    name_ascii: string;
    subdivision: string;
    lat: number | null;
    lon: number | null;
    functions: string;
    is_active: boolean;
  }>('SELECT locode, country, name, name_ascii, subdivision, lat, lon, functions, is_active FROM ocean_ports');
  return rows.map((r) => ({
    _id: r.locode,
    locode: r.locode,
    country: r.country,
    name: r.name,
    nameAscii: r.name_ascii,
    subdivision: r.subdivision,
    lat: r.lat,
    lon: r.lon,
    functions: r.functions,
    isActive: r.is_active,
  }));
}

/** Every airport, inactive ones included. */
export async function listAllAirports(tx: Queryable): Promise<Airport[]> {
  const { rows } = await tx.query<{
    iata: string;
    icao: string | null;
    name: string;
    city: string;
    country: string;
    lat: number | null;
    lon: number | null;
    is_active: boolean;
  }>('SELECT iata, icao, name, city, country, lat, lon, is_active FROM airports');
  return rows.map((r) => ({
    _id: r.iata,
    iata: r.iata,
    icao: r.icao,
    name: r.name,
    city: r.city,
    country: r.country,
    lat: r.lat,
    lon: r.lon,
    isActive: r.is_active,
  }));
}

/**
 * The UN/LOCODEs among `locodes` with their function classifiers, and the IATA codes among `iatas`, that
 * the lists hold (inactive ones included: they still resolve). Read inside the caller's transaction, so a
 * record's write can check its places without a second connection.
 */
export async function knownPlaces(
  tx: Queryable,
  codes: { locodes: readonly string[]; iatas: readonly string[] },
): Promise<{ locodes: Map<string, string>; iatas: Set<string> }> {
  const locodes = new Map<string, string>();
  const iatas = new Set<string>();
  if (codes.locodes.length > 0) {
    const { rows } = await tx.query<{ locode: string; functions: string }>(
      'SELECT locode, functions FROM ocean_ports WHERE locode = ANY($1::text[])',
      [[...new Set(codes.locodes)]],
    );
    for (const r of rows) locodes.set(r.locode, r.functions);
  }
  if (codes.iatas.length > 0) {
    const { rows } = await tx.query<{ iata: string }>('SELECT iata FROM airports WHERE iata = ANY($1::text[])', [
      [...new Set(codes.iatas)],
    ]);
    for (const r of rows) iatas.add(r.iata);
  }
  return { locodes, iatas };
}
