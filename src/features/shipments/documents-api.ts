/**
 * A shipment's documents (`/shipments/{id}/documents`, docs/shipments.md): the list, attaching a file
 * (uploaded to driveserver first) and detaching one, through the outbox. A photo taken offline waits in the
 * outbox with its bytes (a Blob in IndexedDB) and is uploaded and attached when the connection returns;
 * until then the section shows it from the outbox, as waiting, with its thumbnail. A document's file is
 * read from driveserver with the shipment's permission, shown as a data URL (the page's
 * Content-Security-Policy allows `data:` images, not `blob:` ones).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiBase } from '../../lib/api/api-base';
import { apiList, authorizedFetch, NETWORK_ERROR_CODE, toApiError } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { dataUrlOf } from '../../lib/drive/data-url';
import { isQueuedWrite } from '../../lib/outbox/queued-write-error';
import { useOutboxNotices, type OutboxRefresh } from '../../lib/outbox/use-outbox-notices';
import { sendWrite } from '../../lib/outbox/write';
import { deletedItemSchema } from '../../shared/contracts/resource-contract';
import {
  shipmentDocumentSchema,
  type ShipmentDocument,
  type ShipmentDocumentType,
} from '../../shared/contracts/shipment-documents';
import type { OutboxEntry } from '../../shared/outbox/outbox-entry';

/** The outbox's resource of a document, and the first part of the list's query key. */
export const SHIPMENT_DOCUMENTS_RESOURCE = 'shipment-documents';

export const shipmentDocumentsKey = (shipmentId: string) => [SHIPMENT_DOCUMENTS_RESOURCE, shipmentId] as const;

const documentsPath = (shipmentId: string) => `/shipments/${shipmentId}/documents`;

export function shipmentDocumentsQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: shipmentDocumentsKey(shipmentId),
    queryFn: ({ signal }) =>
      apiList('shipmentserver', `${documentsPath(shipmentId)}?limit=100&sort=createdAt`, shipmentDocumentSchema, {
        signal,
      }),
  });
}

export type AttachOutcome = { landed: ShipmentDocument } | { queued: true };

/**
 * Uploads the file and attaches it as a document of `type`: at once when online, else kept in the outbox
 * with its bytes. Rejects with the server's error when refused, and with `UploadQueueFull` when the device
 * has no room left for files waiting.
 */
export async function attachDocument(
  client: QueryClient,
  shipmentId: string,
  file: { blob: Blob; fileName: string },
  type: ShipmentDocumentType,
  label: string,
): Promise<AttachOutcome> {
  try {
    // The outbox's code loads with the first file added (write.ts loads it likewise).
    const { sendWriteWithFile } = await import('../../lib/outbox/queued-write');
    const landed = await sendWriteWithFile(
      {
        service: 'shipmentserver',
        path: documentsPath(shipmentId),
        method: 'POST',
        body: { type },
        resource: SHIPMENT_DOCUMENTS_RESOURCE,
        recordId: null,
        label,
      },
      { ...file, field: 'fileId' },
      shipmentDocumentSchema,
    );
    await client.invalidateQueries({ queryKey: shipmentDocumentsKey(shipmentId) });
    return { landed };
  } catch (error) {
    if (isQueuedWrite(error)) return { queued: true };
    throw error;
  }
}

/** Detaches a document (the file stays in the drive); kept in the outbox when offline. */
export async function detachDocument(client: QueryClient, document: ShipmentDocument, label: string): Promise<void> {
  try {
    await sendWrite(
      {
        service: 'shipmentserver',
        path: `${documentsPath(document.shipmentId)}/${document._id}`,
        method: 'DELETE',
        resource: SHIPMENT_DOCUMENTS_RESOURCE,
        recordId: document._id,
        label,
      },
      deletedItemSchema,
    );
  } catch (error) {
    if (!isQueuedWrite(error)) throw error;
  }
  client.setQueryData<{ items: ShipmentDocument[]; meta: unknown }>(
    shipmentDocumentsKey(document.shipmentId),
    (list) => (list ? { ...list, items: list.items.filter((d) => d._id !== document._id) } : list),
  );
}

const contentPath = (fileId: string) => `/filesystem/file/${fileId}/content`;

async function fetchContent(fileId: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await authorizedFetch(`${apiBase('driveserver')}${contentPath(fileId)}`, { signal });
  } catch (error) {
    throw new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/** Hands a document's file to the browser as a download, named as it is stored. */
export async function downloadDocument(document: Pick<ShipmentDocument, 'fileId' | 'fileName'>): Promise<void> {
  const url = URL.createObjectURL(await fetchContent(document.fileId));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An image document's picture as a data URL (kept for the session: a document's file never changes). */
export function useDocumentThumbnail(document: Pick<ShipmentDocument, 'fileId' | 'contentType'>): string | undefined {
  return useQuery({
    queryKey: ['shipment-document-file', document.fileId],
    queryFn: async ({ signal }) => dataUrlOf(await fetchContent(document.fileId, signal)),
    enabled: document.contentType.startsWith('image/'),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  }).data;
}

/** A document waiting in the outbox to be uploaded and attached, with its picture. */
export interface QueuedDocument {
  entryId: string;
  fileName: string;
  type: ShipmentDocumentType | null;
  status: OutboxEntry['status'];
  error: string | null;
  thumbnail: string | null;
}

/**
 * The user's documents for this shipment still in the outbox, kept current as the outbox changes. The
 * outbox's code loads with the first of these screens, not with the shipment's (write.ts loads it likewise).
 */
export function useQueuedDocuments(client: QueryClient, shipmentId: string): QueuedDocument[] {
  const [queued, setQueued] = useState<QueuedDocument[]>([]);
  const refresh = useMemo<OutboxRefresh>(() => {
    // The thumbnails of this shipment's files waiting (a file kept for an entry never changes).
    const thumbnails = new Map<string, string | null>();
    return async (outbox, notice, signal) => {
      if (notice?.kind === 'landed') void client.invalidateQueries({ queryKey: shipmentDocumentsKey(shipmentId) });
      const entries = (await outbox.myOutboxEntries()).filter(
        (entry) => entry.upload && entry.method === 'POST' && entry.path === documentsPath(shipmentId),
      );
      const shown: QueuedDocument[] = [];
      for (const entry of entries) {
        if (!thumbnails.has(entry.id)) {
          const blob = await outbox.queuedFile(entry.id).catch(() => undefined);
          thumbnails.set(
            entry.id,
            blob && blob.type.startsWith('image/') ? await dataUrlOf(blob).catch(() => null) : null,
          );
        }
        const type = entry.body?.type;
        shown.push({
          entryId: entry.id,
          fileName: entry.upload?.fileName ?? '',
          type: typeof type === 'string' ? (type as ShipmentDocumentType) : null,
          status: entry.status,
          error: entry.error?.message ?? null,
          thumbnail: thumbnails.get(entry.id) ?? null,
        });
      }
      if (!signal.aborted) setQueued(shown);
    };
  }, [client, shipmentId]);
  useOutboxNotices(SHIPMENT_DOCUMENTS_RESOURCE, refresh);
  return queued;
}
