/**
 * One live stream (Server-Sent Events) of a user's notifications:
 *
 *   retry: 2000
 *
 *   event: snapshot            unread count and the latest 10, newest first
 *   data: {"unread":3,"items":[…]}
 *
 *   event: notification        one new notification; `id` is its feed cursor
 *   id: 2026-05-01T09:30:00.123456Z_<uuid>
 *   data: {"_id":…,"status":"new",…}
 *
 *   event: count               the unread count changed
 *   data: {"unread":4}
 *
 *   : heartbeat                every 20 s, so that proxies keep the connection open
 *
 * Given the cursor of the last event the client saw (`Last-Event-ID`), the notifications stored after it
 * follow the snapshot, oldest first. The work of one stream runs in order on one queue, and ids already
 * sent are remembered, so a message that races the snapshot is not sent twice.
 *
 * A stream does no database work of its own after its snapshot: the hub reads each new notification and
 * the unread count once per user and hands every stream of that user the same frames, and its one timer
 * writes the heartbeats and checks the sessions of all streams together (notification-hub.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import type { HubEvent, NotificationHub } from './notification-hub.ts';
import { countUnread, listNotifications, listNotificationsAfter, type FeedCursor } from './notification-repository.ts';
import { publicNotification, sseFrame } from './notification-stream-frames.ts';
import type { StreamOwner } from './notification-stream-ticket.ts';

export { HEARTBEAT_MS } from './notification-hub.ts';
export { publicNotification, sseFrame } from './notification-stream-frames.ts';

export const SNAPSHOT_SIZE = 10;
export const CATCH_UP_LIMIT = 100;
export const RETRY_MS = 2000;
const REMEMBERED_IDS = 500;

export interface OpenStreamOptions {
  deps: ServiceDeps;
  hub: NotificationHub;
  owner: StreamOwner;
  /** The last event the client saw, from `Last-Event-ID` (or `?lastEventId=` for a fresh EventSource). */
  after: FeedCursor | undefined;
  log: FastifyBaseLogger;
}

/** Starts the stream; the caller sends the returned body and calls `detach` when the client goes away. */
export function openNotificationStream(options: OpenStreamOptions): { body: PassThrough; detach: () => void } {
  const { deps, hub, owner, log } = options;
  const body = new PassThrough();
  const sent = new Set<string>();
  let closed = false;
  /** Until the snapshot is written, what the hub delivers waits behind it; afterwards it is written at once. */
  let ready = false;
  let queue: Promise<void> = Promise.resolve();

  const inTenant = <T>(fn: (tx: Queryable) => Promise<T>) =>
    deps.db.transaction({ role: 'freight_app', companyId: owner.companyId, userId: owner.userId }, fn);

  function write(text: string): void {
    if (!closed) body.write(text);
  }

  function remember(id: string): boolean {
    if (sent.has(id)) return false;
    sent.add(id);
    if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    return true;
  }

  function enqueue(task: () => Promise<void> | void): void {
    queue = queue.then(async () => {
      if (closed) return;
      try {
        await task();
      } catch (error) {
        if (!closed) log.warn({ err: error }, 'notification stream update failed');
      }
    });
  }

  function writeEvent(event: HubEvent): void {
    if (event.type === 'notification' && !remember(event.id)) return;
    write(event.frame);
  }

  function deliver(event: HubEvent): void {
    if (closed) return;
    if (ready) writeEvent(event);
    else enqueue(() => writeEvent(event));
  }

  let unsubscribe: () => void = () => undefined;

  function detach(): void {
    if (closed) return;
    closed = true;
    unsubscribe();
    body.end();
  }

  write(`retry: ${RETRY_MS}\n\n`);
  // Subscribe before reading the snapshot: a notification committed in between is then delivered after it.
  unsubscribe = hub.subscribe({
    companyId: owner.companyId,
    userId: owner.userId,
    sessionId: owner.sessionId,
    deliver,
    heartbeat: () => write(': heartbeat\n\n'),
    close: detach,
  });
  enqueue(async () => {
    const { unread, latest, missed } = await inTenant(async (tx) => ({
      unread: await countUnread(tx, owner.userId),
      latest: (await listNotifications(tx, owner.userId, { limit: SNAPSHOT_SIZE, offset: 0 })).items,
      missed: options.after ? await listNotificationsAfter(tx, owner.userId, options.after, CATCH_UP_LIMIT) : [],
    }));
    for (const item of latest) remember(item._id);
    // On a fresh stream the snapshot's id is the newest cursor, so that a reconnect catches up from there;
    // after a reconnect the caught-up notifications carry the ids instead.
    const snapshotId = options.after ? undefined : latest[0]?.cursor;
    write(sseFrame('snapshot', { unread, items: latest.map(publicNotification) }, snapshotId));
    for (const item of missed) {
      sent.add(item._id);
      write(sseFrame('notification', publicNotification(item), item.cursor));
    }
  });
  // Whatever the hub delivered meanwhile was queued behind the snapshot; from here on it is written directly.
  enqueue(() => {
    ready = true;
  });

  return { body, detach };
}
