-- Issue 23: shipments become a report source (docs/shipments.md); a saved definition may name it.
ALTER TABLE report_sketches DROP CONSTRAINT report_sketches_source_check;
ALTER TABLE report_sketches
  ADD CONSTRAINT report_sketches_source_check CHECK (source IN ('contacts', 'users', 'audit', 'shipments'));
