/**
 * The fan-out of one service instance: ONE `LISTEN notifications` for the whole instance (not one per
 * stream), dispatching each message to the open streams of its (company, user). A notification created
 * by any instance reaches the streams held by every instance, because PostgreSQL delivers the NOTIFY to
 * every listening connection after COMMIT.
 *
 * The database work is done here once per user, not once per stream: the messages for one (company, user)
 * that arrive within a few milliseconds are read in ONE tenant transaction (the new items and the unread
 * count), and the same serialized SSE frames go to every stream of that user. One user's reads run one
 * after another, so their frames reach each stream in the order of the messages.
 *
 * The heartbeat of every stream is driven by one timer of the hub: each period it writes the heartbeat
 * comment to every stream and checks the sessions of all of them in ONE query, ending the streams whose
 * session was revoked or whose user was disabled.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { NOTIFICATIONS_CHANNEL, parseChannelMessage, type ChannelMessage } from './notification-channel.ts';
import { countUnread, findLiveSessions, findNotificationsForUser } from './notification-repository.ts';
import { publicNotification, sseFrame } from './notification-stream-frames.ts';

export const HEARTBEAT_MS = 20_000;
/** Messages for one user within this many ms are read together (one count for a burst). */
export const COALESCE_MS = 5;

/** What the hub hands a stream: frames already serialized, shared by all the streams of the user. */
export type HubEvent =
  /** A new notification; `id` lets the stream drop what its snapshot or catch-up already sent. */
  | { type: 'notification'; id: string; frame: string }
  /** The unread count after the messages just read. */
  | { type: 'count'; frame: string };

export interface HubSubscriber {
  companyId: string;
  userId: string;
  /** The session the stream was opened with: checked every heartbeat period. */
  sessionId: string;
  /** An event for this subscriber's user. Must not throw. */
  deliver(event: HubEvent): void;
  /** Write the heartbeat comment. Must not throw. */
  heartbeat(): void;
  /** The instance is shutting down, or the session ended: end the stream now. */
  close(): void;
}

export interface NotificationHub {
  /** Starts the one LISTEN; idempotent. */
  start(): Promise<void>;
  /** Adds a stream; returns its removal. */
  subscribe(subscriber: HubSubscriber): () => void;
  /** Ends every open stream (on shutdown, before the server waits for open connections). */
  closeAll(): void;
  /** Stops listening and ends every open stream. */
  stop(): Promise<void>;
  /** Open streams, for tests and metrics. */
  readonly size: number;
}

export interface NotificationHubOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Called once per message received, whoever it is for (the realtime-database mirror uses it). */
  onMessage?: ((message: ChannelMessage) => void) | undefined;
  /** Heartbeat (and session check) period of the streams; default 20 s. */
  heartbeatMs?: number | undefined;
  /** How long the messages of one user are gathered before they are read; default 5 ms. */
  coalesceMs?: number | undefined;
}

const keyOf = (companyId: string, userId: string) => `${companyId.toLowerCase()}/${userId.toLowerCase()}`;

/** The messages of one user waiting to be read, and whether a read is scheduled or running. */
interface UserQueue {
  companyId: string;
  userId: string;
  /** Ids of `created` messages not read yet, in arrival order, without repeats. */
  ids: Set<string>;
  /** A message arrived since the last read: the count must be read again. */
  dirty: boolean;
  /** A read is scheduled (timer) or running: the next messages wait for it. */
  busy: boolean;
}

export function createNotificationHub(options: NotificationHubOptions): NotificationHub {
  const { db, log } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const coalesceMs = options.coalesceMs ?? COALESCE_MS;
  const streams = new Map<string, Set<HubSubscriber>>();
  const queues = new Map<string, UserQueue>();
  let unlisten: Promise<() => Promise<void>> | undefined;
  let count = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let checking = false;
  let stopped = false;

  function dispatch(payload: string): void {
    const message = parseChannelMessage(payload);
    if (!message) {
      log.warn('ignored a malformed message on the notifications channel');
      return;
    }
    const key = keyOf(message.companyId, message.userId);
    // Nobody here listens for this user: nothing to read (the mirror below still hears it).
    if (streams.has(key)) {
      let queue = queues.get(key);
      if (!queue) {
        queue = { companyId: message.companyId, userId: message.userId, ids: new Set(), dirty: false, busy: false };
        queues.set(key, queue);
      }
      if (message.type === 'created') queue.ids.add(message.id.toLowerCase());
      queue.dirty = true;
      schedule(key, queue);
    }
    options.onMessage?.(message);
  }

  function schedule(key: string, queue: UserQueue): void {
    if (queue.busy || !queue.dirty) return;
    queue.busy = true;
    setTimeout(() => void flush(key, queue), coalesceMs);
  }

  /** One tenant transaction for everything that arrived for the user; the frames go to all their streams. */
  async function flush(key: string, queue: UserQueue): Promise<void> {
    const ids = [...queue.ids];
    queue.ids.clear();
    queue.dirty = false;
    // The streams subscribed now. A stream subscribing later reads its snapshot after this read began, so
    // that snapshot already holds what is read here (and a count read here would be older than its own).
    const targets = [...(streams.get(key) ?? [])];
    try {
      if (targets.length === 0 || stopped) return;
      const { items, unread } = await db.transaction(
        { role: 'freight_app', companyId: queue.companyId, userId: queue.userId },
        async (tx) => ({
          items: await findNotificationsForUser(tx, ids, queue.userId),
          unread: await countUnread(tx, queue.userId),
        }),
      );
      // In the order the messages arrived; another schema on the same server (tests) or a row already
      // gone is skipped.
      const byId = new Map(items.map((item) => [item._id.toLowerCase(), item]));
      const events: HubEvent[] = [];
      for (const id of ids) {
        const item = byId.get(id);
        if (item)
          events.push({
            type: 'notification',
            id: item._id,
            frame: sseFrame('notification', publicNotification(item), item.cursor),
          });
      }
      events.push({ type: 'count', frame: sseFrame('count', { unread }) });
      for (const subscriber of targets) for (const event of events) subscriber.deliver(event);
    } catch (error) {
      if (!stopped) log.warn({ err: error }, 'notification stream update failed');
    } finally {
      queue.busy = false;
      if (streams.has(key) && queue.dirty) schedule(key, queue);
      else if (queues.get(key) === queue) queues.delete(key);
    }
  }

  /** Every period: the heartbeat comment on every stream, then one session check for all of them. */
  function beat(): void {
    const all: HubSubscriber[] = [];
    for (const set of streams.values()) for (const subscriber of set) all.push(subscriber);
    for (const subscriber of all) subscriber.heartbeat();
    // A stream outlives its ticket: end it when the session is revoked or the user disabled.
    if (checking || all.length === 0) return;
    checking = true;
    const sessionIds = [...new Set(all.map((s) => s.sessionId.toLowerCase()))];
    db.transaction({ role: 'freight_system', companyId: null }, (tx) => findLiveSessions(tx, sessionIds))
      .then(
        (live) => {
          const alive = new Set(live.map((s) => `${s.sessionId.toLowerCase()}/${s.userId.toLowerCase()}`));
          for (const subscriber of all) {
            if (!alive.has(`${subscriber.sessionId.toLowerCase()}/${subscriber.userId.toLowerCase()}`))
              subscriber.close();
          }
        },
        (error: unknown) => {
          if (stopped) return;
          // As each stream did on its own before: what cannot be checked is not kept open.
          log.warn({ err: error }, 'could not check the sessions of the live streams: closing them');
          for (const subscriber of all) subscriber.close();
        },
      )
      .finally(() => {
        checking = false;
      });
  }

  function closeAll(): void {
    for (const set of [...streams.values()]) for (const subscriber of [...set]) subscriber.close();
    streams.clear();
    queues.clear();
    count = 0;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
  }

  return {
    async start() {
      stopped = false;
      // The driver may call back while the committing transaction still holds the connection: leave
      // the callback at once and do the work on a later turn.
      unlisten ??= db.listen(NOTIFICATIONS_CHANNEL, (payload) => setImmediate(dispatch, payload));
      try {
        await unlisten;
      } catch (error) {
        unlisten = undefined;
        throw error;
      }
    },
    subscribe(subscriber) {
      const key = keyOf(subscriber.companyId, subscriber.userId);
      let set = streams.get(key);
      if (!set) {
        set = new Set();
        streams.set(key, set);
      }
      set.add(subscriber);
      count += 1;
      if (!heartbeat) {
        heartbeat = setInterval(beat, heartbeatMs);
        heartbeat.unref();
      }
      return () => {
        const current = streams.get(key);
        if (!current?.delete(subscriber)) return;
        count -= 1;
        if (current.size === 0) streams.delete(key);
        if (count === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      };
    },
    closeAll,
    async stop() {
      stopped = true;
      closeAll();
      const pending = unlisten;
      unlisten = undefined;
      if (pending) await pending.then((stopListening) => stopListening()).catch(() => undefined);
    },
    get size() {
      return count;
    },
  };
}
