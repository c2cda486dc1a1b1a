/**
 * Uploaded files (table `drive_files`, migration 008). Row-level security scopes every query to the
 * caller's company: another tenant's id is simply not found.
 */
import type { FileMetadata } from '../../../src/shared/contracts/drive.ts';
import type { Queryable } from '../../db/database.ts';
import { deleteById, findById } from '../../http/list-sql-repository.ts';

export type StoredFile = FileMetadata;

interface FileRow {
  id: string;
  company_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_by: string | null;
  created_at: Date | string;
}

const COLUMNS = 'id, company_id, file_name, content_type, size_bytes, sha256, created_by, created_at';

function toFile(row: FileRow): StoredFile {
  return {
    _id: row.id,
    companyId: row.company_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size_bytes),
    sha256: row.sha256,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface NewFile {
  id: string;
  companyId: string;
  fileName: string;
  contentType: string;
  sha256: string;
  content: Buffer;
  createdBy: string;
  now: Date;
}

export async function insertFile(tx: Queryable, file: NewFile): Promise<StoredFile> {
  const { rows } = await tx.query<FileRow>(
    `INSERT INTO drive_files (id, company_id, file_name, content_type, size_bytes, sha256, content, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING ${COLUMNS}`,
    [
      file.id,
      file.companyId,
      file.fileName,
      file.contentType,
      file.content.length,
      file.sha256,
      file.content,
      file.createdBy,
      file.now,
    ],
  );
  return toFile(rows[0]!);
}

export async function findFile(
  tx: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<StoredFile | undefined> {
  return findById(tx, `SELECT ${COLUMNS} FROM drive_files`, id, toFile, options);
}

export async function findFileContent(
  tx: Queryable,
  id: string,
): Promise<{ file: StoredFile; content: Buffer } | undefined> {
  const { rows } = await tx.query<FileRow & { content: Uint8Array }>(
    `SELECT ${COLUMNS}, content FROM drive_files WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const content = Buffer.isBuffer(row.content)
    ? row.content
    : Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength);
  return { file: toFile(row), content };
}

export async function deleteFile(tx: Queryable, id: string): Promise<boolean> {
  return deleteById(tx, 'drive_files', id);
}
