/**
 * The outbox's age rule (issue 21): a write is sent on its own only while its Idempotency-Key is sure to be
 * remembered by the services. Past `OUTBOX_SEND_UNASKED_MS` an earlier attempt's stored key may be gone, so
 * sending it blind could apply it twice: it waits for the user to send it anyway or discard it.
 */
import { OUTBOX_SEND_UNASKED_MS } from '../idempotency-window';
import type { OutboxEntry } from './outbox-entry';

/** True when a waiting entry is too old to be sent without the user's word and has not had it. */
export function awaitsUserBeforeSending(
  entry: Pick<OutboxEntry, 'status' | 'createdAt' | 'approvedAt'>,
  now: number,
): boolean {
  return entry.status === 'pending' && entry.approvedAt == null && now - entry.createdAt > OUTBOX_SEND_UNASKED_MS;
}
