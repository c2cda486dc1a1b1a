/**
 * The product's own live channel (docs/api.md section 8): Server-Sent Events from
 * `GET /iamserver/api/v1/notifications/stream?ticket=…`.
 *
 * Tickets are single use, so the browser's own EventSource reconnection (which reuses the URL) cannot
 * work: on any error the client closes the EventSource and opens a new one itself, with a NEW ticket and
 * `?lastEventId=` (the id of the last event seen), after an exponential back-off with jitter. The server
 * then sends a fresh snapshot and the notifications stored after that id (catch-up). While the browser
 * is offline nothing is attempted; going online reconnects at once.
 *
 * Every browser API is injected, so the reconnect logic is unit-tested with a fake EventSource.
 */
import type { z } from 'zod';
import {
  notificationItemSchema,
  notificationSnapshotSchema,
  unreadCountSchema,
} from '../../shared/contracts/notifications';
import { backoffDelay } from '../../shared/backoff';
import type { NotificationFeed, NotificationFeedHandlers } from './notification-item';

/** The part of EventSource the client uses. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface SseFeedOptions {
  /** Buys a single-use ticket (`POST /notifications/stream-ticket`). */
  fetchTicket(): Promise<string>;
  /** The stream URL for a ticket and the last event id seen, if any. */
  streamUrl(ticket: string, lastEventId: string | undefined): string;
  createEventSource(url: string): EventSourceLike;
  isOnline(): boolean;
  /** Calls back on the browser's `online`/`offline` events; returns the removal. */
  watchOnline(listener: (online: boolean) => void): () => void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** 0 ≤ x < 1, for the jitter. */
  random?(): number;
  /** First back-off delay; doubles per failed attempt. Default 1000 ms. */
  initialDelayMs?: number;
  /** Longest back-off delay. Default 30 s. */
  maxDelayMs?: number;
}

/** A frame's data parsed with its contract; a frame that does not match is dropped. */
function parse<S extends z.ZodType>(frame: string, event: MessageEvent<string>, schema: S): z.output<S> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return undefined;
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.warn(`A notification stream frame does not match its contract (${frame}).`, result.error.issues);
  return undefined;
}

export function createSseNotificationFeed(options: SseFeedOptions): NotificationFeed {
  const initialMs = options.initialDelayMs ?? 1000;
  const maxMs = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;

  return {
    subscribe(handlers: NotificationFeedHandlers) {
      let stopped = false;
      let source: EventSourceLike | null = null;
      let timer: unknown = null;
      let attempt = 0;
      let lastEventId: string | undefined;
      // Each connection has a generation: callbacks of a superseded one are ignored.
      let generation = 0;

      const closeSource = () => {
        generation += 1;
        source?.close();
        source = null;
      };
      const clearRetry = () => {
        if (timer !== null) options.clearTimer(timer);
        timer = null;
      };

      const scheduleRetry = () => {
        closeSource();
        clearRetry();
        if (stopped || !options.isOnline()) return;
        // Doubling, capped, plus up to 20 % jitter: many tabs dropped at once do not come back in step.
        const delay = backoffDelay(attempt, { baseMs: initialMs, maxMs, jitter: 0.2 }, random());
        attempt += 1;
        timer = options.setTimer(() => {
          timer = null;
          void connect();
        }, delay);
      };

      const track = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
      };

      async function connect(): Promise<void> {
        if (stopped || !options.isOnline()) return;
        closeSource();
        const mine = generation;
        let ticket: string;
        try {
          ticket = await options.fetchTicket();
        } catch {
          if (mine === generation) scheduleRetry();
          return;
        }
        if (stopped || mine !== generation) return;
        const es = options.createEventSource(options.streamUrl(ticket, lastEventId));
        source = es;
        es.addEventListener('snapshot', (event) => {
          if (mine !== generation) return;
          track(event);
          const snapshot = parse('snapshot', event, notificationSnapshotSchema);
          if (!snapshot) return;
          // A snapshot is a working connection: the next failure starts the back-off afresh.
          attempt = 0;
          handlers.onSnapshot?.(snapshot);
        });
        es.addEventListener('notification', (event) => {
          if (mine !== generation) return;
          track(event);
          const item = parse('notification', event, notificationItemSchema);
          if (item) handlers.onNotification?.(item);
        });
        es.addEventListener('count', (event) => {
          if (mine !== generation) return;
          const count = parse('count', event, unreadCountSchema);
          if (count) handlers.onCount?.(count);
        });
        es.onerror = () => {
          // Network drop, service restart, a used ticket: never let EventSource retry the same URL.
          if (mine === generation) scheduleRetry();
        };
      }

      const stopWatching = options.watchOnline((online) => {
        if (stopped) return;
        clearRetry();
        if (online) {
          attempt = 0;
          void connect();
        } else {
          closeSource();
        }
      });

      void connect();

      return () => {
        stopped = true;
        stopWatching();
        clearRetry();
        closeSource();
      };
    },
  };
}
