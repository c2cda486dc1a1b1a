/**
 * The one way a screen writes (issue 12): sent at once when online, else kept in the outbox, shown at once
 * and sent later (rejects with `QueuedWrite`, see queued-write.ts). The outbox's code loads on the first
 * write, so screens that only read carry none of it.
 */
import type { z } from 'zod';
import type { WriteFile, WriteRequest } from './queued-write';

export type { WriteFile, WriteRequest } from './queued-write';

export async function sendWrite<S extends z.ZodType>(write: WriteRequest, schema: S): Promise<z.output<S>> {
  const queued = await import('./queued-write');
  return queued.sendWrite(write, schema);
}

/** A write that needs a file uploaded first (see queued-write.ts): the outbox's code loads with the first. */
export async function sendWriteWithFile<S extends z.ZodType>(
  write: WriteRequest,
  file: WriteFile,
  schema: S,
): Promise<z.output<S>> {
  const queued = await import('./queued-write');
  return queued.sendWriteWithFile(write, file, schema);
}
