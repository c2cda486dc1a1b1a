/** The refusal of a file the outbox has no room for (upload-quota.ts); small, for the screens that say so. */
import type { QueuedUploadSpace } from '../../shared/outbox/upload-quota';

/** Thrown when a file would make the files waiting on this device take more than they may. */
export class UploadQueueFull extends Error {
  constructor(
    readonly space: QueuedUploadSpace,
    readonly size: number,
  ) {
    super('The files waiting to be sent already take the space this device allows them.');
    this.name = 'UploadQueueFull';
  }
}

export function isUploadQueueFull(error: unknown): error is UploadQueueFull {
  return error instanceof UploadQueueFull;
}
