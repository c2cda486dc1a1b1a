-- Issue 25: the documents that prove what happened to a shipment (`/shipments/{id}/documents`,
-- docs/shipments.md): a driveserver file of the company attached to a shipment with its type. The shipment
-- then holds the file (server/files/file-holders.ts): whoever may read the shipment may read the file, and
-- the file cannot be deleted while it is attached.
CREATE TABLE shipment_documents (
  company_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  shipment_id uuid NOT NULL,
  file_id uuid NOT NULL REFERENCES drive_files (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('bill-of-lading', 'air-waybill', 'commercial-invoice', 'packing-list',
    'certificate-of-origin', 'delivery-order', 'proof-of-delivery', 'photo', 'other')),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id),
  -- A file is attached to a shipment once (as one type).
  UNIQUE (company_id, shipment_id, file_id),
  FOREIGN KEY (company_id, shipment_id) REFERENCES shipments (company_id, id) ON DELETE CASCADE
);
CREATE INDEX shipment_documents_shipment ON shipment_documents (company_id, shipment_id, created_at);
-- driveserver asks which records hold a file on every read and delete of it.
CREATE INDEX shipment_documents_file ON shipment_documents (file_id);
SELECT app_isolate_by_company('shipment_documents');
-- A document is attached or detached, never changed (its repository has no update). UPDATE stays granted:
-- the detach locks the row first (SELECT … FOR UPDATE), which needs it.
