/**
 * Milestones, `/shipments/{id}/events` (docs/shipments.md): `GET` lists a shipment's events in time order,
 * `POST` adds one. The client makes each event's `_id`, so an event recorded offline lands once however
 * often the outbox sends it. Events are never changed or removed: a correction is a new event whose
 * `retracts` names the one it replaces, and the retracted one stays in the list, marked with who retracted
 * it and when.
 */
import { z } from 'zod';
import { SHIPMENT_STATUSES } from '../shipments/codes.ts';
import { EVENT_CLASSIFIERS, MILESTONE_CODES } from '../shipments/milestones.ts';
import { listAnswer } from './resource-contract.ts';
import { containerNumber } from './shipments.ts';

/** A UN/LOCODE (`NLRTM`) or an IATA airport code (`AMS`), upper case. */
const placeCode = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(
    z.string().regex(/^([A-Z]{2}[A-Z0-9]{3}|[A-Z0-9]{3})$/, 'a UN/LOCODE such as NLRTM or an IATA code such as AMS'),
  );

export const createShipmentEventBody = z.strictObject({
  /** Made by the client (a UUID): the same id sent twice is stored once. */
  _id: z.uuid('a UUID made by the client'),
  code: z.enum(MILESTONE_CODES, 'a DCSA event code such as DEPA, ARRI, GTIN, LOAD, DISC, RELS or HOLD'),
  classifier: z.enum(EVENT_CLASSIFIERS, 'PLN (planned), EST (estimated) or ACT (actual)'),
  /** When it happened or is expected, with its offset (`2026-03-02T08:30:00+01:00` or `…Z`). */
  at: z.iso.datetime({ offset: true, message: 'a date and time with its offset, such as 2026-03-02T08:30:00Z' }),
  location: placeCode.nullish(),
  containerNumber: containerNumber.nullish(),
  note: z.string().trim().max(500, 'at most 500 characters').optional(),
  /** The event this one corrects (of the same shipment); it stays listed, struck through. */
  retracts: z.uuid('the id of an event of this shipment').nullish(),
});
export type CreateShipmentEventInput = z.input<typeof createShipmentEventBody>;

export const shipmentEventSchema = z.object({
  _id: z.string(),
  shipmentId: z.string(),
  code: z.enum(MILESTONE_CODES),
  classifier: z.enum(EVENT_CLASSIFIERS),
  at: z.string(),
  location: z.string().nullable(),
  containerNumber: z.string().nullable(),
  note: z.string(),
  retracts: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The name of the user who recorded it, as the user is named now. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The later event that retracted this one, who recorded it and when; null while the event counts. */
  retractedBy: z.object({ eventId: z.string(), userName: z.string().nullable(), at: z.string() }).nullable(),
});
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

/** The answer of `GET /shipments/{id}/events`: every event in time order, and the status they give. */
export const shipmentEventsMeta = z.object({ total: z.number().int(), status: z.enum(SHIPMENT_STATUSES) });
export const shipmentEventsAnswer = listAnswer(shipmentEventSchema, shipmentEventsMeta);
export type ShipmentEventsPage = z.infer<typeof shipmentEventsAnswer>;

/** The answer of `POST /shipments/{id}/events`: the event, and the shipment's status after it. */
export const shipmentEventAddedSchema = shipmentEventSchema.extend({ shipmentStatus: z.enum(SHIPMENT_STATUSES) });
export type ShipmentEventAdded = z.infer<typeof shipmentEventAddedSchema>;

/** `GET|PUT|DELETE /shipments/{id}/follow`: whether the caller follows the shipment, and how many do. */
export const followStateSchema = z.object({ following: z.boolean(), followers: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;
