import { Box, Button, chakra, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { formatBytes } from '../../lib/drive/format-bytes';
import { formatDateTime } from '../../lib/i18n/format';
import { useCan } from '../../lib/resource-kit/permission-gate';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { Pill } from '../../lib/ui/pill';
import { showToast } from '../../lib/ui/toast-store';
import { usePhone } from '../../lib/ui/use-phone';
import type { ShipmentDocument } from '../../shared/contracts/shipment-documents';
import type { Shipment } from '../../shared/contracts/shipments';
import { addDocument, documentErrorText } from './add-document';
import { AddDocumentDialog } from './add-document-dialog';
import { useDocumentsT } from './document-strings';
import {
  detachDocument,
  downloadDocument,
  shipmentDocumentsQueryOptions,
  useDocumentThumbnail,
  useQueuedDocuments,
  type QueuedDocument,
} from './documents-api';
import { numberOf } from './shipment-labels';
import { DetailSection } from './detail-section';

/**
 * A shipment's documents on its screen (issue 25): pictures as thumbnails, other files by name, each with
 * its type in words, a download and a detach; "Add document" (a file and its type) and, on a phone, "Add
 * photo" straight from the camera. A photo taken offline shows at once, waiting to upload, with its picture.
 */
export function DocumentsSection({ shipment }: { shipment: Shipment }) {
  const t = useDocumentsT();
  const client = useQueryClient();
  const phone = usePhone();
  const canAdd = useCan('shipments', 'create');
  const canDetach = useCan('shipments', 'delete');
  const query = useQuery(shipmentDocumentsQueryOptions(shipment._id));
  const queued = useQueuedDocuments(client, shipment._id);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [detaching, setDetaching] = useState<ShipmentDocument | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const documents = query.data?.items ?? [];

  const takePhoto = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    await addDocument(client, shipment, file, 'photo').finally(() => setBusy(false));
  };

  return (
    <DetailSection
      id="documents"
      title={t('title')}
      actions={
        canAdd && (
          <Flex gap={2} wrap="wrap">
            {phone && (
              <>
                <Button size="sm" colorPalette="brand" loading={busy} onClick={() => camera.current?.click()}>
                  {t('addPhoto')}
                </Button>
                <chakra.input
                  ref={camera}
                  type="file"
                  accept="image/*"
                  capture="environment"
                  display="none"
                  aria-hidden="true"
                  tabIndex={-1}
                  data-testid="photo-input"
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    event.currentTarget.value = '';
                    void takePhoto(file);
                  }}
                />
              </>
            )}
            <Button
              size="sm"
              variant={phone ? 'outline' : 'solid'}
              colorPalette="brand"
              onClick={() => setAdding(true)}
            >
              {t('add')}
            </Button>
          </Flex>
        )
      }
    >
      {busy && (
        <Text role="status" textStyle="sm" color="fg.muted" marginBottom={2}>
          {t('preparing')}
        </Text>
      )}
      {query.isPending && queued.length === 0 && <Text role="status">{t('loading')}</Text>}
      {query.isError && !query.data && (
        <Stack role="alert" gap={2} marginBottom={2}>
          <Text>{t('failed', { message: isApiError(query.error) ? query.error.message : '' })}</Text>
          <Box>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Box>
        </Stack>
      )}
      {query.data && documents.length === 0 && queued.length === 0 && <Text color="fg.muted">{t('empty')}</Text>}

      <Grid as="ul" listStyleType="none" gap={3} templateColumns="repeat(auto-fill, minmax(9.5rem, 1fr))">
        {queued.map((document) => (
          <QueuedCard key={document.entryId} document={document} />
        ))}
        {documents.map((document) => (
          <DocumentCard
            key={document._id}
            document={document}
            onDetach={canDetach ? () => setDetaching(document) : undefined}
          />
        ))}
      </Grid>

      {adding && <AddDocumentDialog shipment={shipment} onClose={() => setAdding(false)} />}
      {detaching && (
        <ConfirmDialog
          title={t('detachTitle')}
          body={t('detachBody', { name: detaching.fileName })}
          confirmLabel={t('detach')}
          cancelLabel={t('cancel')}
          onConfirm={() => {
            const document = detaching;
            setDetaching(null);
            detachDocument(client, document, `${numberOf(shipment)} · ${document.fileName}`).then(
              () => showToast({ status: 'success', title: t('detached', { name: document.fileName }) }),
              (error: unknown) => showToast({ status: 'error', title: documentErrorText(error) }),
            );
          }}
          onClose={() => setDetaching(null)}
        />
      )}
    </DetailSection>
  );
}

/** The picture, or a tile with the file's kind, at the top of a card. */
function Preview({ src, name, kind }: { src: string | null | undefined; name: string; kind: string }) {
  const t = useDocumentsT();
  return src ? (
    <chakra.img
      src={src}
      alt={t('thumbnail', { name })}
      width="100%"
      height="7rem"
      objectFit="cover"
      borderRadius="l2"
      bg="bg.muted"
      data-testid="document-thumbnail"
    />
  ) : (
    <Flex
      height="7rem"
      alignItems="center"
      justifyContent="center"
      borderRadius="l2"
      bg="bg.muted"
      color="fg.muted"
      fontWeight="semibold"
      textStyle="sm"
      aria-hidden="true"
    >
      {kind}
    </Flex>
  );
}

/** The file's kind from its name or type, as a tile says it: `PDF`, `JPG`. */
function kindOf(fileName: string, contentType: string): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1];
  return (extension ?? contentType.split('/')[1] ?? '').toUpperCase();
}

function DocumentCard({ document, onDetach }: { document: ShipmentDocument; onDetach: (() => void) | undefined }) {
  const t = useDocumentsT();
  const thumbnail = useDocumentThumbnail(document);
  const size = formatBytes(document.size);
  const at = formatDateTime(document.createdAt);
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding={2}
      minWidth={0}
      data-testid="document"
      data-state="stored"
      data-type={document.type}
    >
      <Preview src={thumbnail} name={document.fileName} kind={kindOf(document.fileName, document.contentType)} />
      <Text fontWeight="medium" textStyle="sm" marginTop={2}>
        {t(`type.${document.type}`)}
      </Text>
      <Text textStyle="xs" truncate title={document.fileName}>
        {document.fileName}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        {document.createdByName
          ? t('attachedBy', { size, name: document.createdByName, at })
          : t('attachedAt', { size, at })}
      </Text>
      <Flex gap={1} marginTop={1} wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          aria-label={t('downloadName', { name: document.fileName })}
          onClick={() =>
            void downloadDocument(document).catch((error: unknown) =>
              showToast({
                status: 'error',
                title: isApiError(error) && error.status === 0 ? t('needsConnection') : documentErrorText(error),
              }),
            )
          }
        >
          {t('download')}
        </Button>
        {onDetach && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t('detachName', { name: document.fileName })}
            onClick={onDetach}
          >
            {t('detach')}
          </Button>
        )}
      </Flex>
    </Box>
  );
}

function QueuedCard({ document }: { document: QueuedDocument }) {
  const t = useDocumentsT();
  const failed = document.status !== 'pending';
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="l2"
      padding={2}
      minWidth={0}
      data-testid="document"
      data-state="waiting"
    >
      <Preview src={document.thumbnail} name={document.fileName} kind={kindOf(document.fileName, '')} />
      <Text fontWeight="medium" textStyle="sm" marginTop={2}>
        {document.type ? t(`type.${document.type}`) : ''}
      </Text>
      <Text textStyle="xs" truncate title={document.fileName}>
        {document.fileName}
      </Text>
      <Pill colorPalette={failed ? 'red' : 'orange'} marginTop={1}>
        {failed ? t('uploadFailed') : t('waiting')}
      </Pill>
      {failed && document.error && (
        <Text textStyle="xs" color="fg.error" marginTop={1}>
          {document.error}
        </Text>
      )}
    </Box>
  );
}
