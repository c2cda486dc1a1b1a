/** The rejection of a write kept in the outbox (queued-write.ts); small, for the forms that tell it apart. */
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';

/** Thrown (rejected) when a write was kept in the outbox instead of sent: not an error for the user. */
export class QueuedWrite extends Error {
  constructor(readonly entry: OutboxEntry) {
    super('Saved on this device; it will be sent when the connection is back.');
    this.name = 'QueuedWrite';
  }
}

export function isQueuedWrite(error: unknown): error is QueuedWrite {
  return error instanceof QueuedWrite;
}
