/**
 * The refusal of a file the outbox has no room for (upload-quota.ts). A screen tells it apart by its name
 * (`UPLOAD_QUEUE_FULL`, and `import type` for its fields), so it carries none of the outbox's code.
 */
import type { QueuedUploadSpace } from '../../shared/outbox/upload-quota';

export const UPLOAD_QUEUE_FULL = 'UploadQueueFull';

/** Thrown when a file would make the files waiting on this device take more than they may. */
export class UploadQueueFull extends Error {
  constructor(
    readonly space: QueuedUploadSpace,
    readonly size: number,
  ) {
    super('The files waiting to be sent already take the space this device allows them.');
    this.name = UPLOAD_QUEUE_FULL;
  }
}
