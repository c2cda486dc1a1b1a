/**
 * The Realtime Database adapter of the live feed (docs/product-rules.md section 7): a live query of
 * `{companyId}/general-notification/{userId}` ordered by `status`, starting at `new`, limited to 10,
 * whose records `server/modules/notifications/firebase-mirror.ts` writes. Each value becomes a snapshot
 * of the same shape the product's own channel sends.
 *
 * The firebase/database functions are injected (the loader imports them lazily), so the query and the
 * mapping are unit-tested with fakes: the Realtime Database emulator (a Java program) cannot run here.
 */
import type { NotificationFeed, NotificationFeedHandlers, NotificationItem } from './notification-item';

/** docs/product-rules.md section 9: the notification query limit. */
export const RTDB_QUERY_LIMIT = 10;

/** The path of one user's notifications. */
export function rtdbUserPath(companyId: string, userId: string): string {
  return `${companyId}/general-notification/${userId}`;
}

/** The record at `{path}/{notificationId}` (firebase-mirror.ts `MirrorRecord`). */
export interface RtdbRecord {
  status?: unknown;
  kind?: unknown;
  title?: unknown;
  body?: unknown;
  link?: unknown;
  /** Milliseconds since the epoch. */
  createdAt?: unknown;
}

/** The part of a DataSnapshot the adapter reads. */
export interface RtdbSnapshotLike {
  forEach(action: (child: { key: string | null; val(): unknown }) => boolean | void): boolean;
}

/** The firebase/database functions the adapter uses, with the types loosened for injection. */
export interface RtdbFunctions<Db = unknown, Ref = unknown, Constraint = unknown, Query = unknown> {
  ref(db: Db, path: string): Ref;
  query(ref: Ref, ...constraints: Constraint[]): Query;
  orderByChild(path: string): Constraint;
  startAt(value: string): Constraint;
  limitToFirst(limit: number): Constraint;
  onValue(query: Query, callback: (snapshot: RtdbSnapshotLike) => void, cancel?: (error: Error) => void): () => void;
}

export interface RtdbConnection {
  db: unknown;
  fns: RtdbFunctions;
}

export interface RtdbFeedOptions {
  companyId: string;
  userId: string;
  /** Loads firebase/database after the custom-token sign-in and opens the database. */
  load(): Promise<RtdbConnection>;
  /** Loading or listening failed (no identity-provider session, rules refused): the caller may fall back. */
  onUnavailable?(error: unknown): void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One record as the item shape of `GET /notifications`; undefined for a record that is not one. */
export function rtdbRecordToItem(key: string | null, value: unknown): NotificationItem | undefined {
  if (!key || typeof value !== 'object' || value === null) return undefined;
  const record = value as RtdbRecord;
  const status = record.status === 'new' || record.status === 'loaded' ? record.status : undefined;
  if (!status) return undefined;
  const createdAt =
    typeof record.createdAt === 'number' && Number.isFinite(record.createdAt)
      ? new Date(record.createdAt).toISOString()
      : new Date(0).toISOString();
  return {
    _id: key,
    status,
    kind: text(record.kind) || 'general',
    title: text(record.title),
    body: text(record.body),
    link: typeof record.link === 'string' && record.link ? record.link : null,
    createdAt,
    loadedAt: null,
  };
}

/** The items of one query value, newest first. */
export function rtdbSnapshotItems(snapshot: RtdbSnapshotLike): NotificationItem[] {
  const items: NotificationItem[] = [];
  snapshot.forEach((child) => {
    const item = rtdbRecordToItem(child.key, child.val());
    if (item) items.push(item);
  });
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function createRtdbNotificationFeed(options: RtdbFeedOptions): NotificationFeed {
  return {
    subscribe(handlers: NotificationFeedHandlers) {
      let stopped = false;
      let off: (() => void) | undefined;
      const seen = new Set<string>();
      let first = true;

      options
        .load()
        .then(({ db, fns }) => {
          if (stopped) return;
          const q = fns.query(
            fns.ref(db, rtdbUserPath(options.companyId, options.userId)),
            fns.orderByChild('status'),
            fns.startAt('new'),
            fns.limitToFirst(RTDB_QUERY_LIMIT),
          );
          off = fns.onValue(
            q,
            (snapshot) => {
              const items = rtdbSnapshotItems(snapshot);
              // Every record of this query is new (`startAt('new')`): the count is theirs.
              handlers.onSnapshot?.({ unread: items.length, items });
              for (const item of items) {
                if (!seen.has(item._id) && !first) handlers.onNotification?.(item);
                seen.add(item._id);
              }
              first = false;
              handlers.onCount?.({ unread: items.length });
            },
            (error) => {
              if (!stopped) options.onUnavailable?.(error);
            },
          );
        })
        .catch((error: unknown) => {
          if (!stopped) options.onUnavailable?.(error);
        });

      return () => {
        stopped = true;
        off?.();
      };
    },
  };
}
