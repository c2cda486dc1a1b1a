/**
 * SQL for milestones, `shipment_events` (migrations 026 and 029), inside a tenant transaction. Rows are
 * only ever added (the service's roles may not update or delete them); what the live events say is
 * written onto the shipment in the same transaction (`milestone_facts.ts`).
 */
import type { ShipmentEvent } from '../../../src/shared/contracts/shipment-events.ts';
import { milestoneFacts, type FactsEvent, type MilestoneFacts } from '../../../src/shared/shipments/milestone-facts.ts';
import type { EventClassifier } from '../../../src/shared/shipments/milestones.ts';
import type { StatusShipment } from '../../../src/shared/shipments/status.ts';
import type { Queryable } from '../../db/database.ts';

/** A milestone as the seed and the events route write it. */
export interface ShipmentEventInsert {
  id?: string | undefined;
  code: string;
  classifier: EventClassifier;
  at: string;
  location?: string | null | undefined;
  containerNumber?: string | null | undefined;
  note?: string | undefined;
  retracts?: string | null | undefined;
  createdBy?: string | null | undefined;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The shipment's events as the facts need them, oldest first. */
export async function milestoneEvents(tx: Queryable, companyId: string, shipmentId: string): Promise<FactsEvent[]> {
  const { rows } = await tx.query<{
    id: string;
    code: string;
    classifier: EventClassifier;
    at: Date;
    location: string | null;
    container_number: string | null;
    retracts: string | null;
    created_at: Date;
  }>(
    `SELECT id, code, classifier, at, location, container_number, retracts, created_at
       FROM shipment_events WHERE company_id = $1 AND shipment_id = $2 ORDER BY at, created_at, id`,
    [companyId, shipmentId],
  );
  return rows.map((r) => ({
    _id: r.id,
    code: r.code,
    classifier: r.classifier,
    at: iso(r.at),
    location: r.location,
    containerNumber: r.container_number,
    retracts: r.retracts,
    createdAt: iso(r.created_at),
  }));
}

/** Recomputes what the events say and writes it onto the shipment; answers it. */
export async function refreshMilestoneFacts(
  tx: Queryable,
  companyId: string,
  shipmentId: string,
  shipment: StatusShipment,
): Promise<MilestoneFacts> {
  const facts = milestoneFacts(shipment, await milestoneEvents(tx, companyId, shipmentId));
  await tx.query(
    `UPDATE shipments SET status = $3, planned_departure_at = $4, estimated_departure_at = $5, departed_at = $6,
            planned_arrival_at = $7, estimated_arrival_at = $8, arrived_at = $9, on_hold = $10
      WHERE company_id = $1 AND id = $2`,
    [
      companyId,
      shipmentId,
      facts.status,
      facts.plannedDepartureAt,
      facts.estimatedDepartureAt,
      facts.departedAt,
      facts.plannedArrivalAt,
      facts.estimatedArrivalAt,
      facts.arrivedAt,
      facts.onHold,
    ],
  );
  return facts;
}

/**
 * Appends events to a shipment (an id already stored is stored once), then writes what the events say
 * onto the shipment. The caller holds the shipment's row lock, so that two events added at once both
 * count in the status.
 */
export async function appendShipmentEvents(
  tx: Queryable,
  companyId: string,
  shipmentId: string,
  events: readonly ShipmentEventInsert[],
  shipment: StatusShipment,
): Promise<MilestoneFacts> {
  if (events.length > 0) {
    await tx.query(
      `INSERT INTO shipment_events (company_id, id, shipment_id, code, classifier, at, location, container_number, note, retracts, created_by)
       SELECT $1, coalesce(r.id, gen_random_uuid()), $2, r.code, r.classifier, r.at, r.location, r.container_number,
              coalesce(r.note, ''), r.retracts, r.created_by
         FROM json_to_recordset($3::json) AS r(id uuid, code text, classifier text, at timestamptz, location text,
              container_number text, note text, retracts uuid, created_by uuid)
       ON CONFLICT (company_id, id) DO NOTHING`,
      [
        companyId,
        shipmentId,
        JSON.stringify(
          events.map((e) => ({
            id: e.id ?? null,
            code: e.code,
            classifier: e.classifier,
            at: e.at,
            location: e.location ?? null,
            container_number: e.containerNumber ?? null,
            note: e.note ?? '',
            retracts: e.retracts ?? null,
            created_by: e.createdBy ?? null,
          })),
        ),
      ],
    );
  }
  return refreshMilestoneFacts(tx, companyId, shipmentId, shipment);
}

interface EventRow {
  id: string;
  shipment_id: string;
  code: ShipmentEvent['code'];
  classifier: EventClassifier;
  at: Date;
  location: string | null;
  container_number: string | null;
  note: string;
  retracts: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  retracted_by_event: string | null;
  retracted_by_name: string | null;
  retracted_at: Date | null;
}

const EVENT_SELECT = `
  SELECT e.id, e.shipment_id, e.code, e.classifier, e.at, e.location, e.container_number, e.note, e.retracts,
         e.created_by, u.name AS created_by_name, e.created_at,
         r.id AS retracted_by_event, ru.name AS retracted_by_name, r.created_at AS retracted_at
    FROM shipment_events e
    LEFT JOIN users u ON u.id = e.created_by
    LEFT JOIN LATERAL (
      SELECT x.id, x.created_by, x.created_at FROM shipment_events x
       WHERE x.company_id = e.company_id AND x.retracts = e.id ORDER BY x.created_at, x.id LIMIT 1
    ) r ON true
    LEFT JOIN users ru ON ru.id = r.created_by`;

function toEvent(r: EventRow): ShipmentEvent {
  return {
    _id: r.id,
    shipmentId: r.shipment_id,
    code: r.code,
    classifier: r.classifier,
    at: iso(r.at),
    location: r.location,
    containerNumber: r.container_number,
    note: r.note,
    retracts: r.retracts,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    createdAt: iso(r.created_at),
    retractedBy:
      r.retracted_by_event && r.retracted_at
        ? { eventId: r.retracted_by_event, userName: r.retracted_by_name, at: iso(r.retracted_at) }
        : null,
  };
}

/** Every event of a shipment in time order (ties: the order they were recorded). */
export async function listShipmentEvents(tx: Queryable, shipmentId: string): Promise<ShipmentEvent[]> {
  const { rows } = await tx.query<EventRow>(
    `${EVENT_SELECT} WHERE e.shipment_id = $1 ORDER BY e.at, e.created_at, e.id`,
    [shipmentId],
  );
  return rows.map(toEvent);
}

/** One event of the company, whichever shipment it belongs to. */
export async function findShipmentEvent(tx: Queryable, id: string): Promise<ShipmentEvent | undefined> {
  const { rows } = await tx.query<EventRow>(`${EVENT_SELECT} WHERE e.id = $1`, [id]);
  return rows[0] ? toEvent(rows[0]) : undefined;
}
