/**
 * The page's side of the outbox (issue 12): queue a write, ask for a replay (the service worker does it
 * when one controls the page, else this tab under the shared Web Lock), retry on reconnect and after the
 * back-off, and tell the page's listeners what happened. Every tab subscribes to the outbox channel, so the
 * count in the nav bar and the outbox screen follow a replay run by the worker or by another tab.
 */
import { createReplayRunner } from '../../shared/outbox/replay-runner';
import {
  OUTBOX_CHANNEL,
  OUTBOX_REPLAY_REQUEST,
  OUTBOX_SYNC_TAG,
  unwrapOutboxNotice,
  wrapOutboxNotice,
} from '../../shared/outbox/outbox-channel';
import { type OutboxEntry } from '../../shared/outbox/outbox-entry';
import { idbOutboxStore, type OutboxStore } from '../../shared/outbox/outbox-store';
import type { OutboxNotice } from '../../shared/outbox/replay';
import { identityOfAccessToken, type TokenIdentity } from '../../shared/token-identity';
import {
  fitsInUploadQueue,
  queuedUploadBytes,
  queuedUploadLimit,
  type QueuedUploadSpace,
} from '../../shared/outbox/upload-quota';
import { apiBase, authorizedFetch } from '../api/api-client';
import { readAuthCookies } from '../cookies';
import { reapplyPending } from './optimistic';
import { UploadQueueFull } from './upload-queue-full';

export type { OutboxEntry } from '../../shared/outbox/outbox-entry';
export type { QueuedUploadSpace } from '../../shared/outbox/upload-quota';

let store: OutboxStore = idbOutboxStore;

/** Tests only: another store (the memory one). */
export function useOutboxStoreForTests(next: OutboxStore): void {
  store = next;
}

export function outboxStore(): OutboxStore {
  return store;
}

/** Whose outbox this page works with: the signed-in user of the access cookie. */
export function currentIdentity(): TokenIdentity | null {
  try {
    return identityOfAccessToken(readAuthCookies()?.accessToken);
  } catch {
    return null;
  }
}

type Listener = (notice: OutboxNotice) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function deliver(notice: OutboxNotice): void {
  for (const listener of listeners) listener(notice);
  if (notice.kind === 'changed' || notice.kind === 'landed') scheduleRetry();
}

/** Every outcome, from this tab's replay, the worker's or another tab's. */
export function onOutboxNotice(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ensureChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (event) => {
    const notice = unwrapOutboxNotice(event.data);
    if (notice) deliver(notice);
  };
}

/** Tells this tab and every other one (the channel does not echo to its sender). */
export function announce(notice: OutboxNotice): void {
  ensureChannel();
  channel?.postMessage(wrapOutboxNotice(notice));
  deliver(notice);
}

/** The signed-in user's entries, oldest first. */
export async function myOutboxEntries(): Promise<OutboxEntry[]> {
  const who = currentIdentity();
  if (!who) return [];
  return (await store.list()).filter((entry) => entry.userId === who.userId && entry.companyId === who.companyId);
}

/** Puts a write in the outbox and asks for a replay (which waits while offline). */
export async function enqueue(entry: OutboxEntry): Promise<void> {
  startOutbox();
  await store.put(entry);
  announce({ kind: 'changed', entryId: entry.id, resource: entry.resource, label: entry.label });
  requestReplay();
}

/**
 * Puts a write that needs a file in the outbox: the file first (as a Blob beside the entry), then the entry,
 * so a replay never finds the entry without its file. Refused with `UploadQueueFull` when the queued files
 * would take more than their share of the device (upload-quota.ts).
 */
export async function enqueueWithFile(entry: OutboxEntry, file: Blob): Promise<void> {
  const space = await queuedUploadSpace();
  if (!fitsInUploadQueue(space, file.size)) throw new UploadQueueFull(space, file.size);
  await store.putBlob(entry.id, file);
  await enqueue(entry);
}

/** The file a waiting entry will upload (for its thumbnail), if it is still kept. */
export function queuedFile(entryId: string): Promise<Blob | undefined> {
  return store.readBlob(entryId);
}

/** What the files waiting on this device take, and the most they may take (upload-quota.ts). */
export async function queuedUploadSpace(): Promise<QueuedUploadSpace> {
  const used = queuedUploadBytes(await store.list());
  const estimate =
    typeof navigator !== 'undefined' && navigator.storage?.estimate
      ? await navigator.storage.estimate().catch(() => null)
      : null;
  return { used, limit: queuedUploadLimit(used, estimate) };
}

export async function updateEntry(entry: OutboxEntry): Promise<void> {
  await store.put(entry);
  announce({ kind: 'changed', entryId: entry.id, resource: entry.resource });
}

export async function discardEntry(entry: OutboxEntry): Promise<void> {
  await store.remove(entry.id);
  announce({ kind: 'changed', entryId: entry.id, resource: entry.resource });
}

/**
 * A request as `authorizedFetch` sends it: the tokens of the moment, the page's one refresh on a 401. The
 * body is taken as bytes (a Blob), so a queued file travels as it was kept.
 */
async function sendFromPage(request: Request): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.blob();
  return authorizedFetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(body && body.size > 0 ? { body } : {}),
    cache: 'no-store',
  });
}

const pageRunner = createReplayRunner(
  {
    store: {
      list: () => store.list(),
      put: (entry) => store.put(entry),
      remove: (id) => store.remove(id),
      readChain: (key) => store.readChain(key),
      writeChain: (key, chain) => store.writeChain(key, chain),
      putBlob: (id, blob) => store.putBlob(id, blob),
      readBlob: (id) => store.readBlob(id),
    },
    identity: currentIdentity,
    send: sendFromPage,
    apiBase,
    notify: announce,
  },
  typeof navigator !== 'undefined' ? navigator.locks : undefined,
);

/** The worker that replays for this page, when one controls it. */
function controller(): ServiceWorker | null {
  return typeof navigator !== 'undefined' ? (navigator.serviceWorker?.controller ?? null) : null;
}

let fallback: ReturnType<typeof setTimeout> | undefined;

/**
 * Replays now if there is a connection: through the worker when one controls the page (it keeps going when
 * the tab closes; Background Sync where the browser has it), else in this tab. A worker of an older build
 * that does not answer within 10 s is covered by this tab's own replay (the lock keeps them apart).
 */
export function requestReplay(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const worker = controller();
  if (!worker) {
    void pageRunner.run().catch(() => undefined);
    return;
  }
  worker.postMessage(OUTBOX_REPLAY_REQUEST);
  void navigator.serviceWorker.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(
        OUTBOX_SYNC_TAG,
      ),
    )
    .catch(() => undefined);
  clearTimeout(fallback);
  let answered = false;
  const stop = onOutboxNotice(() => {
    answered = true;
  });
  fallback = setTimeout(() => {
    stop();
    if (!answered) void pageRunner.run().catch(() => undefined);
  }, 10_000);
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sets one timer for the earliest entry waiting out its back-off. */
function scheduleRetry(): void {
  void myOutboxEntries()
    .then((entries) => {
      const waiting = entries.filter((entry) => entry.status === 'pending').map((entry) => entry.nextAttemptAt);
      clearTimeout(retryTimer);
      if (waiting.length === 0) return;
      const delay = Math.max(0, Math.min(...waiting) - Date.now());
      retryTimer = setTimeout(requestReplay, delay + 50);
    })
    .catch(() => undefined);
}

let started = false;

/** Starts the page's side once: replay at start and on reconnect, follow the worker's outcomes. True if it just started. */
export function startOutbox(): boolean {
  if (started || typeof window === 'undefined') return false;
  started = true;
  ensureChannel();
  window.addEventListener('online', () => requestReplay());
  navigator.serviceWorker?.addEventListener('message', (event) => {
    const notice = unwrapOutboxNotice(event.data);
    if (notice) deliver(notice);
  });
  void myOutboxEntries()
    .then(reapplyPending)
    .catch(() => undefined);
  requestReplay();
  return true;
}
