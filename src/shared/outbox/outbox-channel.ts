/**
 * How the outbox's replayer (the service worker, or one tab) and the pages talk: a BroadcastChannel for
 * outcomes, a message that asks the worker to replay, and the Web Lock that makes one replay run at a time
 * across the worker and every tab.
 */
import type { OutboxNotice } from './replay';

export const OUTBOX_CHANNEL = 'freight-desk:outbox';
export const OUTBOX_REPLAY_LOCK = 'freight-desk:outbox-replay';
/** Tag of the Background Sync registration that replays where the browser has it. */
export const OUTBOX_SYNC_TAG = 'freight-desk-outbox';
const SOURCE = 'freight-desk-outbox';

export interface OutboxEnvelope {
  source: typeof SOURCE;
  notice: OutboxNotice;
}

export function wrapOutboxNotice(notice: OutboxNotice): OutboxEnvelope {
  return { source: SOURCE, notice };
}

export function unwrapOutboxNotice(data: unknown): OutboxNotice | null {
  if (typeof data !== 'object' || data === null) return null;
  const envelope = data as Partial<OutboxEnvelope>;
  return envelope.source === SOURCE && typeof envelope.notice === 'object' && envelope.notice !== null
    ? envelope.notice
    : null;
}

/** The page → worker request to replay now. */
export const OUTBOX_REPLAY_REQUEST = { type: 'outbox-replay' } as const;

export function isOutboxReplayRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'outbox-replay';
}
