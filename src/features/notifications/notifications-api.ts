import { apiFetch } from '../../lib/api/api-client';
import type { NotificationItem } from '../../lib/live/notification-item';

/** The query key of every notifications list; the live feed invalidates it. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** How many notifications the dialog lists. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationList {
  data: NotificationItem[];
  meta: { total: number; page: number; limit: number; unread: number };
}

/** `GET /notifications`: newest first, with the unread count. */
export function getNotifications(limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationList> {
  return apiFetch<NotificationList>('iamserver', `/notifications?limit=${limit}`);
}

export function notificationsQueryOptions() {
  return {
    queryKey: [...NOTIFICATIONS_KEY, 'list'] as const,
    queryFn: () => getNotifications(),
    staleTime: 0,
  };
}

/** `POST /notifications/mark-loaded`: those of `ids`, or all; answers the new unread count. */
export async function markNotificationsLoaded(ids?: string[]): Promise<{ updated: number; unread: number }> {
  const result = await apiFetch<{ data: { updated: number; unread: number } }>(
    'iamserver',
    '/notifications/mark-loaded',
    { method: 'POST', body: JSON.stringify(ids ? { ids } : {}) },
  );
  return result.data;
}

export interface SendNotificationInput {
  title: string;
  body: string;
  link?: string;
  userIds?: string[];
}

/** `POST /notifications` (admins): to the users of `userIds`, or every user of the company but the sender. */
export async function sendNotification(
  input: SendNotificationInput,
  idempotencyKey: string,
): Promise<{ count: number }> {
  const result = await apiFetch<{ data: { count: number } }>('iamserver', '/notifications', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
  return result.data;
}
