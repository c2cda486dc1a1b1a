/**
 * The outbox's replayer in the service worker (issue 12): asked by a page (`outbox-replay`) or by the
 * browser's Background Sync, it replays the signed-in user's writes with the tokens of the moment (the same
 * path as every call through the worker, with the one shared refresh on `jwt expired`), under the Web Lock
 * the tabs take too, and tells every page the outcomes on the outbox channel.
 */
import {
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  isOutboxReplayRequest,
  wrapOutboxNotice,
} from '../src/shared/outbox/outbox-channel';
import { idbOutboxStore } from '../src/shared/outbox/outbox-store';
import { createReplayRunner } from '../src/shared/outbox/replay-runner';
import type { ServiceName } from '../src/shared/services';
import { identityOfAccessToken } from '../src/shared/token-identity';

export interface WorkerOutboxDeps {
  /** Sends a request with the worker's tokens (and its refresh on a 401). */
  send: (request: Request) => Promise<Response>;
  /** The access token of the moment, or null when signed out. */
  accessToken: () => Promise<string | null>;
  apiBase: (service: ServiceName) => string;
}

interface SyncEventLike extends ExtendableEvent {
  tag: string;
}

export function registerOutbox(scope: ServiceWorkerGlobalScope, deps: WorkerOutboxDeps) {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  const runner = createReplayRunner(
    {
      store: idbOutboxStore,
      identity: async () => identityOfAccessToken(await deps.accessToken()),
      send: deps.send,
      apiBase: deps.apiBase,
      notify: (notice) => channel?.postMessage(wrapOutboxNotice(notice)),
    },
    scope.navigator.locks,
  );
  scope.addEventListener('message', (event) => {
    if (isOutboxReplayRequest(event.data)) event.waitUntil(runner.run().catch(() => undefined));
  });
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(runner.run());
  });
  return runner;
}
