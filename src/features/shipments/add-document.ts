/**
 * Adding a document to a shipment (issue 25), shared by "Add photo" and the "Add document" dialog: a
 * picture added as a photo is first scaled to at most 2,048 px (scale-photo.ts); the file is then uploaded
 * and attached at once when online, or kept on the device with its write and sent by the outbox.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/api-error';
import { formatBytes } from '../../lib/drive/format-bytes';
import { photoFileName, scalePhoto } from '../../lib/drive/scale-photo';
import type { UploadQueueFull } from '../../lib/outbox/upload-queue-full';
import { showToast } from '../../lib/ui/toast-store';
import type { ShipmentDocumentType } from '../../shared/contracts/shipment-documents';
import type { Shipment } from '../../shared/contracts/shipments';
import { documentsT } from './document-strings';
import { attachDocument } from './documents-api';
import { numberOf } from './shipment-labels';

/** The outbox's refusal of a file it has no room for, told by its name (upload-queue-full.ts). */
function isUploadQueueFull(error: unknown): error is UploadQueueFull {
  return error instanceof Error && error.name === 'UploadQueueFull';
}

/** The server's message with each detail's, or what went wrong in the page. */
export function documentErrorText(cause: unknown): string {
  if (!isApiError(cause)) return cause instanceof Error ? cause.message : String(cause);
  const details = Array.isArray(cause.details) ? (cause.details as Array<{ message?: unknown }>) : [];
  return [cause.message, ...details.map((d) => String(d.message ?? ''))].filter(Boolean).join(' — ');
}

/**
 * Uploads a file as a document (a picture as a photo first scaled to 2,048 px): at once when online, else
 * kept on the device and sent by the outbox. Says how it went in a toast; answers whether it was taken.
 */
export async function addDocument(
  client: QueryClient,
  shipment: Shipment,
  picked: File,
  type: ShipmentDocumentType,
): Promise<boolean> {
  let blob: Blob = picked;
  let fileName = picked.name;
  if (type === 'photo' && picked.type.startsWith('image/')) {
    try {
      blob = await scalePhoto(picked);
      fileName = photoFileName(picked.name);
    } catch {
      showToast({ status: 'error', title: documentsT('noPhoto') });
      return false;
    }
  }
  try {
    const label = `${numberOf(shipment)} · ${documentsT(`type.${type}`)} · ${fileName}`;
    const outcome = await attachDocument(client, shipment._id, { blob, fileName }, type, label);
    showToast(
      'queued' in outcome
        ? { id: 'outbox-queued', status: 'info', title: documentsT('queued') }
        : { status: 'success', title: documentsT('attached', { name: fileName }) },
    );
    return true;
  } catch (error) {
    const title = isUploadQueueFull(error)
      ? documentsT('queueFull', { used: formatBytes(error.space.used), limit: formatBytes(error.space.limit) })
      : isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE'
        ? documentsT('tooLarge')
        : documentErrorText(error);
    showToast({ status: 'error', title });
    return false;
  }
}
