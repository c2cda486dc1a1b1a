/**
 * Replays the outbox (issue 12): the signed-in user's entries, in the order they were made per record
 * (different records in parallel), each with the Idempotency-Key made when the user acted, so a write whose
 * answer was lost lands once. Runs in the service worker or, without one, in one tab; the caller holds the
 * Web Lock and attaches the tokens in `send` (at replay time, after the one shared refresh on a 401).
 *
 * Outcomes: 2xx → removed ("landed"); 409 VERSION_CONFLICT → "conflict" with the stored record ("theirs");
 * any other 4xx → "failed" with the server's message; 408, 429, 5xx and no answer → sent again later with
 * back-off; a 401 that survived the refresh → the session is over: the entry waits for the next sign-in.
 * An entry older than the outbox's unasked window is not sent until the user says so (outbox-age.ts); the
 * record's later writes wait behind it. A write under a parent record (`OutboxEntry.parent`) waits while the
 * parent's create does. An entry that carries a file (`upload`) first uploads it to
 * driveserver with a key of its own, keeps the new file's id (so a later attempt does not upload again),
 * then sends its write naming the file; the upload's outcomes are the write's (a refused file fails the
 * entry with driveserver's message).
 */
import type { ServiceName } from '../services';
import { awaitsUserBeforeSending } from './outbox-age';
import { backoffDelay, type BackoffPolicy } from '../backoff';
import { recordKeyOf, uploadKeyOf, waitsForParent, type OutboxEntry } from './outbox-entry';
import type { OutboxStore } from './outbox-store';

export interface OutboxIdentity {
  userId: string;
  companyId: string;
}

/** What a replay tells the pages (BroadcastChannel, see outbox-channel.ts). */
export interface OutboxNotice {
  kind: 'landed' | 'failed' | 'conflict' | 'changed';
  entryId?: string;
  resource?: string;
  label?: string;
  message?: string;
}

export interface ReplayDeps {
  store: OutboxStore;
  identity: () => OutboxIdentity | null | Promise<OutboxIdentity | null>;
  /** Sends a request with the tokens of the moment (and the one shared refresh on `jwt expired`). */
  send: (request: Request) => Promise<Response>;
  apiBase: (service: ServiceName) => string;
  notify: (notice: OutboxNotice) => void;
  now?: () => number;
  /** Records sent at once (each record's writes stay in order). */
  concurrency?: number;
}

export interface ReplayResult {
  landed: number;
  failed: number;
  conflicts: number;
  /** Sent again later (5xx, 429, no answer). */
  deferred: number;
  stoppedBy: null | 'network' | 'signed-out';
}

/** Wait before sending again a write that got no answer while others in the same replay did land. */
export const FLAKY_RETRY_MS = 500;

/** The replay's back-off: 1 s, 2 s, 4 s … up to a minute, no jitter (each entry keeps its own time). */
const OUTBOX_RETRY_BACKOFF: BackoffPolicy = { baseMs: 1000, maxMs: 60_000 };

/** Wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return backoffDelay(attempts - 1, OUTBOX_RETRY_BACKOFF);
}

/** The upload of an entry's file to driveserver (`POST /filesystem/file`, the raw bytes, name and type in the query). */
export function uploadRequestOf(entry: OutboxEntry, blob: Blob, driveBase: string): Request {
  const upload = entry.upload!;
  const params = new URLSearchParams({ name: upload.fileName });
  if (upload.contentType) params.set('type', upload.contentType);
  return new Request(`${driveBase}/filesystem/file?${params.toString()}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/octet-stream',
      'Idempotency-Key': uploadKeyOf(entry),
    },
    body: blob,
    cache: 'no-store',
  });
}

export function requestOf(entry: OutboxEntry, base: string): Request {
  const headers = new Headers({ Accept: 'application/json', 'Idempotency-Key': entry.idempotencyKey });
  let body: string | undefined;
  if (entry.body) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(entry.body);
  }
  return new Request(`${base}${entry.path}`, { method: entry.method, headers, body, cache: 'no-store' });
}

async function jsonOf(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = JSON.parse(await response.text());
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function dataOf(body: Record<string, unknown> | null): Record<string, unknown> | null {
  const data = body?.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/**
 * What replays learned about each record (kept in the outbox store, so a restarted worker and every tab know
 * it): the id a create got, the version the last landed write left and every version the user's writes to
 * it were based on. A write made while an earlier write to the same record still waited was based on the
 * version before it (the optimistic cache does not know the next version), so it is sent with the version
 * that earlier write left. A tab may add such a write while another write to the record is being sent.
 */
type Outcome = 'landed' | 'failed' | 'conflict' | 'deferred' | 'network' | 'signed-out';

export async function replayOutbox(deps: ReplayDeps): Promise<ReplayResult> {
  const now = deps.now ?? Date.now;
  const result: ReplayResult = { landed: 0, failed: 0, conflicts: 0, deferred: 0, stoppedBy: null };
  const who = await deps.identity();
  if (!who) {
    result.stoppedBy = 'signed-out';
    return result;
  }
  const attempted = new Set<string>();

  /** Points a write at the record's created id and last version (see StoredChain); true if it changed. */
  const rebase = async (entry: OutboxEntry): Promise<boolean> => {
    let changed = false;
    const created = (await deps.store.readChain(recordKeyOf(entry)))?.createdId;
    if (created && entry.recordId !== created) {
      entry.path = entry.path.replace(`/${entry.recordId ?? entry.id}`, `/${encodeURIComponent(created)}`);
      entry.recordId = created;
      changed = true;
    }
    const chain = await deps.store.readChain(recordKeyOf(entry));
    if (
      chain?.version != null &&
      entry.version !== null &&
      entry.version !== chain.version &&
      chain.bases.includes(entry.version)
    ) {
      entry.version = chain.version;
      if (entry.body && 'version' in entry.body) entry.body = { ...entry.body, version: chain.version };
      changed = true;
    }
    return changed;
  };

  const remember = async (entry: OutboxEntry, data: Record<string, unknown> | null) => {
    if (entry.method === 'DELETE') return;
    const createdId = entry.recordId === null && typeof data?._id === 'string' ? data._id : null;
    if (createdId)
      await deps.store.writeChain(`${entry.resource}:${entry.id}`, { createdId, bases: [], version: null });
    const key = `${entry.resource}:${createdId ?? entry.recordId}`;
    const chain = (await deps.store.readChain(key)) ?? { createdId: null, bases: [], version: null };
    // A create's later edits were based on the optimistic row's version 0.
    const base = entry.version ?? 0;
    if (!chain.bases.includes(base)) chain.bases.push(base);
    if (typeof data?.version === 'number') chain.version = data.version;
    await deps.store.writeChain(key, chain);
  };

  const attempt = async (entry: OutboxEntry, later: OutboxEntry[]): Promise<Outcome> => {
    attempted.add(entry.id);
    if (await rebase(entry)) await deps.store.put(entry);
    if (entry.upload && entry.upload.fileId === null) {
      const uploaded = await uploadFirst(entry);
      if (uploaded !== 'landed') return uploaded;
    }
    let response: Response;
    try {
      response = await deps.send(requestOf(entry, deps.apiBase(entry.service)));
    } catch {
      await defer(entry);
      unanswered.push(entry);
      return 'network';
    }
    if (response.ok) {
      const data = dataOf(await jsonOf(response));
      await deps.store.remove(entry.id);
      await remember(entry, data);
      await chainLater(entry, data, later);
      result.landed++;
      deps.notify({ kind: 'landed', entryId: entry.id, resource: entry.resource, label: entry.label });
      return 'landed';
    }
    return refused(entry, response);
  };

  /** A write (or its upload) answered with an error: waits, conflicts or fails as the status says. */
  const refused = async (entry: OutboxEntry, response: Response): Promise<Outcome> => {
    const body = await jsonOf(response);
    const code = typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`;
    const message = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.status === 401) return 'signed-out';
    if (response.status === 408 || response.status === 429 || response.status >= 500) {
      await defer(entry);
      result.deferred++;
      return 'deferred';
    }
    entry.error = { status: response.status, code, message };
    if (response.status === 409 && code === 'VERSION_CONFLICT') {
      const conflict = (body?.conflict ?? {}) as { version?: unknown; updatedBy?: { name?: unknown } | null };
      entry.status = 'conflict';
      entry.conflict = {
        version: typeof conflict.version === 'number' ? conflict.version : (entry.version ?? 0),
        theirs: await readTheirs(entry),
        updatedBy: typeof conflict.updatedBy?.name === 'string' ? conflict.updatedBy.name : null,
      };
      await deps.store.put(entry);
      result.conflicts++;
      deps.notify({ kind: 'conflict', entryId: entry.id, resource: entry.resource, label: entry.label, message });
      return 'conflict';
    }
    return fail(entry, { status: response.status, code, message });
  };

  const fail = async (entry: OutboxEntry, error: NonNullable<OutboxEntry['error']>): Promise<Outcome> => {
    entry.error = error;
    entry.status = 'failed';
    await deps.store.put(entry);
    result.failed++;
    deps.notify({
      kind: 'failed',
      entryId: entry.id,
      resource: entry.resource,
      label: entry.label,
      message: error.message,
    });
    return 'failed';
  };

  /** Uploads the entry's file and names it in the body; 'landed' when the write may now be sent. */
  const uploadFirst = async (entry: OutboxEntry): Promise<Outcome> => {
    const upload = entry.upload!;
    const blob = await deps.store.readBlob(entry.id);
    if (!blob)
      return fail(entry, {
        status: 0,
        code: 'UPLOAD_FILE_MISSING',
        message: 'The file kept on this device for it is gone: add it again.',
      });
    let response: Response;
    try {
      response = await deps.send(uploadRequestOf(entry, blob, deps.apiBase('driveserver')));
    } catch {
      await defer(entry);
      unanswered.push(entry);
      return 'network';
    }
    if (!response.ok) return refused(entry, response);
    const fileId = dataOf(await jsonOf(response))?._id;
    if (typeof fileId !== 'string')
      return fail(entry, { status: response.status, code: 'INVALID_RESPONSE', message: 'The upload named no file.' });
    entry.upload = { ...upload, fileId };
    entry.body = { ...(entry.body ?? {}), [upload.field]: fileId };
    await deps.store.put(entry);
    return 'landed';
  };

  const defer = async (entry: OutboxEntry) => {
    entry.attempts++;
    entry.nextAttemptAt = now() + retryDelayMs(entry.attempts);
    await deps.store.put(entry);
  };

  /** The stored record, for the side-by-side view of a conflict. */
  const readTheirs = async (entry: OutboxEntry): Promise<Record<string, unknown> | null> => {
    try {
      const response = await deps.send(
        new Request(`${deps.apiBase(entry.service)}${entry.path}`, {
          headers: { Accept: 'application/json' },
          cache: 'no-store',
        }),
      );
      return response.ok ? dataOf(await jsonOf(response)) : null;
    } catch {
      return null;
    }
  };

  /**
   * The user's later writes to the same record were made on top of this one: they now name the record the
   * server created (a create's temporary id) and the version it answered with.
   */
  const chainLater = async (entry: OutboxEntry, data: Record<string, unknown> | null, later: OutboxEntry[]) => {
    const createdId = entry.recordId === null && typeof data?._id === 'string' ? data._id : null;
    const version = typeof data?.version === 'number' ? data.version : null;
    for (const next of later) {
      let changed = false;
      if (createdId && next.recordId === entry.id) {
        next.recordId = createdId;
        next.path = next.path.replace(`/${entry.id}`, `/${encodeURIComponent(createdId)}`);
        changed = true;
      }
      if (version !== null && next.version !== null) {
        next.version = version;
        if (next.body && 'version' in next.body) next.body = { ...next.body, version };
        changed = true;
      }
      if (changed) await deps.store.put(next);
    }
  };

  let networkFailures = 0;
  const unanswered: OutboxEntry[] = [];
  for (let pass = 0; pass < 10 && !result.stoppedBy; pass++) {
    const due = (await deps.store.list()).filter(
      (entry) => entry.userId === who.userId && entry.companyId === who.companyId,
    );
    // Per record, in order; a record stops at its first entry that is not sent now.
    const groups = new Map<string, OutboxEntry[]>();
    for (const entry of due) {
      const key = recordKeyOf(entry);
      const group = groups.get(key) ?? [];
      group.push(entry);
      groups.set(key, group);
    }
    const runnable = [...groups.values()].filter((group) => {
      const first = group[0]!;
      return (
        first.status === 'pending' &&
        first.nextAttemptAt <= now() &&
        !attempted.has(first.id) &&
        !awaitsUserBeforeSending(first, now()) &&
        // A charge of a shipment created offline goes once the shipment landed (a later pass).
        !waitsForParent(first, due)
      );
    });
    if (runnable.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (!result.stoppedBy && next < runnable.length) {
        const group = runnable[next++]!;
        for (let i = 0; i < group.length && !result.stoppedBy; i++) {
          const entry = group[i]!;
          if (entry.status !== 'pending' || attempted.has(entry.id) || awaitsUserBeforeSending(entry, now())) break;
          const outcome = await attempt(entry, group.slice(i + 1));
          // No answer holds this record back (its back-off), not the others: on a flaky network most of them
          // get through. A session that is over stops everything.
          if (outcome === 'network') networkFailures++;
          if (outcome === 'signed-out') result.stoppedBy = outcome;
          if (outcome !== 'landed') break;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? 4, runnable.length) }, worker));
  }
  // Some writes went through while others got no answer: the network is flaky, not down. Those are tried
  // again in half a second rather than after their growing back-off (which is for a connection that is gone).
  if (result.landed > 0) {
    for (const entry of unanswered) {
      entry.nextAttemptAt = Math.min(entry.nextAttemptAt, now() + FLAKY_RETRY_MS);
      await deps.store.put(entry);
    }
  }
  if (networkFailures > 0 && !result.stoppedBy) result.stoppedBy = 'network';
  if (result.landed + result.failed + result.conflicts + result.deferred > 0 || result.stoppedBy === 'network') {
    deps.notify({ kind: 'changed' });
  }
  return result;
}
