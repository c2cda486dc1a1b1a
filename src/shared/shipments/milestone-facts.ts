/**
 * What a shipment's milestones say, stored on the shipment with each new event (migration 029) so that
 * the office's lists read one row per shipment: the status (status.ts), the latest planned and estimated
 * departure and arrival, the first actual ones, and whether it is on hold. "Latest" is the last recorded
 * (a new estimate replaces the one before, whatever time it names). An event without a place counts at
 * the place its code needs, as in the status.
 */
import type { ShipmentStatus } from './codes.ts';
import { isOnHold, liveEvents, type MilestoneEvent } from './milestones.ts';
import { deriveShipmentStatus, type StatusShipment } from './status.ts';

export interface FactsEvent extends MilestoneEvent {
  /** When the event was recorded (orders estimates: the last recorded wins). */
  createdAt: string;
}

export interface MilestoneFacts {
  status: ShipmentStatus;
  plannedDepartureAt: string | null;
  estimatedDepartureAt: string | null;
  departedAt: string | null;
  plannedArrivalAt: string | null;
  estimatedArrivalAt: string | null;
  arrivedAt: string | null;
  onHold: boolean;
}

export function milestoneFacts(shipment: StatusShipment, events: readonly FactsEvent[]): MilestoneFacts {
  const retracted = new Set(events.map((e) => e.retracts).filter(Boolean));
  const live = liveEvents(events);
  const atPlace = (e: FactsEvent, place: string | null) => !e.location || e.location === place;
  const lastRecorded = (codes: string[], classifier: 'PLN' | 'EST', place: string | null) =>
    live
      .filter((e) => codes.includes(e.code) && e.classifier === classifier && atPlace(e, place))
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
      .at(-1)?.at ?? null;
  const firstActual = (codes: string[], place: string | null) =>
    live
      .filter((e) => codes.includes(e.code) && e.classifier === 'ACT' && atPlace(e, place))
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0]?.at ?? null;
  return {
    status: deriveShipmentStatus(
      shipment,
      events.map((e) => ({ ...e, retracted: retracted.has(e._id) })),
    ),
    plannedDepartureAt: lastRecorded(['DEPA'], 'PLN', shipment.origin),
    estimatedDepartureAt: lastRecorded(['DEPA'], 'EST', shipment.origin),
    departedAt: firstActual(['DEPA', 'LOAD'], shipment.origin),
    plannedArrivalAt: lastRecorded(['ARRI'], 'PLN', shipment.destination),
    estimatedArrivalAt: lastRecorded(['ARRI'], 'EST', shipment.destination),
    arrivedAt: firstActual(['ARRI', 'DISC'], shipment.destination),
    onHold: isOnHold(events),
  };
}
