/**
 * SQL of the file holders (`file-holders.ts`): which records of the transaction's company hold one
 * driveserver file. One query per kind of holder, all asked at once; row-level security keeps each to the
 * caller's company.
 */
import type { Queryable } from '../db/database.ts';

/** How each kind of holder finds the records holding a file (`$1`), as `id` and a `name` for messages. */
export const FILE_HOLDER_QUERIES = {
  issue: {
    column: 'issues.attachment_file_id',
    sql: 'SELECT id::text AS id, title AS name FROM issues WHERE attachment_file_id = $1',
  },
  company: {
    column: 'companies.logo_file_id',
    sql: 'SELECT id::text AS id, name FROM companies WHERE logo_file_id = $1',
  },
  user: {
    column: 'users.avatar_file_id',
    sql: 'SELECT id::text AS id, name FROM users WHERE avatar_file_id = $1',
  },
  // A queued message keeps a copy of each attachment; `file_id` names the file it was copied from.
  mail: {
    column: 'mail_outbox_attachments.file_id',
    sql: `SELECT DISTINCT m.id::text AS id, m.subject AS name
            FROM mail_outbox_attachments a JOIN mail_outbox m ON m.id = a.outbox_id
           WHERE a.file_id = $1`,
  },
  // A shipment's documents (`shipment_documents`, migration 032): named by the shipment's number.
  shipment: {
    column: 'shipment_documents.file_id',
    sql: `SELECT DISTINCT s.id::text AS id, coalesce(s.number, '') AS name
            FROM shipment_documents d JOIN shipments s ON s.company_id = d.company_id AND s.id = d.shipment_id
           WHERE d.file_id = $1`,
  },
} as const satisfies Record<string, { column: string; sql: string }>;

export type FileHolderEntity = keyof typeof FILE_HOLDER_QUERIES;

export interface FileHolderRecord {
  entity: FileHolderEntity;
  id: string;
  name: string;
}

export async function findFileHolderRecords(tx: Queryable, fileId: string): Promise<FileHolderRecord[]> {
  const kinds = Object.entries(FILE_HOLDER_QUERIES) as [FileHolderEntity, { sql: string }][];
  const union = kinds
    .map(([entity, { sql }]) => `SELECT '${entity}' AS entity, h.id, h.name FROM (${sql}) h`)
    .join(' UNION ALL ');
  const { rows } = await tx.query<{ entity: FileHolderEntity; id: string; name: string | null }>(
    `${union} ORDER BY 1, 2`,
    [fileId],
  );
  return rows.map((r) => ({ entity: r.entity, id: r.id, name: r.name ?? '' }));
}

/** Every column of the schema with a foreign key to `drive_files`, as `table.column`. */
export async function fileForeignKeyColumns(tx: Queryable): Promise<string[]> {
  const { rows } = await tx.query<{ col: string }>(
    `SELECT c.conrelid::regclass::text || '.' || a.attname AS col
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'drive_files'::regclass
      ORDER BY 1`,
  );
  return rows.map((r) => r.col);
}
