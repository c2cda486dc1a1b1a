/**
 * The outbox's picture changes (issue 24 item 9): the user's avatar and the company's logo, changed or
 * removed without a connection. A new picture waits as an upload entry (its file a Blob beside it, the
 * write's field filled with the uploaded file's id at replay); a removal as a plain write of null. Both
 * are told apart from other writes to the profile or the company by what they send: the picture's field
 * and nothing else but the version. Pure, so the outbox screen, the pictures and their tests share it.
 */
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';

export type PictureKind = 'avatar' | 'logo';

/** Where each picture is written: the outbox resource of the write and the body's field naming the file. */
export const PICTURE_WRITES: Record<PictureKind, { resource: string; field: string }> = {
  avatar: { resource: 'profile', field: 'avatarFileId' },
  logo: { resource: 'company', field: 'logoFileId' },
};

type PictureEntryFields = Pick<OutboxEntry, 'resource' | 'method' | 'body' | 'upload'>;

/** Which picture an entry changes, or null for any other write (a name change, a document's upload). */
export function pictureKindOf(entry: PictureEntryFields): PictureKind | null {
  if (entry.method !== 'PATCH') return null;
  for (const kind of Object.keys(PICTURE_WRITES) as PictureKind[]) {
    const { resource, field } = PICTURE_WRITES[kind];
    if (entry.resource !== resource) continue;
    if (entry.upload) return entry.upload.field === field ? kind : null;
    const keys = Object.keys(entry.body ?? {});
    // Only the picture (and the version): an entry that changes other fields too is the form's, not this.
    if (keys.includes(field) && keys.every((key) => key === field || key === 'version')) return kind;
  }
  return null;
}

/** A picture change waiting in the outbox, as the screens show it. */
export interface QueuedPictureChange {
  entryId: string;
  /** A removal (null sent), shown as no picture at all. */
  removed: boolean;
  /** The file waits on the device (`OutboxStore.readBlob(entryId)`), shown from there. */
  hasFile: boolean;
  /** For a change whose file is already uploaded (or a removal): the id the write will set. */
  fileId: string | null;
  status: OutboxEntry['status'];
  error: string | null;
}

/**
 * The picture the record will have once its waiting writes are sent: the last change of that picture among
 * `entries` (oldest first, as the outbox lists them), or null when none waits.
 */
export function latestPictureChange(
  entries: readonly Pick<
    OutboxEntry,
    'id' | 'resource' | 'method' | 'body' | 'upload' | 'recordId' | 'status' | 'error'
  >[],
  kind: PictureKind,
  recordId: string,
): QueuedPictureChange | null {
  const field = PICTURE_WRITES[kind].field;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.recordId !== recordId || pictureKindOf(entry) !== kind) continue;
    const value = entry.upload ? entry.upload.fileId : entry.body?.[field];
    return {
      entryId: entry.id,
      removed: !entry.upload && value === null,
      hasFile: Boolean(entry.upload),
      fileId: typeof value === 'string' ? value : null,
      status: entry.status,
      error: entry.error?.message ?? null,
    };
  }
  return null;
}

/**
 * The earlier changes of the same picture that `latest` makes pointless: the last one wins, so they are
 * taken out of the outbox rather than uploaded and sent only to be replaced (their files would take the
 * device's space for queued uploads meanwhile). Changes of the record's other fields stay.
 */
export function supersededPictureChanges<
  E extends Pick<OutboxEntry, 'id' | 'resource' | 'method' | 'body' | 'upload' | 'recordId' | 'userId' | 'companyId'>,
>(
  entries: readonly E[],
  latest: Pick<OutboxEntry, 'id' | 'resource' | 'method' | 'body' | 'upload' | 'recordId' | 'userId' | 'companyId'>,
): E[] {
  const kind = pictureKindOf(latest);
  if (!kind) return [];
  return entries.filter(
    (entry) =>
      entry.id < latest.id &&
      entry.recordId === latest.recordId &&
      entry.userId === latest.userId &&
      entry.companyId === latest.companyId &&
      pictureKindOf(entry) === kind,
  );
}
