/**
 * SQL of the mail dialog (`POST /send`): the files a message attaches (copied into
 * `mail_outbox_attachments` when the message is queued), the attachments the delivery worker sends, and
 * the caller's colleagues among the recipients (for their notifications).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

export interface AttachableFile {
  id: string;
  size: number;
}

/** The files among `ids` that the transaction's company owns (row-level security hides the others). */
export async function findAttachableFiles(tx: Queryable, ids: readonly string[]): Promise<AttachableFile[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: string; size_bytes: number }>(
    'SELECT id, size_bytes FROM drive_files WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return rows.map((r) => ({ id: r.id, size: Number(r.size_bytes) }));
}

/** Copies the files, in the order given, onto the queued message (the bytes never leave the database). */
export async function attachFilesToMail(
  tx: Queryable,
  mail: { outboxId: string; companyId: string },
  fileIds: readonly string[],
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const { affectedRows } = await tx.query(
    `INSERT INTO mail_outbox_attachments
       (outbox_id, position, company_id, file_id, file_name, content_type, size_bytes, sha256, content)
     SELECT $1, chosen.position, f.company_id, f.id, f.file_name, f.content_type, f.size_bytes, f.sha256, f.content
       FROM unnest($3::uuid[]) WITH ORDINALITY AS chosen(file_id, position)
       JOIN drive_files f ON f.id = chosen.file_id AND f.company_id = $2`,
    [mail.outboxId, mail.companyId, fileIds],
  );
  return affectedRows;
}

/**
 * Puts a document the product made (an arrival notice's PDF) on a queued message, after the files it already
 * carries. It was never a drive file: its `file_id` is an id of its own, which no drive file has, so deleting a
 * drive file never finds it in use.
 */
export async function attachGeneratedFile(
  tx: Queryable,
  mail: { outboxId: string; companyId: string },
  file: { fileName: string; contentType: string; content: Buffer },
): Promise<void> {
  await tx.query(
    `INSERT INTO mail_outbox_attachments
       (outbox_id, position, company_id, file_id, file_name, content_type, size_bytes, sha256, content)
     SELECT $1, COALESCE(MAX(position), 0) + 1, $2, $3, $4, $5, $6, $7, $8
       FROM mail_outbox_attachments WHERE outbox_id = $1`,
    [
      mail.outboxId,
      mail.companyId,
      randomUUID(),
      file.fileName,
      file.contentType,
      file.content.byteLength,
      createHash('sha256').update(file.content).digest('hex'),
      file.content,
    ],
  );
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const toBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A queued message's attachments, in order (system role: the delivery worker). */
export async function loadMailAttachments(tx: Queryable, outboxId: string): Promise<MailAttachment[]> {
  const { rows } = await tx.query<{ file_name: string; content_type: string; content: Uint8Array }>(
    `SELECT file_name, content_type, content FROM mail_outbox_attachments WHERE outbox_id = $1 ORDER BY position`,
    [outboxId],
  );
  return rows.map((r) => ({ fileName: r.file_name, contentType: r.content_type, content: toBuffer(r.content) }));
}

/** Records, beside a local-mailbox delivery, which attachments it carried (a repeat records nothing). */
export async function recordLocalMailAttachments(tx: Queryable, outboxId: string): Promise<void> {
  await tx.query(
    `INSERT INTO local_mailbox_attachments (outbox_id, position, file_name, content_type, size_bytes, sha256)
     SELECT outbox_id, position, file_name, content_type, size_bytes, sha256
       FROM mail_outbox_attachments WHERE outbox_id = $1
     ON CONFLICT (outbox_id, position) DO NOTHING`,
    [outboxId],
  );
}

export interface LocalMailAttachment {
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** The attachments the local mailbox received with one message (system role). */
export async function listLocalMailAttachments(tx: Queryable, outboxId: string): Promise<LocalMailAttachment[]> {
  const { rows } = await tx.query<{ file_name: string; content_type: string; size_bytes: number; sha256: string }>(
    `SELECT file_name, content_type, size_bytes, sha256 FROM local_mailbox_attachments
      WHERE outbox_id = $1 ORDER BY position`,
    [outboxId],
  );
  return rows.map((r) => ({
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size_bytes),
    sha256: r.sha256,
  }));
}

/** The enabled users of the transaction's company with one of `emails`, other than `exceptUserId`. */
export async function findColleaguesByEmail(
  tx: Queryable,
  emails: readonly string[],
  exceptUserId: string,
): Promise<string[]> {
  if (emails.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM users WHERE lower(email) = ANY($1::text[]) AND NOT disabled AND id <> $2 ORDER BY id`,
    [emails.map((e) => e.toLowerCase()), exceptUserId],
  );
  return rows.map((r) => r.id);
}

/** How the sender is named in notifications: the user's name, else the address. */
export async function findSenderName(tx: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [
    userId,
  ]);
  const row = rows[0];
  return row ? row.name.trim() || row.email : undefined;
}
