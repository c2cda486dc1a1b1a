import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { dataUrlOf } from '../drive/data-url';
import { formatBytes } from '../drive/format-bytes';
import { PICTURE_WRITES, type PictureKind } from '../outbox/picture-entries';
import { isQueuedWrite } from '../outbox/queued-write-error';
import type { UploadQueueFull } from '../outbox/upload-queue-full';
import { sendWrite, sendWriteWithFile, type WriteRequest } from '../outbox/write';
import { formMessageOf } from '../resource-kit/server-field-errors';
import { showToast } from '../ui/toast-store';
import { pictureT } from './strings';

/** The outbox's refusal of a file it has no room for, told by its name (upload-queue-full.ts). */
function isUploadQueueFull(error: unknown): error is UploadQueueFull {
  return error instanceof Error && error.name === 'UploadQueueFull';
}

/**
 * The flow of a picture field (the avatar, the logo): a hidden file input; a chosen image is prepared in
 * the browser (cropped or scaled), uploaded through driveserver and its file id saved by the record's
 * write; "remove" writes null. Both go through the outbox (issue 24 item 9): online the picture is uploaded
 * and saved at once, as before; offline the prepared picture waits in the outbox with the write, which the
 * replay sends with the uploaded file's id (a removal waits as a write of null), and the screens show it
 * from the device meanwhile (queued-picture.tsx). A picture the device has no room for is refused, saying
 * so (upload-quota.ts). One busy flag, a toast for the outcome, and the input emptied so the same file can
 * be chosen again.
 */
export function usePictureUpload<S extends z.ZodType>({
  kind,
  picturePath,
  prepare,
  fileName,
  write,
  schema,
  onSaved,
  savedMessage,
}: {
  kind: PictureKind;
  /** Where iamserver shows the picture (`/users/{id}/avatar`): a saved picture is shown from the device at once. */
  picturePath: string;
  prepare: (file: File) => Promise<Blob>;
  /** The uploaded file's name; its extension matches what `prepare` makes. */
  fileName: string;
  /** The record's write (service, path, version in the body) without the picture's field. */
  write: () => Omit<WriteRequest, 'label'>;
  schema: S;
  /** The record as the server answered, once saved (not when the change waits in the outbox). */
  onSaved: (saved: z.output<S>) => void;
  savedMessage: () => string;
}) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const field = PICTURE_WRITES[kind].field;
  const request = (): WriteRequest => ({ ...write(), label: pictureT(`label.${kind}`) });
  const run = async (save: () => Promise<z.output<S>>, picture: Blob | null) => {
    setBusy(true);
    try {
      const saved = await save();
      const fileId = (saved as Record<string, unknown>)[field];
      // The bytes just uploaded are the picture iamserver will serve for this file: no need to fetch them back.
      if (picture && typeof fileId === 'string')
        client.setQueryData(['picture', picturePath, fileId], await dataUrlOf(picture));
      onSaved(saved);
      showToast({ status: 'success', title: savedMessage() });
    } catch (error) {
      if (isQueuedWrite(error)) {
        // Uploaded, but the write waits behind an earlier one of the record: the cached record names the
        // new file at once (optimistic), so its picture is the one just uploaded, not the server's old one.
        const fileId = error.entry.body?.[field];
        if (picture && typeof fileId === 'string')
          client.setQueryData(['picture', picturePath, fileId], await dataUrlOf(picture));
        // Said by the outbox ("Saved on this device"); an earlier change of the picture still waiting goes.
        const { keepLastPictureChange } = await import('./queued-picture');
        await keepLastPictureChange(error.entry).catch(() => undefined);
      } else if (isUploadQueueFull(error)) {
        showToast({
          status: 'error',
          title: pictureT('queueFull', {
            used: formatBytes(error.space.used),
            limit: formatBytes(error.space.limit),
          }),
        });
      } else showToast({ status: 'error', title: formMessageOf(error) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return {
    input,
    busy,
    choose: (file: File | undefined) => {
      if (!file) return;
      void (async () => {
        let blob: Blob;
        try {
          blob = await prepare(file);
        } catch (error) {
          showToast({ status: 'error', title: formMessageOf(error) });
          if (input.current) input.current.value = '';
          return;
        }
        await run(() => sendWriteWithFile(request(), { blob, fileName, field }, schema), blob);
      })();
    },
    remove: () => {
      const removal = request();
      void run(() => sendWrite({ ...removal, body: { ...removal.body, [field]: null } }, schema), null);
    },
  };
}
