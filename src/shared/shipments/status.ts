/**
 * A shipment's status follows from its milestones that are not retracted (DCSA Track & Trace codes):
 * `CANC` → cancelled; closing the job → closed; an actual `DROP` or `RELS` at the place of delivery or the
 * destination → delivered; an actual `ARRI` or `DISC` at the destination → arrived; an actual `DEPA` or
 * `LOAD` at the origin → in transit; `CONF` → booked; otherwise a draft. An event without a place counts
 * wherever its code needs one to be, as a carrier's shipment events (RELS, CONF) often carry none.
 */
import type { ShipmentStatus } from './codes.ts';

export interface StatusEvent {
  code: string;
  classifier: 'PLN' | 'EST' | 'ACT';
  location?: string | null | undefined;
  retracted?: boolean | undefined;
}

export interface StatusShipment {
  closed: boolean;
  origin: string | null;
  destination: string | null;
  placeOfDelivery: string | null;
}

export function deriveShipmentStatus(shipment: StatusShipment, events: readonly StatusEvent[]): ShipmentStatus {
  const live = events.filter((e) => !e.retracted);
  const at = (e: StatusEvent, ...places: (string | null)[]) => !e.location || places.includes(e.location);
  const actual = (codes: string[], ...places: (string | null)[]) =>
    live.some((e) => e.classifier === 'ACT' && codes.includes(e.code) && at(e, ...places));

  if (live.some((e) => e.code === 'CANC')) return 'cancelled';
  if (shipment.closed) return 'closed';
  if (actual(['DROP', 'RELS'], shipment.placeOfDelivery, shipment.destination)) return 'delivered';
  if (actual(['ARRI', 'DISC'], shipment.destination)) return 'arrived';
  if (actual(['DEPA', 'LOAD'], shipment.origin)) return 'in-transit';
  if (live.some((e) => e.code === 'CONF')) return 'booked';
  return 'draft';
}
