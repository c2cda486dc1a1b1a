/**
 * The place lists held in memory, searched with the shared rule (src/shared/place-search.ts) so that the
 * service's order is the app's offline order by construction. Loaded from the database once per process
 * and again after an import changed the tables (placesGeneration). About 26,000 rows: a few megabytes,
 * and a search over all ocean ports takes a few milliseconds (BENCHMARKS.md).
 */
import type { Airport, OceanPort } from '../../../src/shared/contracts/places.ts';
import {
  airportKeys,
  buildPlaceIndex,
  oceanPortKeys,
  searchPlaces,
  type PlaceIndex,
  type PlaceKeys,
  type PlaceSearchOptions,
} from '../../../src/shared/place-search.ts';
import type { Database } from '../../db/database.ts';
import { placesGeneration } from '../../db/reference-places-import.ts';
import { listAllAirports, listAllOceanPorts } from './places-repository.ts';

interface PlaceList<T> {
  byCode: Map<string, T>;
  /** Active rows only: a code UNECE removed resolves by code but leaves the lists. */
  active: PlaceIndex<T>;
}

interface Places {
  generation: number;
  oceanPorts: PlaceList<OceanPort>;
  airports: PlaceList<Airport>;
}

const loaded = new WeakMap<Database, Promise<Places>>();

function placeList<T extends { _id: string; isActive: boolean }>(rows: T[], keys: (row: T) => PlaceKeys): PlaceList<T> {
  return {
    byCode: new Map(rows.map((r) => [r._id, r])),
    // With grams: a search visits the few places that can match (under 50 connections each
    // millisecond of a search is 50 of waiting).
    active: buildPlaceIndex(
      rows.filter((r) => r.isActive),
      keys,
      { grams: true },
    ),
  };
}

async function load(db: Database, generation: number): Promise<Places> {
  const [ports, airports] = await db.transaction(
    { role: 'freight_app', companyId: null },
    async (tx) => [await listAllOceanPorts(tx), await listAllAirports(tx)] as const,
  );
  return { generation, oceanPorts: placeList(ports, oceanPortKeys), airports: placeList(airports, airportKeys) };
}

export async function places(db: Database): Promise<Places> {
  const generation = placesGeneration(db);
  const known = loaded.get(db);
  if (known) {
    const current = await known.catch(() => undefined);
    if (current && current.generation === generation) return current;
  }
  const next = load(db, generation);
  loaded.set(db, next);
  return next;
}

export function searchList<T>(list: PlaceList<T>, options: PlaceSearchOptions & { page: number; limit: number }) {
  const all = searchPlaces(list.active, options);
  const offset = (options.page - 1) * options.limit;
  return { data: all.slice(offset, offset + options.limit), total: all.length };
}
