/**
 * The live feed's interface. What it delivers for one notification, whichever channel carries it (the
 * product's own stream, or the identity provider's Realtime Database), is the item of `GET /notifications`:
 * one schema, src/shared/contracts/notifications.ts.
 */
import type { NotificationItem, NotificationSnapshot } from '../../shared/contracts/notifications';

export type { NotificationItem, NotificationSnapshot } from '../../shared/contracts/notifications';

/** What a subscriber of the live feed is told. */
export interface NotificationFeedHandlers {
  /** The whole state: on every (re)connection, and on every change for the Realtime Database. */
  onSnapshot?(snapshot: NotificationSnapshot): void;
  /** One notification that arrived after the snapshot (also those caught up after a reconnect). */
  onNotification?(item: NotificationItem): void;
  /** The unread count changed. */
  onCount?(count: { unread: number }): void;
}

/** One client interface for the live feed; `subscribe` returns the unsubscribe function. */
export interface NotificationFeed {
  subscribe(handlers: NotificationFeedHandlers): () => void;
}
