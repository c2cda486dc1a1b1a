/**
 * A driveserver file belongs to the records that hold it: an issue's attachment, the company's logo, a
 * user's avatar, a queued message's attachment, a shipment's document. Whoever may read one of those
 * records may read the file; only whoever may change every one of them may delete it, and even then not
 * while one still uses it.
 * driveserver asks here on every read and delete, and every place that attaches a file asks here first,
 * so a file cannot be read by attaching it to a record of one's own. A new kind of attachment is one
 * entry here and one in `FILE_HOLDER_QUERIES` (a test fails while a column that refers to `drive_files`
 * has none).
 *
 * A file no record holds yet (just uploaded) is governed by the `files` permission alone.
 */
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';
import { can } from '../../src/shared/permissions.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, forbidden } from '../http/api-error.ts';
import type { AuthContext } from '../http/auth-context.ts';
import { findFileHolderRecords, type FileHolderEntity, type FileHolderRecord } from './file-holder-repository.ts';

interface FileHolderRule {
  /** How a message names the record ("the issue …"). */
  label: string;
  canRead(auth: AuthContext, holder: FileHolderRecord): boolean;
  canChange(auth: AuthContext, holder: FileHolderRecord): boolean;
  /** The record keeps its own copy of the bytes, so deleting the file takes nothing from it. */
  keepsCopy?: boolean;
}

const FILE_HOLDER_RULES: Record<FileHolderEntity, FileHolderRule> = {
  // A screenshot can show what only administrators see: it is as private as the issue list.
  issue: {
    label: 'issue',
    canRead: (auth) => can(auth.permissions, 'issues', 'read'),
    canChange: (auth) => can(auth.permissions, 'issues', 'update'),
  },
  // The logo is shown to everyone signed in to the company (`GET /companies/{id}/logo`).
  company: {
    label: 'company logo of',
    canRead: () => true,
    canChange: (auth) => can(auth.permissions, 'company', 'update'),
  },
  // Avatars are shown to everyone signed in to the company; the user and those who manage users change them.
  user: {
    label: 'avatar of',
    canRead: () => true,
    canChange: (auth, holder) => holder.id === auth.userId || can(auth.permissions, 'users', 'update'),
  },
  mail: {
    label: 'message',
    canRead: (auth) => can(auth.permissions, 'mail', 'read'),
    canChange: (auth) => can(auth.permissions, 'mail', 'create'),
    keepsCopy: true,
  },
  // A shipment's documents are read with the shipment (`shipments.read`) and go with a change to it.
  shipment: {
    label: 'shipment',
    canRead: (auth) => can(auth.permissions, 'shipments', 'read'),
    canChange: (auth) => can(auth.permissions, 'shipments', 'update'),
  },
};

export type FileAccess = { kind: 'unheld' } | { kind: 'hidden' } | { kind: 'readable'; holders: FileHolderRecord[] };

/** Whether the caller may read the file through a record holding it (`unheld`: no record holds it). */
export async function fileAccess(tx: Queryable, auth: AuthContext, fileId: string): Promise<FileAccess> {
  const holders = await findFileHolderRecords(tx, fileId);
  if (holders.length === 0) return { kind: 'unheld' };
  const readable = holders.some((h) => FILE_HOLDER_RULES[h.entity].canRead(auth, h));
  return readable ? { kind: 'readable', holders } : { kind: 'hidden' };
}

/**
 * Before a delete of a file the caller may read: 403 unless they may change every record holding it,
 * then 409 RESOURCE_IN_USE naming the first record that still uses it.
 */
export function assertFileDeletable(auth: AuthContext, holders: readonly FileHolderRecord[]): void {
  if (holders.some((h) => !FILE_HOLDER_RULES[h.entity].canChange(auth, h))) {
    throw forbidden('You may not change the record this file belongs to');
  }
  const user = holders.find((h) => !FILE_HOLDER_RULES[h.entity].keepsCopy);
  if (user) {
    const { label } = FILE_HOLDER_RULES[user.entity];
    throw new ApiError(409, ERROR_CODES.RESOURCE_IN_USE, `The file is in use: it is the ${label} “${user.name}”`, {
      details: [{ path: `${user.entity}/${user.id}`, message: `in use by the ${label} “${user.name}”` }],
    });
  }
}

/**
 * Before a record takes a file: the caller must be able to read it already, so that attaching it to a
 * record of their own (their avatar, a message) is no way round its holders' rules. `false`: act as if
 * the file did not exist.
 */
export async function mayAttachFile(tx: Queryable, auth: AuthContext, fileId: string): Promise<boolean> {
  return (await fileAccess(tx, auth, fileId)).kind !== 'hidden';
}
