/**
 * SQL for the office's day (docs/shipments.md), inside a tenant transaction: the shipments that need
 * attention and the arrivals and departures of a period, from the milestone facts stored on each shipment
 * (migration 029), so neither reads the event log.
 */
import type {
  AttentionItem,
  AttentionMeta,
  MovementItem,
  Movements,
} from '../../../src/shared/contracts/shipment-attention.ts';
import type { Queryable } from '../../db/database.ts';

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

// The plan: a PLN ARRI, else the end of the ETA's day (UTC). Only booked and moving jobs can be late or at
// risk; a draft has no promise yet and an arrived one has kept it.
const PLANNED_ARRIVAL = `coalesce(s.planned_arrival_at, ((s.eta + 1)::timestamp AT TIME ZONE 'UTC'))`;
const EXPECTING = `s.arrived_at IS NULL AND s.status IN ('booked', 'in-transit')`;
// Each test has an index of its own (migration 035): `arrival_due_at` is the earlier of the latest estimate
// and the plan, and at risk is written exactly as its index's predicate.
/** Whether shipment `s` is late at `$1` (the definitions of issue 25 item 3; the notice sweep reads them too). */
export const LATE = `(${EXPECTING} AND s.arrival_due_at < $1)`;
/** Whether shipment `s`'s latest estimate of arrival lies more than 24 hours after its plan. */
export const AT_RISK = `(${EXPECTING} AND s.estimated_arrival_at - ${PLANNED_ARRIVAL} > interval '24 hours')`;
const ON_HOLD = `(s.on_hold AND s.status NOT IN ('closed', 'cancelled'))`;

interface AttentionRow {
  id: string;
  number: string;
  mode: AttentionItem['mode'];
  status: AttentionItem['status'];
  customer_name: string;
  origin: string | null;
  destination: string | null;
  late: boolean;
  at_risk: boolean;
  on_hold: boolean;
  planned: Date | null;
  estimated: Date | null;
  total: number;
  late_count: number;
  at_risk_count: number;
  on_hold_count: number;
}

/** The shipments that need attention at `now`, the soonest expected first, with the counts of each reason. */
export async function shipmentsNeedingAttention(
  tx: Queryable,
  now: Date,
  limit: number,
): Promise<{ items: AttentionItem[]; meta: AttentionMeta }> {
  const { rows } = await tx.query<AttentionRow>(
    `WITH flagged AS (
       SELECT s.id, s.number, s.mode, s.status, s.customer_id, s.origin, s.destination,
              ${LATE} AS late, ${AT_RISK} AS at_risk, ${ON_HOLD} AS on_hold,
              ${PLANNED_ARRIVAL} AS planned, s.estimated_arrival_at AS estimated
         FROM shipments s
        WHERE ${LATE} OR ${AT_RISK} OR ${ON_HOLD}
     ), counted AS (
       SELECT f.*, count(*) OVER ()::int AS total,
              (count(*) FILTER (WHERE f.late) OVER ())::int AS late_count,
              (count(*) FILTER (WHERE f.at_risk) OVER ())::int AS at_risk_count,
              (count(*) FILTER (WHERE f.on_hold) OVER ())::int AS on_hold_count
         FROM flagged f
     )
     SELECT k.*, c.name AS customer_name
       FROM counted k JOIN contacts c ON c.id = k.customer_id
      ORDER BY coalesce(k.estimated, k.planned) NULLS LAST, k.number
      LIMIT $2`,
    [now, limit],
  );
  const first = rows[0];
  return {
    items: rows.map((r) => ({
      _id: r.id,
      number: r.number,
      mode: r.mode,
      status: r.status,
      customerName: r.customer_name,
      origin: r.origin,
      destination: r.destination,
      reasons: [
        ...(r.late ? ['late' as const] : []),
        ...(r.at_risk ? ['at-risk' as const] : []),
        ...(r.on_hold ? ['on-hold' as const] : []),
      ],
      plannedArrivalAt: iso(r.planned),
      estimatedArrivalAt: iso(r.estimated),
    })),
    meta: {
      total: first?.total ?? 0,
      late: first?.late_count ?? 0,
      atRisk: first?.at_risk_count ?? 0,
      onHold: first?.on_hold_count ?? 0,
    },
  };
}

interface MovementRow {
  id: string;
  number: string;
  mode: MovementItem['mode'];
  status: MovementItem['status'];
  customer_name: string;
  origin: string | null;
  destination: string | null;
  at: Date;
  actual: boolean;
}

// When a shipment arrives or departs: the actual time, else the latest estimate, else the planned event,
// else noon UTC of the ETA or ETD (a day with no hour, shown on that day in most zones).
const movementSql = (kind: 'arrival' | 'departure') => {
  const [actual, day] = kind === 'arrival' ? ['arrived_at', 'eta'] : ['departed_at', 'etd'];
  const at = `coalesce(s.${actual}, s.estimated_${kind}_at, s.planned_${kind}_at,
                       (s.${day}::timestamp + interval '12 hours') AT TIME ZONE 'UTC')`;
  return `SELECT s.id, s.number, s.mode, s.status, c.name AS customer_name, s.origin, s.destination,
                 ${at} AS at, s.${actual} IS NOT NULL AS actual
            FROM shipments s JOIN contacts c ON c.company_id = s.company_id AND c.id = s.customer_id
           WHERE s.status NOT IN ('closed', 'cancelled') AND ${at} >= $1 AND ${at} < $2
           ORDER BY at, s.number LIMIT 200`;
};

const toMovement = (r: MovementRow): MovementItem => ({
  _id: r.id,
  number: r.number,
  mode: r.mode,
  status: r.status,
  customerName: r.customer_name,
  origin: r.origin,
  destination: r.destination,
  at: iso(r.at)!,
  actual: r.actual,
});

/** The arrivals and departures between `from` and `to` (at most 200 of each), in time order. */
export async function shipmentMovements(tx: Queryable, from: string, to: string): Promise<Movements> {
  const arrivals = await tx.query<MovementRow>(movementSql('arrival'), [from, to]);
  const departures = await tx.query<MovementRow>(movementSql('departure'), [from, to]);
  return { arrivals: arrivals.rows.map(toMovement), departures: departures.rows.map(toMovement) };
}
