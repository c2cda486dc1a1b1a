/**
 * The shipment list's filters live in the URL beside the kit's paging, search and sort
 * (`/shipments?mode=air&status=booked,in-transit&etdFrom=2026-03-02`), so that a reload, a shared link, a
 * dashboard figure and a saved view all open the same rows. Pure: the screen's hook reads and writes them.
 * A value the service would refuse (an unknown status, a date that is not one) is left out rather than
 * turning the list into an error.
 */
import {
  SHIPMENT_DIRECTIONS,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
  type ShipmentDirection,
  type ShipmentMode,
  type ShipmentStatus,
} from '../../shared/shipments/codes';

export interface ShipmentListFilters {
  mode: ShipmentMode[];
  status: ShipmentStatus[];
  direction: ShipmentDirection[];
  /** The customer's contact id. */
  customer: string;
  /** A UN/LOCODE or an IATA airport code. */
  origin: string;
  destination: string;
  etdFrom: string;
  etdTo: string;
  etaFrom: string;
  etaTo: string;
}

export const FILTER_PARAMS = [
  'mode',
  'status',
  'direction',
  'customer',
  'origin',
  'destination',
  'etdFrom',
  'etdTo',
  'etaFrom',
  'etaTo',
] as const satisfies readonly (keyof ShipmentListFilters)[];

/** The URL parameters a saved view keeps: the filters and the search (not the page, size or sort). */
export const VIEW_PARAMS: readonly string[] = [...FILTER_PARAMS, 'search'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLACE = /^[A-Z0-9]{3,5}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function listOf<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  if (!value) return [];
  const picked = value.split(',').filter((part): part is T => (allowed as readonly string[]).includes(part));
  return [...new Set(picked)];
}

function dateOf(value: string | null): string {
  if (!value || !DATE.test(value)) return '';
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? '' : value;
}

function placeOf(value: string | null): string {
  const code = (value ?? '').trim().toUpperCase();
  return PLACE.test(code) ? code : '';
}

export function readFilters(params: URLSearchParams): ShipmentListFilters {
  const customer = params.get('customer') ?? '';
  return {
    mode: listOf(params.get('mode'), SHIPMENT_MODES),
    status: listOf(params.get('status'), SHIPMENT_STATUSES),
    direction: listOf(params.get('direction'), SHIPMENT_DIRECTIONS),
    customer: UUID.test(customer) ? customer : '',
    origin: placeOf(params.get('origin')),
    destination: placeOf(params.get('destination')),
    etdFrom: dateOf(params.get('etdFrom')),
    etdTo: dateOf(params.get('etdTo')),
    etaFrom: dateOf(params.get('etaFrom')),
    etaTo: dateOf(params.get('etaTo')),
  };
}

/**
 * The URL after a change of filters: empty values are left out, and the list starts again at page 1 (page
 * 7 of the old rows means nothing in the new ones). Parameters that are not filters are kept.
 */
export function writeFilters(params: URLSearchParams, patch: Partial<ShipmentListFilters>): URLSearchParams {
  const next = { ...readFilters(params), ...patch };
  const result = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) {
    const value = next[name];
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text) result.set(name, text);
    else result.delete(name);
  }
  result.delete('page');
  return result;
}

export function hasFilters(filters: ShipmentListFilters): boolean {
  return FILTER_PARAMS.some((name) => filters[name].length > 0);
}

/** The filters as `POST /shipments/paginate` takes them (the contract's `shipmentFilters`). */
export function filtersBody(filters: ShipmentListFilters) {
  return {
    ...(filters.mode.length ? { mode: filters.mode } : {}),
    ...(filters.status.length ? { status: filters.status } : {}),
    ...(filters.direction.length ? { direction: filters.direction } : {}),
    ...(filters.customer ? { customerId: filters.customer } : {}),
    ...(filters.origin ? { origin: filters.origin } : {}),
    ...(filters.destination ? { destination: filters.destination } : {}),
    ...(filters.etdFrom ? { etdFrom: filters.etdFrom } : {}),
    ...(filters.etdTo ? { etdTo: filters.etdTo } : {}),
    ...(filters.etaFrom ? { etaFrom: filters.etaFrom } : {}),
    ...(filters.etaTo ? { etaTo: filters.etaTo } : {}),
  };
}

/**
 * The part of the URL a saved view keeps, in a fixed order (so that the same filters make the same view
 * and the screen can tell which view is showing): `mode=air&search=msku`.
 */
export function viewQueryOf(params: URLSearchParams): string {
  const filters = readFilters(params);
  const kept = new URLSearchParams(writeFilters(new URLSearchParams(), filters));
  const search = (params.get('search') ?? '').trim();
  if (search) kept.set('search', search);
  const ordered = new URLSearchParams();
  for (const name of VIEW_PARAMS) {
    const value = kept.get(name);
    if (value) ordered.set(name, value);
  }
  return ordered.toString();
}

/** The URL of a saved view: its filters and search, the current page size and sort kept, page 1. */
export function applyViewQuery(params: URLSearchParams, query: string): URLSearchParams {
  const result = new URLSearchParams(params);
  for (const name of VIEW_PARAMS) result.delete(name);
  result.delete('page');
  // Read through the same rules: a view saved by an older build with a value this one refuses is cleaned.
  const view = new URLSearchParams(query);
  const cleaned = writeFilters(new URLSearchParams(), readFilters(view));
  for (const [name, value] of cleaned) result.set(name, value);
  const search = (view.get('search') ?? '').trim().slice(0, 200);
  if (search) result.set('search', search);
  return result;
}
