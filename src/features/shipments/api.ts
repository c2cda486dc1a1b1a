/**
 * shipmentserver's calls (docs/shipments.md) for the shipment screens: the resource (item, create, update
 * through the outbox), the list (`POST /shipments/paginate` with the URL's filters in the body) and the
 * open shipments "Prepare for offline" keeps on the device.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiList, NETWORK_ERROR_CODE } from '../../lib/api/api-client';
import { isApiError } from '../../lib/api/api-error';
import { queryClient } from '../../lib/query-client';
import { defineResource } from '../../lib/resource-kit/define-resource';
import type { ListState } from '../../lib/resource-kit/list-url-state';
import type { ListSource } from '../../lib/resource-kit/resource-list';
import { MAX_LIMIT } from '../../shared/contracts/resource-contract';
import {
  createShipmentBody,
  SHIPMENT_SORT_FIELDS,
  shipmentSchema,
  updateShipmentBody,
  type PaginateShipmentsInput,
  type Shipment,
} from '../../shared/contracts/shipments';
import { OPEN_STATUSES } from '../../shared/shipments/codes';
import { filtersBody, readFilters, type ShipmentListFilters } from './list-filters';
import { filterHeldShipments } from './offline-list';

export const shipmentsResource = defineResource({
  name: 'shipments',
  service: 'shipmentserver',
  path: '/shipments',
  item: shipmentSchema,
  sortable: SHIPMENT_SORT_FIELDS,
  create: createShipmentBody,
  update: updateShipmentBody,
  // The outbox's line for a shipment: its route and mode (a new one has no number until it lands).
  labelOf: (body, id) =>
    typeof body.origin === 'string' && typeof body.destination === 'string'
      ? `${body.origin} → ${body.destination}`
      : id,
});

/** The audit trail's entity of a shipment (logserver `/audit-history?entity=shipment`). */
export const SHIPMENT_AUDIT_ENTITY = 'shipment';

function paginate(body: PaginateShipmentsInput, signal?: AbortSignal) {
  return apiList('shipmentserver', '/shipments/paginate', shipmentSchema, {
    method: 'POST',
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

function bodyOf(state: ListState, filters: ShipmentListFilters): PaginateShipmentsInput {
  return {
    page: state.page,
    limit: state.limit,
    ...(state.search ? { search: state.search } : {}),
    ...(state.sort ? { sort: state.sort as NonNullable<PaginateShipmentsInput['sort']> } : {}),
    filters: filtersBody(filters),
  };
}

/** The list of the screen: the URL's paging, search and sort, and its filters. */
export function shipmentListSource(filters: ShipmentListFilters): ListSource<Shipment> {
  const body = filtersBody(filters);
  return {
    sortable: SHIPMENT_SORT_FIELDS,
    keys: { list: (state) => [...shipmentsResource.keys.lists, state, body] },
    fetchPage: async (state, signal) => {
      try {
        return await paginate(bodyOf(state, filters), signal);
      } catch (error) {
        // No connection: the shipments kept on the device answer, searched and filtered here.
        const held = isApiError(error) && error.code === NETWORK_ERROR_CODE ? heldShipments() : [];
        if (held.length > 0) return filterHeldShipments(held, state, filters);
        throw error;
      }
    },
  };
}

/** Every shipment kept on the device (opened once, or kept by "Prepare for offline"). */
export function heldShipments(): Shipment[] {
  return queryClient
    .getQueriesData<Shipment>({ queryKey: [...shipmentsResource.keys.all, 'item'] })
    .flatMap(([, data]) => (data && typeof data === 'object' && '_id' in data ? [data] : []));
}

/** At most this many open shipments are kept for offline use (the oldest ETD first drop out). */
export const OFFLINE_SHIPMENTS_MAX = 2_000;

/**
 * "Prepare for offline": the user's open shipments (every status but closed and cancelled), each into the
 * item cache (so its screen opens offline) and the list as the screen asks for it with no filters. Resolves
 * with the shipments kept (offline-details.ts keeps the sections of some of them).
 */
export async function keepOpenShipments(client: QueryClient): Promise<Shipment[]> {
  const filters = readFilters(new URLSearchParams());
  const source = shipmentListSource(filters);
  const firstState: ListState = { page: 1, limit: 20, search: '', sort: undefined };
  await client.fetchQuery({
    queryKey: source.keys.list(firstState),
    queryFn: ({ signal }) => source.fetchPage(firstState, signal),
  });
  const kept: Shipment[] = [];
  for (let page = 1; kept.length < OFFLINE_SHIPMENTS_MAX; page += 1) {
    const answer = await paginate({
      page,
      limit: MAX_LIMIT,
      filters: { status: [...OPEN_STATUSES] },
      sort: '-etd',
    });
    for (const shipment of answer.items) client.setQueryData(shipmentsResource.keys.item(shipment._id), shipment);
    kept.push(...answer.items);
    if (answer.items.length === 0 || page * MAX_LIMIT >= answer.meta.total) break;
  }
  return kept;
}

/** A new shipment's id, made here so that edits made before it lands can name it. */
export function newShipmentId(): string {
  return crypto.randomUUID();
}
