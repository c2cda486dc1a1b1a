-- Issue 25: milestones on the wire (`/shipments/{id}/events`, docs/shipments.md) and the office's
-- exceptions. What the events say about departure, arrival and holds is stored on the shipment with its
-- status, written in the same transaction as each event (src/shared/shipments/milestone-facts.ts), so that
-- "Needs attention", arrivals and departures read one row per shipment instead of its whole log.
ALTER TABLE shipments
  -- The latest planned and estimated times of departure and arrival (the last such event recorded that is
  -- not retracted), and the first actual ones; NULL when no event says.
  ADD COLUMN planned_departure_at timestamptz,
  ADD COLUMN estimated_departure_at timestamptz,
  ADD COLUMN departed_at timestamptz,
  ADD COLUMN planned_arrival_at timestamptz,
  ADD COLUMN estimated_arrival_at timestamptz,
  ADD COLUMN arrived_at timestamptz,
  -- An actual HOLD with no actual release (RELS) at or after it.
  ADD COLUMN on_hold boolean NOT NULL DEFAULT false;

-- Who retracted an event: the list joins each event to the one that names it.
CREATE INDEX shipment_events_retracts ON shipment_events (company_id, retracts) WHERE retracts IS NOT NULL;
-- A note is a line of text, not a document.
ALTER TABLE shipment_events ADD CONSTRAINT shipment_events_note_length CHECK (length(note) <= 500);

-- The open shipments not yet arrived, by when they should arrive: "late" and "arrivals" scan this range.
CREATE INDEX shipments_open_arrival ON shipments (company_id, coalesce(estimated_arrival_at, planned_arrival_at))
  WHERE arrived_at IS NULL AND status IN ('draft', 'booked', 'in-transit');
CREATE INDEX shipments_on_hold ON shipments (company_id) WHERE on_hold;

-- The shipments stored before this migration: their facts from their events, by the same rules as the
-- service (an event without a place counts at the place its code needs).
WITH live AS (
  SELECT e.company_id, e.shipment_id, e.code, e.classifier, e.at, e.location, e.created_at
    FROM shipment_events e
   WHERE NOT EXISTS (SELECT 1 FROM shipment_events r WHERE r.company_id = e.company_id AND r.retracts = e.id)
),
facts AS (
  SELECT s.company_id, s.id,
    (SELECT l.at FROM live l WHERE l.company_id = s.company_id AND l.shipment_id = s.id AND l.code = 'DEPA'
        AND l.classifier = 'PLN' AND (l.location IS NULL OR l.location = s.origin) ORDER BY l.created_at DESC LIMIT 1) AS pd,
    (SELECT l.at FROM live l WHERE l.company_id = s.company_id AND l.shipment_id = s.id AND l.code = 'DEPA'
        AND l.classifier = 'EST' AND (l.location IS NULL OR l.location = s.origin) ORDER BY l.created_at DESC LIMIT 1) AS ed,
    (SELECT min(l.at) FROM live l WHERE l.company_id = s.company_id AND l.shipment_id = s.id AND l.code IN ('DEPA', 'LOAD')
        AND l.classifier = 'ACT' AND (l.location IS NULL OR l.location = s.origin)) AS ad,
    (SELECT l.at FROM live l WHERE l.company_id = s.company_id AND l.shipment_id = s.id AND l.code = 'ARRI'
        AND l.classifier = 'PLN' AND (l.location IS NULL OR l.location = s.destination) ORDER BY l.created_at DESC LIMIT 1) AS pa,
    (SELECT l.at FROM live l WHERE l.company_id = s.company_id AND l.shipment_id = s.id AND l.code = 'ARRI'
        AND l.classifier = 'EST' AND (l.location IS NULL OR l.location = s.destination) ORDER BY l.created_at DESC LIMIT 1) AS ea,
    (SELECT min(l.at) FROM live l WHERE l.company_id = s.company_id AND l.shipment_id = s.id AND l.code IN ('ARRI', 'DISC')
        AND l.classifier = 'ACT' AND (l.location IS NULL OR l.location = s.destination)) AS aa,
    (SELECT h.at FROM live h WHERE h.company_id = s.company_id AND h.shipment_id = s.id AND h.code = 'HOLD'
        AND h.classifier = 'ACT' ORDER BY h.at DESC LIMIT 1) AS hold_at
    FROM shipments s
)
UPDATE shipments s
   SET planned_departure_at = f.pd, estimated_departure_at = f.ed, departed_at = f.ad,
       planned_arrival_at = f.pa, estimated_arrival_at = f.ea, arrived_at = f.aa,
       on_hold = f.hold_at IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM live r WHERE r.company_id = s.company_id AND r.shipment_id = s.id AND r.code = 'RELS'
            AND r.classifier = 'ACT' AND r.at >= f.hold_at)
  FROM facts f
 WHERE f.company_id = s.company_id AND f.id = s.id;
