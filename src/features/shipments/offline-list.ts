/**
 * The shipment list with no connection: the open shipments "Prepare for offline" (and every visit) kept on
 * the device, searched and filtered in the browser with the service's own rules — the search ignores case,
 * accents, spaces and dashes (`normalizeSearchText`) over the number, the container numbers, the bills, the
 * booking reference and the customer's name; the filters compare as `POST /shipments/paginate` does. Pure;
 * each row's search text is made once and kept, so a keystroke only compares strings (2,000 shipments well
 * inside a frame, list-filters' tests measure it).
 */
import type { Shipment } from '../../shared/contracts/shipments';
import { normalizeSearchText } from '../../shared/shipments/search';
import type { ListPage } from '../../lib/resource-kit/list-page';
import type { ListState } from '../../lib/resource-kit/list-url-state';
import type { ShipmentListFilters } from './list-filters';

const searchTexts = new WeakMap<object, string>();

function searchTextOf(row: Shipment): string {
  let text = searchTexts.get(row);
  if (text === undefined) {
    text = [
      row.number,
      ...(row.containers ?? []).map((c) => c.number),
      row.masterBillNumber,
      row.houseBillNumber,
      row.carrierBookingReference,
      row.customerName,
    ]
      .map((part) => normalizeSearchText(part ?? ''))
      .join('|');
    searchTexts.set(row, text);
  }
  return text;
}

const within = (day: string | null | undefined, from: string, to: string) =>
  (!from || (Boolean(day) && day! >= from)) && (!to || (Boolean(day) && day! <= to));

export function matchesFilters(row: Shipment, filters: ShipmentListFilters): boolean {
  return (
    (!filters.mode.length || filters.mode.includes(row.mode)) &&
    (!filters.status.length || (row.status !== undefined && filters.status.includes(row.status))) &&
    (!filters.direction.length || filters.direction.includes(row.direction)) &&
    (!filters.customer || row.customerId === filters.customer) &&
    (!filters.origin || row.origin === filters.origin) &&
    (!filters.destination || row.destination === filters.destination) &&
    within(row.etd, filters.etdFrom, filters.etdTo) &&
    within(row.eta, filters.etaFrom, filters.etaTo)
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

function compare(field: string, descending: boolean) {
  // Names compare as people read them; codes and ISO dates by their characters (fast, and the same order).
  const order = field === 'customerName' ? collator.compare : (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a: Shipment, b: Shipment) => {
    const x = String((a as Record<string, unknown>)[field] ?? '');
    const y = String((b as Record<string, unknown>)[field] ?? '');
    // Empty values last either way, as the service sorts NULLS LAST.
    if (!x !== !y) return x ? -1 : 1;
    return descending ? order(y, x) : order(x, y);
  };
}

/** One page of the kept shipments for the list's state and filters, newest first unless sorted. */
export function filterHeldShipments(
  rows: readonly Shipment[],
  state: ListState,
  filters: ShipmentListFilters,
): ListPage<Shipment> {
  const term = normalizeSearchText(state.search);
  const found = rows.filter((row) => (!term || searchTextOf(row).includes(term)) && matchesFilters(row, filters));
  const sort = state.sort ?? '-createdAt';
  found.sort(compare(sort.replace(/^-/, ''), sort.startsWith('-')));
  const start = (state.page - 1) * state.limit;
  return {
    items: found.slice(start, start + state.limit),
    meta: { total: found.length, page: state.page, limit: state.limit },
  };
}
