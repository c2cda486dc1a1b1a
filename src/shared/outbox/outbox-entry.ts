/**
 * One write the user made that has not reached its service yet (issue 12, "the outbox"). The page puts it
 * in IndexedDB when the write is made offline or fails on the network; the service worker (or, without
 * one, one tab) replays it. An entry outlives the build that wrote it: `schemaVersion` says which shape it
 * has, and `upgradeOutboxEntry` reads every earlier shape, so a new build still replays an old build's
 * entries.
 */
import { isServiceName, type ServiceName } from '../services';

/** The shape written by this build; bump it and teach `upgradeOutboxEntry` the old one when it changes. */
export const OUTBOX_SCHEMA_VERSION = 1;
/**
 * The shape of an entry that carries a file (`upload`): version 1 plus the upload. A build that knows only
 * version 1 leaves such an entry alone instead of sending its write without the file.
 */
export const OUTBOX_UPLOAD_SCHEMA_VERSION = 2;

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `pending`: waiting to be sent (again); `failed`: refused with a 4xx; `conflict`: 409 VERSION_CONFLICT. */
export type OutboxStatus = 'pending' | 'failed' | 'conflict';

export interface OutboxError {
  status: number;
  code: string;
  message: string;
}

export interface OutboxConflict {
  /** The stored version the server answered with. */
  version: number;
  /** The stored record at the time of the conflict ("theirs"), when it could be read. */
  theirs: Record<string, unknown> | null;
  updatedBy: string | null;
}

/**
 * A file the write needs (issue 25, the first queued upload): its bytes wait in the outbox store as a Blob
 * (`OutboxStore.putBlob`, under the entry's id); the replay uploads them to driveserver first, with a key
 * of their own made from the entry's, puts the new file's id into the body at `field`, then sends the write.
 */
export interface OutboxUpload {
  fileName: string;
  contentType: string;
  /** Bytes: what the upload takes of the device's space for queued files (upload-quota.ts). */
  size: number;
  /** The body's field that names the uploaded file (`fileId`). */
  field: string;
  /** The uploaded file's id, once the upload landed: a later attempt sends the write without uploading again. */
  fileId: string | null;
}

/** The Idempotency-Key of an entry's upload: its own, since the write's key already stands for the write. */
export const uploadKeyOf = (entry: Pick<OutboxEntry, 'idempotencyKey'>): string => `${entry.idempotencyKey}:upload`;

export interface OutboxEntry {
  schemaVersion: number;
  /** Sorts in the order the user acted (time, then a counter), so replay keeps that order. */
  id: string;
  /** Made when the user acted; the same key on every attempt makes the write land once. */
  idempotencyKey: string;
  companyId: string;
  userId: string;
  service: ServiceName;
  /** Path under the service's API base, e.g. `/contacts/42`. */
  path: string;
  method: OutboxMethod;
  body: Record<string, unknown> | null;
  /** Query-key root of the resource, so pages refresh what the write changed. */
  resource: string;
  /** The record written; null for a create (its entries are keyed by the entry id until it lands). */
  recordId: string | null;
  /** The `version` the user edited, for updates and deletes. */
  version: number | null;
  /** What the user sees for it ("Contact · Acme Ltd"). */
  label: string;
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  /** Not sent again before this time (back-off after a 5xx or a network failure). */
  nextAttemptAt: number;
  error: OutboxError | null;
  conflict: OutboxConflict | null;
  /**
   * When the user chose to send it (send now, retry, keep mine, send anyway): from then on it is sent
   * whatever its age (outbox-age.ts). Entries of earlier builds have none and read as not approved.
   */
  approvedAt: number | null;
  /**
   * For an update: the fields of `body` that differ from the record as the device had it when the user
   * saved, so the outbox can say what will change ("city → Rotterdam"). Absent on entries of earlier
   * builds and when the record was not on the device: then every field of the body is shown.
   */
  changedFields?: string[];
  /**
   * The record this write belongs under (a charge's shipment, `{ resource: 'shipments', recordId }`): while
   * a create of that record still waits in the outbox, this write is not sent (it would meet a 404), and a
   * queued create shows only in that record's lists (`[resource, 'list', parent.recordId, …]`). Absent on
   * writes of records that stand alone and on entries of earlier builds.
   */
  parent?: OutboxParent;
  /** A file to upload before the write is sent (schema version 2). */
  upload?: OutboxUpload;
}

/** See `OutboxEntry.parent`. */
export interface OutboxParent {
  resource: string;
  recordId: string;
}

let counter = 0;

/** An id that sorts by creation: 11 base-36 digits of time, 4 of a counter, 6 random. */
export function newOutboxId(now: number): string {
  counter = (counter + 1) % 36 ** 4;
  const random = Math.floor(Math.random() * 36 ** 6);
  return `${now.toString(36).padStart(11, '0')}-${counter.toString(36).padStart(4, '0')}-${random
    .toString(36)
    .padStart(6, '0')}`;
}

/** The key writes to one record share: their order is kept among themselves. */
export function recordKeyOf(entry: Pick<OutboxEntry, 'resource' | 'recordId' | 'id'>): string {
  return `${entry.resource}:${entry.recordId ?? entry.id}`;
}

/**
 * A create: no record id yet (the server makes it), or a `POST` whose body carries the id the client made
 * for the record (`_id`), which the record keeps when it lands.
 */
export function isCreateEntry(entry: Pick<OutboxEntry, 'recordId' | 'method' | 'body'>): boolean {
  return entry.recordId === null || (entry.method === 'POST' && entry.body?._id === entry.recordId);
}

/**
 * Whether `entry` must wait for its parent: a create of the parent record made before it is still in the
 * outbox (waiting, failed or in conflict), among `others`.
 */
export function waitsForParent(
  entry: Pick<OutboxEntry, 'parent' | 'id'>,
  others: readonly Pick<OutboxEntry, 'resource' | 'recordId' | 'id' | 'method' | 'body'>[],
): boolean {
  const parent = entry.parent;
  if (!parent) return false;
  const key = `${parent.resource}:${parent.recordId}`;
  return others.some((other) => other.id < entry.id && recordKeyOf(other) === key && isCreateEntry(other));
}

const METHODS = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);
const STATUSES = new Set<string>(['pending', 'failed', 'conflict']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Reads a stored entry of any schema version this build knows; null for anything else (kept out of the
 * replay rather than sent half-understood).
 */
export function upgradeOutboxEntry(raw: unknown): OutboxEntry | null {
  if (!isObject(raw)) return null;
  const version = raw.schemaVersion;
  if (version !== OUTBOX_SCHEMA_VERSION && version !== OUTBOX_UPLOAD_SCHEMA_VERSION) return null;
  const upload = version === OUTBOX_UPLOAD_SCHEMA_VERSION ? readUpload(raw.upload) : undefined;
  if (upload === null) return null;
  const ok =
    str(raw.id) &&
    str(raw.idempotencyKey) &&
    str(raw.companyId) &&
    str(raw.userId) &&
    typeof raw.service === 'string' &&
    isServiceName(raw.service) &&
    str(raw.path) &&
    raw.path.startsWith('/') &&
    typeof raw.method === 'string' &&
    METHODS.has(raw.method) &&
    (raw.body === null || isObject(raw.body)) &&
    str(raw.resource) &&
    (raw.recordId === null || str(raw.recordId)) &&
    (raw.version === null || num(raw.version)) &&
    typeof raw.label === 'string' &&
    num(raw.createdAt) &&
    typeof raw.status === 'string' &&
    STATUSES.has(raw.status) &&
    num(raw.attempts) &&
    num(raw.nextAttemptAt);
  if (!ok) return null;
  return {
    ...(raw as unknown as OutboxEntry),
    ...(upload ? { upload } : {}),
    error: isObject(raw.error) ? (raw.error as unknown as OutboxError) : null,
    conflict: isObject(raw.conflict) ? (raw.conflict as unknown as OutboxConflict) : null,
    approvedAt: num(raw.approvedAt) ? raw.approvedAt : null,
    parent:
      isObject(raw.parent) && str(raw.parent.resource) && str(raw.parent.recordId)
        ? { resource: raw.parent.resource, recordId: raw.parent.recordId }
        : undefined,
  };
}

function readUpload(raw: unknown): OutboxUpload | null {
  if (!isObject(raw)) return null;
  const ok =
    str(raw.fileName) &&
    typeof raw.contentType === 'string' &&
    num(raw.size) &&
    raw.size >= 0 &&
    str(raw.field) &&
    (raw.fileId === null || str(raw.fileId));
  return ok ? (raw as unknown as OutboxUpload) : null;
}
