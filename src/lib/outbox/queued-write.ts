/**
 * Every write of the resource kit goes through here (issue 12): sent at once when online; put in the outbox
 * when the browser is offline, when the call gets no answer, or when an earlier write to the same record is
 * still waiting (so the order per record holds). A queued write shows at once in the cached lists
 * (optimistic) and rejects with `QueuedWrite`, which the dialogs read as "saved on this device".
 */
import type { z } from 'zod';
import {
  newOutboxId,
  OUTBOX_SCHEMA_VERSION,
  OUTBOX_UPLOAD_SCHEMA_VERSION,
  recordKeyOf,
  waitsForParent,
  type OutboxEntry,
  type OutboxMethod,
  type OutboxParent,
} from '../../shared/outbox/outbox-entry';
import type { ServiceName } from '../../shared/services';
import { apiCall, NETWORK_ERROR_CODE } from '../api/api-client';
import { ApiError, isApiError } from '../api/api-error';
import { ERROR_CODES } from '../../shared/api-envelope';
import { newIdempotencyKey } from '../ui/idempotency-key';
import { showToast } from '../ui/toast-store';
import { currentIdentity, enqueue, enqueueWithFile, myOutboxEntries } from './outbox-client';
import { applyOptimistic, cachedRecord } from './optimistic';
import { recountOutbox } from './outbox-watch';
import { isQueuedWrite, QueuedWrite } from './queued-write-error';
import { outboxT } from './strings';

export { QueuedWrite, isQueuedWrite };

export interface WriteRequest {
  service: ServiceName;
  path: string;
  method: OutboxMethod;
  body?: Record<string, unknown>;
  resource: string;
  recordId: string | null;
  label: string;
  idempotencyKey?: string;
  /**
   * No "saved on this device" toast when queued: for writes the user does not make on purpose (marking
   * notifications read by opening them), which the screen shows at once by itself.
   */
  quiet?: boolean;
  /** The record this one belongs under (see `OutboxEntry.parent`): sent only once that record exists. */
  parent?: OutboxParent;
}

function entryOf(write: WriteRequest, identity: { userId: string; companyId: string }): OutboxEntry {
  const now = Date.now();
  const version = typeof write.body?.version === 'number' ? write.body.version : null;
  return {
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    id: newOutboxId(now),
    idempotencyKey: write.idempotencyKey ?? newIdempotencyKey(),
    companyId: identity.companyId,
    userId: identity.userId,
    service: write.service,
    path: write.path,
    method: write.method,
    body: write.body ?? null,
    resource: write.resource,
    recordId: write.recordId,
    version,
    label: write.label,
    createdAt: now,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: null,
    conflict: null,
    approvedAt: null,
    ...changedFieldsOf(write),
    ...(write.parent ? { parent: write.parent } : {}),
  };
}

/** An update's fields that differ from the record the device holds (see `OutboxEntry.changedFields`). */
function changedFieldsOf(write: WriteRequest): { changedFields?: string[] } {
  if (write.method !== 'PATCH' || !write.recordId || !write.body) return {};
  const before = cachedRecord(write.resource, write.recordId);
  if (!before) return {};
  // A form sends '' for an empty field that the record holds as null or leaves out.
  const plain = (value: unknown) => JSON.stringify(value === '' || value === undefined ? null : value);
  const same = (a: unknown, b: unknown) => plain(a) === plain(b);
  return {
    changedFields: Object.keys(write.body).filter(
      (field) => field !== 'version' && !same(write.body?.[field], before[field]),
    ),
  };
}

async function queue(entry: OutboxEntry, quiet = false): Promise<never> {
  await enqueue(entry);
  applyOptimistic(entry);
  // The nav bar's indicator (and the sign-out warning) learn of it from the count.
  void recountOutbox().catch(() => undefined);
  if (!quiet) showToast({ id: 'outbox-queued', status: 'info', title: outboxT('queued') });
  throw new QueuedWrite(entry);
}

/** Sends a write, or keeps it in the outbox (see the module comment); the answer is parsed with `schema`. */
export async function sendWrite<S extends z.ZodType>(write: WriteRequest, schema: S): Promise<z.output<S>> {
  const identity = currentIdentity();
  // Signed out (no access cookie): nothing to queue for; the call fails the usual way.
  if (!identity) return send(write, schema);
  const entry = entryOf(write, identity);
  if (navigator.onLine === false) return queue(entry, write.quiet);
  const waiting = await myOutboxEntries().catch(() => []);
  const key = recordKeyOf(entry);
  if (write.recordId && waiting.some((other) => recordKeyOf(other) === key || other.id === write.recordId)) {
    return queue(entry, write.quiet);
  }
  if (waitsForParent(entry, waiting)) return queue(entry, write.quiet);
  try {
    return await send({ ...write, idempotencyKey: entry.idempotencyKey }, schema);
  } catch (error) {
    // No answer: the write may or may not have landed; the same key makes a replay land it once.
    if (isApiError(error) && error.status === 0 && error.code === NETWORK_ERROR_CODE) return queue(entry, write.quiet);
    throw error;
  }
}

/** A file a write names by its driveserver id once uploaded (`sendWriteWithFile`). */
export interface WriteFile {
  blob: Blob;
  fileName: string;
  /** The body's field that takes the uploaded file's id. */
  field: string;
}

/**
 * A write that names a file it needs uploaded first (a shipment's photo): online, the file is uploaded and
 * the write sent with its id (kept in the outbox like any write when the write gets no answer). Offline, or
 * when the upload gets no answer, the file and the write wait in the outbox together, the file as a Blob
 * in IndexedDB, and the replay uploads it then sends the write (rejects with `QueuedWrite`). A file the
 * device has no room for rejects with `UploadQueueFull`.
 */
export async function sendWriteWithFile<S extends z.ZodType>(
  write: WriteRequest,
  file: WriteFile,
  schema: S,
): Promise<z.output<S>> {
  const { MAX_UPLOAD_BYTES, uploadFile } = await import('../drive/upload-file');
  // driveserver's limit, before the file is kept for later too (a replay could only fail on it).
  if (file.blob.size > MAX_UPLOAD_BYTES)
    throw new ApiError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, 'A file can be at most 10 MB.');
  const identity = currentIdentity();
  const queueWithFile = async (): Promise<never> => {
    if (!identity) throw new Error('Signed out: nothing can be kept for later.');
    const entry: OutboxEntry = {
      ...entryOf(write, identity),
      schemaVersion: OUTBOX_UPLOAD_SCHEMA_VERSION,
      upload: {
        fileName: file.fileName,
        contentType: file.blob.type,
        size: file.blob.size,
        field: file.field,
        fileId: null,
      },
    };
    await enqueueWithFile(entry, file.blob);
    void recountOutbox().catch(() => undefined);
    if (!write.quiet) showToast({ id: 'outbox-queued', status: 'info', title: outboxT('queued') });
    throw new QueuedWrite(entry);
  };
  if (identity && navigator.onLine === false) return queueWithFile();
  let fileId: string;
  try {
    const named = new File([file.blob], file.fileName, { type: file.blob.type });
    fileId = (await uploadFile(named))._id;
  } catch (error) {
    if (isApiError(error) && error.status === 0) return queueWithFile();
    throw error;
  }
  return sendWrite({ ...write, body: { ...write.body, [file.field]: fileId } }, schema);
}

function send<S extends z.ZodType>(write: WriteRequest, schema: S): Promise<z.output<S>> {
  return apiCall(write.service, write.path, schema, {
    method: write.method,
    ...(write.body ? { body: JSON.stringify(write.body) } : {}),
    headers: { 'Idempotency-Key': write.idempotencyKey ?? newIdempotencyKey() },
  });
}
