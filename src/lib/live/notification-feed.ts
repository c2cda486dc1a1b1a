/**
 * The live feed of the signed-in user's notifications (docs/api.md section 8), behind one interface:
 * `createNotificationFeed(owner).subscribe({ onSnapshot, onNotification, onCount })` → unsubscribe.
 *
 * - Default: the product's own channel (Server-Sent Events, ./sse-notification-feed).
 * - Where `VITE_FIREBASE_DATABASE_URL` is set: the identity provider's Realtime Database
 *   (./rtdb-notification-feed), loaded lazily; if it cannot be used (no identity-provider session, rules
 *   refusing), the feed falls back to the product's channel.
 */
import { streamTicketAnswerSchema } from '../../shared/contracts/notifications';
import { apiBase, apiCall } from '../api/api-client';
import type { NotificationFeed, NotificationFeedHandlers } from './notification-item';
import { createRtdbNotificationFeed } from './rtdb-notification-feed';
import { createSseNotificationFeed, type EventSourceLike } from './sse-notification-feed';

export type {
  NotificationFeed,
  NotificationFeedHandlers,
  NotificationItem,
  NotificationSnapshot,
} from './notification-item';

/** The product's own channel, with the browser's EventSource, timers and online events. */
export function createStreamFeed(): NotificationFeed {
  return createSseNotificationFeed({
    fetchTicket: async () =>
      (await apiCall('iamserver', '/notifications/stream-ticket', streamTicketAnswerSchema, { method: 'POST' })).ticket,
    streamUrl: (ticket, lastEventId) => {
      const params = new URLSearchParams({ ticket });
      if (lastEventId) params.set('lastEventId', lastEventId);
      return `${apiBase('iamserver')}/notifications/stream?${params.toString()}`;
    },
    createEventSource: (url) => new EventSource(url) as unknown as EventSourceLike,
    isOnline: () => navigator.onLine,
    watchOnline: (listener) => {
      const online = () => listener(true);
      const offline = () => listener(false);
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
}

function configuredDatabaseUrl(): string {
  const value = (import.meta.env as Record<string, unknown>).VITE_FIREBASE_DATABASE_URL;
  return typeof value === 'string' ? value.trim() : '';
}

/** The feed of one user: the Realtime Database where configured, the product's channel otherwise. */
export function createNotificationFeed(owner: { companyId: string; userId: string }): NotificationFeed {
  const databaseURL = configuredDatabaseUrl();
  if (!databaseURL) return createStreamFeed();
  return {
    subscribe(handlers: NotificationFeedHandlers) {
      let fallback: (() => void) | undefined;
      let stopped = false;
      const stopRtdb = createRtdbNotificationFeed({
        ...owner,
        load: () => import('./rtdb-connection').then((m) => m.openRtdbConnection(databaseURL)),
        onUnavailable: (error) => {
          if (stopped || fallback) return;
          console.warn('Realtime Database unavailable; using the live stream instead.', error);
          fallback = createStreamFeed().subscribe(handlers);
        },
      }).subscribe(handlers);
      return () => {
        stopped = true;
        stopRtdb();
        fallback?.();
      };
    },
  };
}
