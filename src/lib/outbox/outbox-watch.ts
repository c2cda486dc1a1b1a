/**
 * What the shell needs of the outbox on every screen, kept small because it is in the first load: the
 * signed-in user's counts (waiting, failed, conflicting) for the nav bar, the lists refreshed when a write
 * lands or is refused (whoever replayed it: the worker, this tab or another), and the replayer started only
 * when there is something to replay (the code that replays is a chunk of its own).
 */
import { useSyncExternalStore } from 'react';
import { awaitsUserBeforeSending } from '../../shared/outbox/outbox-age';
import { OUTBOX_CHANNEL, unwrapOutboxNotice } from '../../shared/outbox/outbox-channel';
import { idbOutboxStore } from '../../shared/outbox/outbox-store';
import type { OutboxNotice } from '../../shared/outbox/replay';
import { identityOfAccessToken } from '../../shared/token-identity';
import { readAuthCookies } from '../cookies';
import { queryClient } from '../query-client';
import { outboxHint, setOutboxHint } from './outbox-hint';

export interface OutboxSummary {
  /** Sent on their own. */
  waiting: number;
  failed: number;
  conflicts: number;
  /** Too old to be sent unasked (outbox-age.ts): the user sends or discards them. */
  asking: number;
}

const EMPTY: OutboxSummary = { waiting: 0, failed: 0, conflicts: 0, asking: 0 };
let summary = EMPTY;
const listeners = new Set<() => void>();

function publish(next: OutboxSummary): void {
  const attention = next.waiting + next.failed + next.conflicts + next.asking;
  const hint = outboxHint();
  if (hint.waiting !== next.waiting || hint.attention !== attention)
    setOutboxHint({ waiting: next.waiting, attention });
  if (
    next.waiting === summary.waiting &&
    next.failed === summary.failed &&
    next.conflicts === summary.conflicts &&
    next.asking === summary.asking
  ) {
    return;
  }
  summary = next;
  for (const listener of listeners) listener();
}

let replayerStarted = false;

function startReplayer(): void {
  if (replayerStarted) return;
  replayerStarted = true;
  void import('./outbox-client').then((client) => client.startOutbox());
}

/** Counts the signed-in user's entries again; starts the replayer when some wait. */
export async function recountOutbox(): Promise<OutboxSummary> {
  const who = identityOfAccessToken(readAuthCookies()?.accessToken);
  if (!who) {
    publish(EMPTY);
    return EMPTY;
  }
  const mine = (await idbOutboxStore.list()).filter(
    (entry) => entry.userId === who.userId && entry.companyId === who.companyId,
  );
  const now = Date.now();
  const asking = mine.filter((entry) => awaitsUserBeforeSending(entry, now)).length;
  const next = {
    waiting: mine.filter((entry) => entry.status === 'pending').length - asking,
    failed: mine.filter((entry) => entry.status === 'failed').length,
    conflicts: mine.filter((entry) => entry.status === 'conflict').length,
    asking,
  };
  publish(next);
  if (next.waiting > 0) startReplayer();
  return next;
}

/**
 * Asks for a replay now if the signed-in user has writes to send: called when a signed-in page opens online,
 * on every reconnect and after every token renewal (session-lifecycle.ts), so nothing waits for Background
 * Sync, an `online` event the page may never see, or a token that is still valid.
 */
export async function replayWaitingOutbox(): Promise<void> {
  const { waiting } = await recountOutbox();
  if (waiting === 0) return;
  const client = await import('./outbox-client');
  // Starting asks for a replay itself.
  if (!client.startOutbox()) client.requestReplay();
}

const touched = new Set<string>();
let flush: ReturnType<typeof setTimeout> | undefined;
let sent = 0;
let sentNote: ReturnType<typeof setTimeout> | undefined;

/** One note for a replay's writes that landed ("3 changes sent"), a moment after the last one. */
function noteSent(): void {
  sent += 1;
  clearTimeout(sentNote);
  sentNote = setTimeout(() => {
    const count = sent;
    sent = 0;
    void import('./outcome-toast').then((toast) => toast.showSent(count));
  }, 800);
}

/** Batches the refreshes (a replay of 1,000 writes refreshes each resource once, not 1,000 times). */
function onNotice(notice: OutboxNotice): void {
  if (notice.resource && notice.kind !== 'changed') touched.add(notice.resource);
  if (notice.kind === 'failed' || notice.kind === 'conflict') {
    void import('./outcome-toast').then((toast) => toast.showOutcome(notice));
  }
  if (notice.kind === 'landed') noteSent();
  clearTimeout(flush);
  flush = setTimeout(() => {
    for (const resource of touched) void queryClient.invalidateQueries({ queryKey: [resource] });
    touched.clear();
    void recountOutbox().catch(() => undefined);
  }, 150);
}

let watching = false;

/** Starts watching once (the signed-in frame calls it). */
export function watchOutbox(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = (event) => {
      const notice = unwrapOutboxNotice(event.data);
      if (notice) onNotice(notice);
    };
  }
  window.addEventListener('online', () => void recountOutbox().catch(() => undefined));
  void recountOutbox().catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutboxSummary(): OutboxSummary {
  return useSyncExternalStore(
    subscribe,
    () => summary,
    () => EMPTY,
  );
}
