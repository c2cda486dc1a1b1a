import { apiCall, apiList } from '../../lib/api/api-client';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { sendWrite } from '../../lib/outbox/write';
import { queryClient } from '../../lib/query-client';
import {
  markLoadedAnswerSchema,
  notificationItemSchema,
  notificationListMetaSchema,
  sendNotificationAnswerSchema,
  type NotificationItem,
  type NotificationListMeta,
  type SendNotificationInput,
} from '../../shared/contracts/notifications';
import { notificationsT } from './strings';

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

/**
 * `POST /notifications/mark-loaded`: those of `ids`, or all; answers the new unread count. Through the
 * outbox (issue 24): offline, the cached list shows them read at once, the count follows from it, and the
 * marks reach the server when the connection is back (marking twice is harmless).
 */
export async function markNotificationsLoaded(ids?: string[]): Promise<{ updated: number; unread: number }> {
  try {
    return await sendWrite(
      {
        service: 'iamserver',
        path: '/notifications/mark-loaded',
        method: 'POST',
        body: ids ? { ids } : {},
        resource: NOTIFICATIONS_KEY[0],
        // Not a new record: the marks share one key, so they are sent in the order they were made.
        recordId: 'read-marks',
        label: notificationsT('outboxLabel'),
        quiet: true,
      },
      markLoadedAnswerSchema,
    );
  } catch (error) {
    if (!isQueuedWrite(error)) throw error;
    return markCachedLoaded(ids);
  }
}

/** Marks the cached lists' notifications read (those of `ids`, or all) and counts what stays unread. */
function markCachedLoaded(ids?: string[]): { updated: number; unread: number } {
  const chosen = ids ? new Set(ids) : null;
  let updated = 0;
  let unread = 0;
  for (const [key, data] of queryClient.getQueriesData<NotificationList>({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
  })) {
    if (!data) continue;
    let marked = 0;
    const items = data.items.map((item) => {
      if (item.status !== 'new' || (chosen && !chosen.has(item._id))) return item;
      marked += 1;
      return { ...item, status: 'loaded' as const };
    });
    updated = Math.max(updated, marked);
    // "All" also covers those beyond the listed page.
    unread = chosen ? Math.max(0, data.meta.unread - marked) : 0;
    queryClient.setQueryData<NotificationList>(key, { items, meta: { ...data.meta, unread } });
  }
  return { updated, unread };
}

/** `POST /notifications` (admins): to the users of `userIds`, or every user of the company but the sender. */
export function sendNotification(input: SendNotificationInput, idempotencyKey: string): Promise<{ count: number }> {
  return apiCall('iamserver', '/notifications', sendNotificationAnswerSchema, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
}
