/**
 * What the live feed and `GET /notifications` deliver for one notification, whichever channel carries it
 * (the product's own stream, or the identity provider's Realtime Database).
 */
export interface NotificationItem {
  _id: string;
  status: 'new' | 'loaded';
  kind: string;
  title: string;
  body: string;
  /** An in-app path (`/…`) or an http(s) address, or null. */
  link: string | null;
  /** ISO 8601. */
  createdAt: string;
  loadedAt: string | null;
}

/** The state at (re)connection: the unread count and the latest notifications, newest first. */
export interface NotificationSnapshot {
  unread: number;
  items: NotificationItem[];
}

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
