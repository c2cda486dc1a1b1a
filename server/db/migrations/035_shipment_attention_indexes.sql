-- Issue 25's speed target: "Needs attention" over 100,000 shipments with 20 events each, p99 <= 50 ms.
-- The query of shipment-attention-repository.ts read every open shipment (15,000 in the bench's company)
-- to find the few hundred that are late: its "late" test (the estimate or the plan has passed) sat inside
-- expressions that are not leakproof (`timezone()`), which row-level security keeps out of index
-- conditions. The time a shipment is due is now a stored column, compared directly, and each reason has
-- an index of the open shipments it can apply to. Measured on PostgreSQL with the bench's fixture: 61 ms
-- -> 16-21 ms for the query itself.
--
-- When an open shipment is due: the earlier of its latest estimate and its plan (a PLN ARRI, else the end
-- of the ETA's day, UTC). It is late once that has passed without an actual arrival.
ALTER TABLE shipments ADD COLUMN arrival_due_at timestamptz GENERATED ALWAYS AS (
  least(estimated_arrival_at, coalesce(planned_arrival_at, ((eta + 1)::timestamp AT TIME ZONE 'UTC')))
) STORED;
CREATE INDEX shipments_arrival_due ON shipments (company_id, arrival_due_at)
  WHERE arrived_at IS NULL AND status IN ('booked', 'in-transit');
-- At risk: the latest estimate more than 24 hours after the plan. It does not depend on the time of day, so
-- it can be an index's predicate.
CREATE INDEX shipments_at_risk ON shipments (company_id)
  WHERE arrived_at IS NULL AND status IN ('booked', 'in-transit')
    AND estimated_arrival_at - coalesce(planned_arrival_at, ((eta + 1)::timestamp AT TIME ZONE 'UTC')) > interval '24 hours';
