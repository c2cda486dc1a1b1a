/**
 * A picture changed without a connection (issue 24 item 9): until the outbox has sent it, the avatar and the
 * logo show the change from the device, the new picture from the Blob the outbox keeps (as a data URL: the
 * page's Content-Security-Policy allows `data:` images, not `blob:` ones), a removal as no picture, marked
 * "Waiting to be sent" as the outbox marks the other records it holds. The outbox's code loads with the
 * first of these pictures (as write.ts loads it), not with the signed-in frame.
 */
import { useMemo, useState } from 'react';
import {
  latestPictureChange,
  PICTURE_WRITES,
  supersededPictureChanges,
  type PictureKind,
  type QueuedPictureChange,
} from '../outbox/picture-entries';
import { useOutboxNotices, type OutboxRefresh } from '../outbox/use-outbox-notices';
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';
import { dataUrlOf } from '../drive/data-url';
import { Pill } from '../ui/pill';
import { usePictureT } from './strings';

export interface QueuedPicture extends QueuedPictureChange {
  /** The picture kept on the device, when the change brings one. */
  src: string | null;
}

/** Data URLs of the files waiting, by entry (a file kept for an entry never changes). */
const shown = new Map<string, string | null>();

/**
 * The picture change of this record that waits in the outbox (the last, when there are several), kept
 * current as the outbox changes; null when none waits (the server's picture is the one to show).
 */
export function useQueuedPicture(kind: PictureKind, recordId: string | null | undefined): QueuedPicture | null {
  const [queued, setQueued] = useState<QueuedPicture | null>(null);
  const refresh = useMemo<OutboxRefresh | null>(() => {
    if (!recordId) return null;
    return async (outbox, _notice, signal) => {
      const change = latestPictureChange(await outbox.myOutboxEntries(), kind, recordId);
      let src: string | null = null;
      if (change?.hasFile) {
        if (!shown.has(change.entryId)) {
          const blob = await outbox.queuedFile(change.entryId).catch(() => undefined);
          shown.set(change.entryId, blob ? await dataUrlOf(blob).catch(() => null) : null);
        }
        src = shown.get(change.entryId) ?? null;
      }
      if (!signal.aborted) setQueued(change ? { ...change, src } : null);
    };
  }, [kind, recordId]);
  useOutboxNotices(PICTURE_WRITES[kind].resource, refresh);
  return queued;
}

/**
 * After a picture change went into the outbox: the earlier changes of the same picture still waiting are
 * taken out (the last one wins; see `supersededPictureChanges`), with the files they kept.
 */
export async function keepLastPictureChange(entry: OutboxEntry): Promise<void> {
  const outbox = await import('../outbox/outbox-client');
  for (const earlier of supersededPictureChanges(await outbox.myOutboxEntries(), entry)) {
    shown.delete(earlier.id);
    await outbox.discardEntry(earlier);
  }
}

/** The marking of a picture that waits: "Waiting to be sent", or "Not sent" with the reason (see /outbox). */
export function QueuedPictureMark({ queued }: { queued: QueuedPicture | null }) {
  const t = usePictureT();
  if (!queued) return null;
  const failed = queued.status !== 'pending';
  return (
    <Pill
      colorPalette={failed ? 'red' : 'orange'}
      data-testid="picture-waiting"
      title={failed ? (queued.error ?? undefined) : undefined}
    >
      {failed ? t('notSent') : t('waiting')}
    </Pill>
  );
}
