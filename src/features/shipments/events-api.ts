/**
 * A shipment's milestones (`/shipments/{id}/events`, docs/shipments.md): the list with the status it gives,
 * and adding one through the outbox. The event's `_id` is made here, so an event recorded offline lands once
 * however often the outbox sends it, and two people adding events offline never conflict. A queued event
 * shows at once in the cached list, marked as waiting; when it lands the outbox refreshes the list (its
 * query key starts with the outbox resource's name).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall, apiList } from '../../lib/api/api-client';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { sendWrite } from '../../lib/outbox/write';
import {
  followStateSchema,
  shipmentEventAddedSchema,
  shipmentEventsMeta,
  shipmentEventSchema,
  type CreateShipmentEventInput,
  type ShipmentEvent,
  type ShipmentEventAdded,
} from '../../shared/contracts/shipment-events';
import type { ShipmentStatus } from '../../shared/shipments/codes';
import { shipmentsResource } from './api';

/** The outbox's resource of an event, and the first part of the list's query key. */
export const SHIPMENT_EVENTS_RESOURCE = 'shipment-events';

export interface ShipmentEventsList {
  items: (ShipmentEvent & { [PENDING_MARK]?: true })[];
  meta: { total: number; status: ShipmentStatus };
}

export const shipmentEventsKey = (shipmentId: string) => [SHIPMENT_EVENTS_RESOURCE, shipmentId] as const;

export function shipmentEventsQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: shipmentEventsKey(shipmentId),
    queryFn: ({ signal }): Promise<ShipmentEventsList> =>
      apiList('shipmentserver', `/shipments/${shipmentId}/events`, shipmentEventSchema, {
        meta: shipmentEventsMeta,
        signal,
      }),
  });
}

/** A new event's id. */
export const newEventId = (): string => crypto.randomUUID();

export type AddEventOutcome = { landed: ShipmentEventAdded } | { queued: true };

/**
 * Adds a milestone: sent at once when online, else kept in the outbox and shown as waiting. Answers which;
 * a refusal (400, 409) rejects with the server's error.
 */
export async function addShipmentEvent(
  client: QueryClient,
  shipmentId: string,
  body: CreateShipmentEventInput & { _id: string },
  label: string,
): Promise<AddEventOutcome> {
  try {
    const landed = await sendWrite(
      {
        service: 'shipmentserver',
        path: `/shipments/${shipmentId}/events`,
        method: 'POST',
        body: { ...body },
        resource: SHIPMENT_EVENTS_RESOURCE,
        recordId: body._id,
        label,
        // A shipment made offline and still in the outbox: the milestone is sent after it lands, not to a 404.
        parent: { resource: shipmentsResource.name, recordId: shipmentId },
      },
      shipmentEventAddedSchema,
    );
    await Promise.all([
      client.invalidateQueries({ queryKey: shipmentEventsKey(shipmentId) }),
      client.invalidateQueries({ queryKey: shipmentsResource.keys.item(shipmentId) }),
      client.invalidateQueries({ queryKey: shipmentsResource.keys.lists }),
    ]);
    return { landed };
  } catch (error) {
    if (!isQueuedWrite(error)) throw error;
    client.setQueryData<ShipmentEventsList>(shipmentEventsKey(shipmentId), (list) => {
      const shown = {
        _id: body._id,
        shipmentId,
        code: body.code,
        classifier: body.classifier,
        at: body.at,
        location: body.location ?? null,
        containerNumber: body.containerNumber ?? null,
        note: body.note ?? '',
        retracts: body.retracts ?? null,
        createdBy: null,
        createdByName: null,
        createdAt: new Date().toISOString(),
        retractedBy: null,
        [PENDING_MARK]: true as const,
      } satisfies ShipmentEventsList['items'][number];
      const items = [...(list?.items ?? []).filter((e) => e._id !== body._id), shown].sort(
        (a, b) => Date.parse(a.at) - Date.parse(b.at),
      );
      return { items, meta: { total: items.length, status: list?.meta.status ?? 'draft' } };
    });
    return { queued: true };
  }
}

export const followKey = (shipmentId: string) => ['shipments', 'follow', shipmentId] as const;

/** Whether the user follows the shipment (its actual milestones reach their bell), and how many do. */
export function followQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: followKey(shipmentId),
    queryFn: ({ signal }) =>
      apiCall('shipmentserver', `/shipments/${shipmentId}/follow`, followStateSchema, { signal }),
  });
}

/** Follows or stops following (online only: it is the user's own setting, not the shipment's record). */
export function setFollowing(shipmentId: string, following: boolean) {
  return apiCall('shipmentserver', `/shipments/${shipmentId}/follow`, followStateSchema, {
    method: following ? 'PUT' : 'DELETE',
  });
}
