/** What the live stream writes: one notification as a client sees it, and one SSE frame. */
import type { NotificationItem } from '../../../src/shared/contracts/notifications.ts';
import type { StoredNotification } from './notification-repository.ts';

/** What a client receives for one notification (`notificationItemSchema`): without owner and cursor. */
export function publicNotification(item: StoredNotification): NotificationItem {
  return {
    _id: item._id,
    status: item.status,
    kind: item.kind,
    title: item.title,
    body: item.body,
    link: item.link,
    createdAt: item.createdAt,
    loadedAt: item.loadedAt,
  };
}

/** One SSE frame. `data` is JSON on one line, so no frame can be split by a newline in a title. */
export function sseFrame(event: string, data: unknown, id?: string): string {
  return `event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}
