-- Issue 25: the users who follow a shipment hear of its actual milestones through the bell
-- (docs/shipments.md). The user who created a shipment follows it; anyone who reads it may follow it.
CREATE TABLE shipment_followers (
  company_id uuid NOT NULL,
  shipment_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, shipment_id, user_id),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE
);
CREATE INDEX shipment_followers_user ON shipment_followers (user_id);
SELECT app_isolate_by_company('shipment_followers');

INSERT INTO shipment_followers (company_id, shipment_id, user_id)
SELECT s.company_id, s.id, s.created_by FROM shipments s JOIN users u ON u.id = s.created_by
ON CONFLICT DO NOTHING;
