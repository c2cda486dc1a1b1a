/**
 * What travels on the PostgreSQL channel `notifications` between the service instances, and how SSE event
 * ids (feed cursors) are written. The payload stays small (ids only, far below NOTIFY's 8000-byte limit):
 * each instance reads the row itself, inside the tenant, before sending it to a stream.
 */
import type { FeedCursor } from './notification-repository.ts';

export const NOTIFICATIONS_CHANNEL = 'notifications';

export type ChannelMessage =
  /** A notification was stored for the user. */
  | { type: 'created'; companyId: string; userId: string; id: string }
  /** Some of the user's notifications changed to `loaded`: the unread count changed. */
  | { type: 'loaded'; companyId: string; userId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeChannelMessage(message: ChannelMessage): string {
  return JSON.stringify(message);
}

/** The message, or undefined for anything malformed (another writer on the channel must not crash us). */
export function parseChannelMessage(payload: string): ChannelMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const m = value as Record<string, unknown>;
  if (typeof m.companyId !== 'string' || !UUID.test(m.companyId)) return undefined;
  if (typeof m.userId !== 'string' || !UUID.test(m.userId)) return undefined;
  if (m.type === 'created' && typeof m.id === 'string' && UUID.test(m.id)) {
    return { type: 'created', companyId: m.companyId, userId: m.userId, id: m.id };
  }
  if (m.type === 'loaded') return { type: 'loaded', companyId: m.companyId, userId: m.userId };
  return undefined;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/i;

/** `2026-05-01T09:30:00.123456Z_<uuid>` → its parts; undefined when it is not a cursor we wrote. */
export function parseFeedCursor(value: string | undefined): FeedCursor | undefined {
  if (!value) return undefined;
  const match = CURSOR.exec(value.trim());
  if (!match || !UUID.test(match[2]!)) return undefined;
  if (Number.isNaN(Date.parse(match[1]!))) return undefined;
  return { at: match[1]!, id: match[2]!.toLowerCase() };
}
