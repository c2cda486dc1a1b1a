/**
 * A view of what waits in the outbox (a queued avatar or logo, the documents waiting for a shipment), kept
 * current as the outbox changes. The outbox's code is a chunk of its own: it loads with the first such view
 * (as write.ts loads it), not with the signed-in frame, so this module only names it as a type.
 */
import { useEffect } from 'react';
import type { OutboxNotice } from '../../shared/outbox/replay';
import type * as OutboxClientModule from './outbox-client';

export type OutboxClient = typeof OutboxClientModule;

/**
 * Reads the outbox again: `notice` is the one that asked (null for the first read), `signal` is aborted once
 * the view is gone or has moved to another record, when what was read must not be shown.
 */
export type OutboxRefresh = (
  outbox: OutboxClient,
  notice: OutboxNotice | null,
  signal: AbortSignal,
) => void | Promise<void>;

/**
 * Calls `refresh` once the outbox's code is loaded, then on every notice about `resource` (or about no
 * resource in particular: a whole replay), from this tab, another one or the service worker; stops when the
 * component unmounts or `refresh` changes (memoize it on what it reads). Nothing while `refresh` is null.
 */
export function useOutboxNotices(resource: string, refresh: OutboxRefresh | null): void {
  useEffect(() => {
    if (!refresh) return;
    const gone = new AbortController();
    let stop: (() => void) | undefined;
    void import('./outbox-client').then((outbox) => {
      const unsubscribe = outbox.onOutboxNotice((notice) => {
        if (notice.resource && notice.resource !== resource) return;
        void refresh(outbox, notice, gone.signal);
      });
      if (gone.signal.aborted) unsubscribe();
      else stop = unsubscribe;
      void refresh(outbox, null, gone.signal);
    });
    return () => {
      gone.abort();
      stop?.();
    };
  }, [resource, refresh]);
}
