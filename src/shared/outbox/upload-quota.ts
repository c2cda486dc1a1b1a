/**
 * How much of the device the outbox's queued files may take (issue 25): a photo taken on the quay without a
 * connection waits in IndexedDB until it is uploaded, and the browser grants an origin only so much space
 * (and may evict all of it when the device runs short). The files waiting may take at most 200 MB, and at
 * most half of the space the browser still grants (`navigator.storage.estimate()`), whichever is smaller;
 * a file beyond that is refused when it is added, with a message that says so, rather than lost later.
 */
import type { OutboxEntry } from './outbox-entry';

/** The most the queued files may take, whatever the browser grants. */
export const MAX_QUEUED_UPLOAD_BYTES = 200 * 1024 * 1024;

/** The share of the space still free for the origin that queued files may take. */
export const QUEUED_UPLOAD_SHARE_OF_FREE = 0.5;

/** What `navigator.storage.estimate()` answers (either may be missing). */
export interface StorageEstimateLike {
  quota?: number | undefined;
  usage?: number | undefined;
}

/** The bytes the files of these entries take until each entry is sent (every user's: it is the device's space). */
export function queuedUploadBytes(entries: readonly Pick<OutboxEntry, 'upload'>[]): number {
  return entries.reduce((sum, entry) => sum + (entry.upload?.size ?? 0), 0);
}

/**
 * The most the queued files may take in all, given what they take now and the browser's estimate: 200 MB,
 * or less when half of the space still free (plus what is queued already) is less.
 */
export function queuedUploadLimit(queued: number, estimate: StorageEstimateLike | null | undefined): number {
  const quota = estimate?.quota;
  if (typeof quota !== 'number' || !Number.isFinite(quota) || quota <= 0) return MAX_QUEUED_UPLOAD_BYTES;
  const free = Math.max(0, quota - (estimate?.usage ?? 0));
  return Math.min(MAX_QUEUED_UPLOAD_BYTES, queued + Math.floor(free * QUEUED_UPLOAD_SHARE_OF_FREE));
}

export interface QueuedUploadSpace {
  /** Bytes the queued files take. */
  used: number;
  /** Bytes they may take in all. */
  limit: number;
}

/** Whether a file of `size` bytes may join the queue: it must fit in what is left under the limit. */
export function fitsInUploadQueue(space: QueuedUploadSpace, size: number): boolean {
  return space.used + size <= space.limit;
}
