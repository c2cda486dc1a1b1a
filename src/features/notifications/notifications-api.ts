import { apiCall, apiList } from '../../lib/api/api-client';
import {
  markLoadedAnswerSchema,
  notificationItemSchema,
  notificationListMetaSchema,
  sendNotificationAnswerSchema,
  type NotificationItem,
  type NotificationListMeta,
  type SendNotificationInput,
} from '../../shared/contracts/notifications';

export type { SendNotificationInput } from '../../shared/contracts/notifications';

/** The query key of every notifications list; the live feed invalidates it. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** How many notifications the dialog lists. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationList {
  items: NotificationItem[];
  meta: NotificationListMeta;
}

/** `GET /notifications`: newest first, with the unread count. */
export function getNotifications(limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationList> {
  return apiList('iamserver', `/notifications?limit=${limit}`, notificationItemSchema, {
    meta: notificationListMetaSchema,
  });
}

export function notificationsQueryOptions() {
  return {
    queryKey: [...NOTIFICATIONS_KEY, 'list'] as const,
    queryFn: () => getNotifications(),
    staleTime: 0,
  };
}

/** `POST /notifications/mark-loaded`: those of `ids`, or all; answers the new unread count. */
export function markNotificationsLoaded(ids?: string[]): Promise<{ updated: number; unread: number }> {
  return apiCall('iamserver', '/notifications/mark-loaded', markLoadedAnswerSchema, {
    method: 'POST',
    body: JSON.stringify(ids ? { ids } : {}),
  });
}

/** `POST /notifications` (admins): to the users of `userIds`, or every user of the company but the sender. */
export function sendNotification(input: SendNotificationInput, idempotencyKey: string): Promise<{ count: number }> {
  return apiCall('iamserver', '/notifications', sendNotificationAnswerSchema, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
}
