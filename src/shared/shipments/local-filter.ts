/**
 * The shipment list's search and filters over shipments held on the device (offline, or while the list's
 * next page loads): the same meaning as `POST /shipments/paginate` (docs/shipments.md), so that a search
 * typed offline finds what the service would. Each shipment's search text is built once per list and kept
 * in a WeakMap, so a keystroke costs one substring test per shipment.
 */
import type { Shipment, ShipmentFilters } from '../contracts/shipments.ts';
import { normalizeSearchText } from './search.ts';

type Searchable = Pick<
  Shipment,
  | 'number'
  | 'mode'
  | 'status'
  | 'direction'
  | 'customerId'
  | 'customerName'
  | 'origin'
  | 'destination'
  | 'etd'
  | 'eta'
  | 'carrierBookingReference'
  | 'masterBillNumber'
  | 'houseBillNumber'
  | 'containers'
>;

const searchTexts = new WeakMap<object, string>();

/** What the search box compares a shipment by: its number, containers, bills, booking and customer. */
function searchText(s: Searchable): string {
  let text = searchTexts.get(s);
  if (text === undefined) {
    text = [
      s.number,
      ...s.containers.map((c) => c.number),
      s.masterBillNumber,
      s.houseBillNumber,
      s.carrierBookingReference,
      s.customerName,
    ]
      .map((part) => normalizeSearchText(part ?? ''))
      .join(' ');
    searchTexts.set(s, text);
  }
  return text;
}

const asList = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

const inRange = (day: string | null, from?: string, to?: string) =>
  (from === undefined || (day !== null && day >= from)) && (to === undefined || (day !== null && day <= to));

export function filterShipments<S extends Searchable>(
  shipments: readonly S[],
  search: string | undefined,
  filters: ShipmentFilters = {},
): S[] {
  const query = normalizeSearchText(search ?? '');
  const modes = asList(filters.mode);
  const statuses = asList(filters.status);
  const directions = asList(filters.direction);
  const origin = filters.origin?.toUpperCase();
  const destination = filters.destination?.toUpperCase();
  return shipments.filter(
    (s) =>
      (!modes || modes.includes(s.mode)) &&
      (!statuses || statuses.includes(s.status)) &&
      (!directions || directions.includes(s.direction)) &&
      (!filters.customerId || s.customerId === filters.customerId) &&
      (!origin || s.origin === origin) &&
      (!destination || s.destination === destination) &&
      inRange(s.etd, filters.etdFrom, filters.etdTo) &&
      inRange(s.eta, filters.etaFrom, filters.etaTo) &&
      (query === '' || searchText(s).includes(query)),
  );
}
