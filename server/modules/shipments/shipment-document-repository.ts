/**
 * SQL of a shipment's documents (`shipment_documents`, migration 032), inside the tenant transaction: each
 * row names a driveserver file of the company, whose name, size and type are read from `drive_files`.
 */
import {
  type SHIPMENT_DOCUMENT_SORT_FIELDS,
  type ShipmentDocument,
  type ShipmentDocumentType,
} from '../../../src/shared/contracts/shipment-documents.ts';
import type { Queryable } from '../../db/database.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { columnTable, isoTimestamp } from '../../http/list-sql-repository.ts';

type SortField = (typeof SHIPMENT_DOCUMENT_SORT_FIELDS)[number];

const DOCUMENTS = columnTable<ShipmentDocument>(
  'shipment_documents',
  {
    _id: 'id',
    shipmentId: 'shipment_id',
    fileId: 'file_id',
    type: 'type',
    fileName: { column: 'file_name', sql: 'f.file_name' },
    size: { column: 'size_bytes', sql: 'f.size_bytes', read: Number },
    contentType: { column: 'content_type', sql: 'f.content_type' },
    createdBy: 'created_by',
    createdByName: { column: 'created_by_name', sql: 'u.name' },
    createdAt: { column: 'created_at', read: isoTimestamp },
  },
  { alias: 'd', joins: 'JOIN drive_files f ON f.id = d.file_id LEFT JOIN users u ON u.id = d.created_by' },
);
const SORT_COLUMNS = DOCUMENTS.sortColumns<SortField>({
  createdAt: 'exact',
  type: 'exact',
  fileName: { sql: 'lower(f.file_name)' },
});

export interface ShipmentDocumentValues {
  companyId: string;
  createdBy: string;
  fileId: string;
  type: ShipmentDocumentType;
}

/** One page of the shipment's documents; `search` matches the file's name or the type. */
async function list(
  tx: Queryable,
  shipmentId: string,
  query: ListQuery<SortField>,
): Promise<{ items: ShipmentDocument[]; total: number }> {
  // The count reads `shipment_documents` alone, so the file's name is matched through a subquery.
  const where = `WHERE d.shipment_id = $2 AND ($1::text IS NULL OR d.type ILIKE $1
    OR EXISTS (SELECT 1 FROM drive_files n WHERE n.id = d.file_id AND n.file_name ILIKE $1))`;
  return DOCUMENTS.list(tx, query, { where, filters: [shipmentId], sortColumns: SORT_COLUMNS });
}

async function find(
  tx: Queryable,
  shipmentId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ShipmentDocument | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `${DOCUMENTS.select} WHERE d.id = $1 AND d.shipment_id = $2${options.lock ? ' FOR UPDATE OF d' : ''}`,
    [id, shipmentId],
  );
  return rows[0] ? DOCUMENTS.toItem(rows[0]) : undefined;
}

async function insert(tx: Queryable, shipmentId: string, v: ShipmentDocumentValues): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO shipment_documents (company_id, shipment_id, file_id, type, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [v.companyId, shipmentId, v.fileId, v.type, v.createdBy],
  );
  return rows[0]!.id;
}

async function remove(tx: Queryable, shipmentId: string, id: string): Promise<boolean> {
  const { affectedRows } = await tx.query('DELETE FROM shipment_documents WHERE id = $1 AND shipment_id = $2', [
    id,
    shipmentId,
  ]);
  return affectedRows > 0;
}

export const shipmentDocumentRepository = { list, find, insert, remove };

/** The document of this shipment that already holds the file, if any. */
export async function documentOfFile(
  tx: Queryable,
  shipmentId: string,
  fileId: string,
): Promise<{ id: string; type: ShipmentDocumentType } | undefined> {
  const { rows } = await tx.query<{ id: string; type: ShipmentDocumentType }>(
    'SELECT id, type FROM shipment_documents WHERE shipment_id = $1 AND file_id = $2',
    [shipmentId, fileId],
  );
  return rows[0];
}
