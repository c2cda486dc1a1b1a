/**
 * The complete ocean-port and airport lists on the device, so that the port screens and every picker
 * search all rows with no connection, with the service's own rule (src/shared/place-search.ts).
 *
 * Each list is downloaded once (`GET /oceanport/bulk`, ~17,500 rows, ~450 kB gzip), kept in IndexedDB
 * and revalidated after 24 hours (docs/product-rules.md sections 4 and 9) with its ETag, so an unchanged release costs
 * a 304. Offline, or when the service fails, the kept copy answers, however old.
 */
import { useQuery } from '@tanstack/react-query';
import { get as idbGet, set as idbSet } from 'idb-keyval';
import { z } from 'zod';
import { airportSchema, oceanPortSchema, type Airport, type OceanPort } from '../../shared/contracts/places';
import { airportKeys, buildPlaceIndex, oceanPortKeys, searchPlaces, type PlaceIndex } from '../../shared/place-search';
import { REFERENCE_DATA_MAX_AGE_MS } from '../../shared/session-rules';
import { apiBase, authorizedFetch, toApiError } from '../api/api-client';

export type PlaceKind = 'oceanport' | 'airport';

interface PlaceRow {
  oceanport: OceanPort;
  airport: Airport;
}

interface Stored<T> {
  etag: string | null;
  fetchedAt: number;
  rows: T[];
}

const rowsSchema = { oceanport: z.array(oceanPortSchema), airport: z.array(airportSchema) };
const storeKey = (kind: PlaceKind) => `fd.places.${kind}.v1`;

async function readStored<K extends PlaceKind>(kind: K): Promise<Stored<PlaceRow[K]> | undefined> {
  try {
    return await idbGet<Stored<PlaceRow[K]>>(storeKey(kind));
  } catch {
    return undefined;
  }
}

async function keep<K extends PlaceKind>(kind: K, stored: Stored<PlaceRow[K]>): Promise<void> {
  try {
    await idbSet(storeKey(kind), stored);
  } catch {
    // No IndexedDB (a private window): the list still serves this visit from memory.
  }
}

/** The kept list when it is fresh, else the service's (or the kept one when the service cannot answer). */
export async function loadPlaceRows<K extends PlaceKind>(
  kind: K,
  now: () => number = Date.now,
): Promise<Stored<PlaceRow[K]>> {
  const stored = await readStored(kind);
  if (stored && now() - stored.fetchedAt < REFERENCE_DATA_MAX_AGE_MS) return stored;
  try {
    const response = await authorizedFetch(`${apiBase('master')}/${kind}/bulk`, {
      headers: stored?.etag ? { 'If-None-Match': stored.etag } : {},
    });
    if (response.status === 304 && stored) {
      const renewed = { ...stored, fetchedAt: now() };
      await keep(kind, renewed);
      return renewed;
    }
    if (!response.ok) throw await toApiError(response);
    const body = (await response.json()) as { data: unknown };
    const rows = rowsSchema[kind].parse(body.data) as PlaceRow[K][];
    const fresh = { etag: response.headers.get('ETag'), fetchedAt: now(), rows };
    await keep(kind, fresh);
    return fresh;
  } catch (error) {
    if (stored) return stored;
    throw error;
  }
}

export interface PlaceList<T> {
  index: PlaceIndex<T>;
  byCode: ReadonlyMap<string, T>;
  /** When the rows were last confirmed by the service (for "as of"). */
  fetchedAt: number;
  search: (term: string, country?: string) => T[];
}

function prepare<T extends { _id: string }>(
  stored: Stored<T>,
  keys: Parameters<typeof buildPlaceIndex<T>>[1],
): PlaceList<T> {
  const index = buildPlaceIndex(stored.rows, keys);
  return {
    index,
    byCode: new Map(stored.rows.map((row) => [row._id, row])),
    fetchedAt: stored.fetchedAt,
    search: (term, country) => searchPlaces(index, { search: term, country: country || undefined }),
  };
}

export const placeListQueries = {
  oceanport: {
    queryKey: ['places', 'oceanport'] as const,
    queryFn: async () => prepare(await loadPlaceRows('oceanport'), oceanPortKeys),
    // The device's own copy (IndexedDB) answers offline: run whatever the connection (Query pauses offline).
    networkMode: 'offlineFirst' as const,
    staleTime: REFERENCE_DATA_MAX_AGE_MS,
    gcTime: Infinity,
    retry: 1,
  },
  airport: {
    queryKey: ['places', 'airport'] as const,
    queryFn: async () => prepare(await loadPlaceRows('airport'), airportKeys),
    // The device's own copy (IndexedDB) answers offline: run whatever the connection (Query pauses offline).
    networkMode: 'offlineFirst' as const,
    staleTime: REFERENCE_DATA_MAX_AGE_MS,
    gcTime: Infinity,
    retry: 1,
  },
};

export const useOceanPorts = () => useQuery(placeListQueries.oceanport);
export const useAirports = () => useQuery(placeListQueries.airport);
