/**
 * Test helpers for notifications: sign-in (the iam kit's, through the real login route), user ids by e-mail, and a small
 * Server-Sent Events reader over node's `fetch` (what a browser's EventSource does, minus reconnecting).
 */
import { expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { App } from '../../http/build-service-app.ts';
import { IAM } from '../iam/iam-resources-test-kit.ts';

export { IAM, signIn } from '../iam/iam-resources-test-kit.ts';

export async function userIdOf(db: Database, email: string): Promise<string> {
  return db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    return rows[0]!.id;
  });
}

export async function streamTicket(app: App, headers: { authorization: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `${IAM}/notifications/stream-ticket`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { ticket: string } }).data.ticket;
}

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface SseReader {
  status: number;
  contentType: string | null;
  /** The next event (comments and `retry:` skipped), or a failure after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** The next event named `name`, skipping others. */
  nextOf(name: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  retry: number | undefined;
  close(): void;
}

/** Opens `url` as an event stream on a listening server. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const reader: SseReader = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    retry: undefined,
    ended: Promise.resolve(),
    async next(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.shift()!;
    },
    async nextOf(name, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await reader.next(Math.max(1, deadline - Date.now()));
        if (event.event === name) return event;
      }
    },
    close: () => controller.abort(),
  };
  if (!res.body) return reader;
  const body = res.body.getReader();
  const decoder = new TextDecoder();
  reader.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'event') event = value;
            else if (field === 'id') id = value;
            else if (field === 'data') data.push(value);
            else if (field === 'retry') reader.retry = Number(value);
          }
          if (data.length === 0) continue;
          events.push({ event, id, data: JSON.parse(data.join('\n')) as unknown });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return reader;
}
