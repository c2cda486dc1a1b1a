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
  normaliseSearch,
  oceanPortKeys,
  searchPlaces,
  type PlaceIndex,
  type PlaceKeys,
  type PlaceSearchOptions,
} from '../../../src/shared/place-search.ts';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Database } from '../../db/database.ts';
import { placesGeneration } from '../../db/reference-places-import.ts';
import { listAllAirports, listAllOceanPorts } from './places-repository.ts';

export interface PlaceList<T> {
  byCode: Map<string, T>;
  /** Active rows only: a code UNECE removed resolves by code but leaves the lists. */
  active: PlaceIndex<T>;
  /**
   * Answers of the searches that visit thousands of places: no term, or a term of one or two letters
   * (what a first keystroke sends). Their keys are few (about 1,300 terms, by country), so this is bounded;
   * longer terms visit a few places through the grams and are not kept.
   */
  broad: Map<string, T[]>;
  /** `{ data: [every active row] }`, built on first request: JSON, its gzip and an ETag of both. */
  bulk?: BulkAnswer;
}

export interface BulkAnswer {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

const BROAD_ANSWERS = 5_000;

interface Places {
  generation: number;
  oceanPorts: PlaceList<OceanPort>;
  airports: PlaceList<Airport>;
}

const loaded = new WeakMap<Database, Promise<Places>>();

function placeList<T extends { _id: string; isActive: boolean }>(rows: T[], keys: (row: T) => PlaceKeys): PlaceList<T> {
  return {
    byCode: new Map(rows.map((r) => [r._id, r])),
    broad: new Map(),
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
  const term = normaliseSearch(options.search ?? '');
  let all: T[] | undefined;
  if (term.length <= 2) {
    const key = `${options.country ?? ''}\u0000${term}`;
    all = list.broad.get(key);
    if (!all) {
      all = searchPlaces(list.active, options);
      if (list.broad.size >= BROAD_ANSWERS) list.broad.clear();
      list.broad.set(key, all);
    }
  } else all = searchPlaces(list.active, options);
  const offset = (options.page - 1) * options.limit;
  return { data: all.slice(offset, offset + options.limit), total: all.length };
}

/** The whole active list as one prepared answer (a release changes the rows, so the process rebuilds it). */
export function bulkAnswer<T>(list: PlaceList<T>): BulkAnswer {
  if (!list.bulk) {
    const json = Buffer.from(JSON.stringify({ data: list.active.places.map((p) => p.row) }));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    list.bulk = { etag, json, gzip: gzipSync(json, { level: 9 }) };
  }
  return list.bulk;
}
