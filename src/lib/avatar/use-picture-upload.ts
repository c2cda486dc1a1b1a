import { useRef, useState } from 'react';
import { uploadFile } from '../drive/upload-file';
import { formMessageOf } from '../resource-kit/server-field-errors';
import { useOnline } from '../resource-kit/use-online';
import { showToast } from '../ui/toast-store';

/**
 * The flow of a picture field (the avatar, the logo): a hidden file input; a chosen image is prepared in
 * the browser (cropped or scaled), uploaded through driveserver and its file id saved; "remove" saves null.
 * One busy flag, a toast for the outcome, and the input emptied so the same file can be chosen again.
 */
export function usePictureUpload({
  prepare,
  fileName,
  save,
  savedMessage,
}: {
  prepare: (file: File) => Promise<Blob>;
  /** The uploaded file's name; its extension matches what `prepare` makes. */
  fileName: string;
  save: (fileId: string | null) => Promise<unknown>;
  savedMessage: () => string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const run = async (fileId: () => Promise<string | null>) => {
    setBusy(true);
    try {
      await save(await fileId());
      showToast({ status: 'success', title: savedMessage() });
    } catch (error) {
      showToast({ status: 'error', title: formMessageOf(error) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return {
    input,
    busy,
    /** Uploading needs a connection: the choose button is disabled offline (see NeedsConnection). */
    online,
    choose: (file: File | undefined) => {
      if (!file) return;
      void run(async () => {
        const blob = await prepare(file);
        return (await uploadFile(new File([blob], fileName, { type: blob.type })))._id;
      });
    },
    remove: () => void run(async () => null),
  };
}
