import { Button, chakra, Flex, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField, SelectInput, SelectOptions } from '../../lib/resource-kit/form-field';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { SHIPMENT_DOCUMENT_TYPES, type ShipmentDocumentType } from '../../shared/contracts/shipment-documents';
import type { Shipment } from '../../shared/contracts/shipments';
import { addDocument } from './add-document';
import { useDocumentsT } from './document-strings';

/** The type a file most likely is, before the user says: a picture is a photo, anything else is left to choose. */
function guessedType(file: File | null, shipment: Shipment): ShipmentDocumentType {
  if (file?.type.startsWith('image/')) return 'photo';
  return shipment.mode === 'air' ? 'air-waybill' : 'bill-of-lading';
}

/** "Add document": a file of the device and its type (in words), then Attach. */
export function AddDocumentDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const t = useDocumentsT();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<ShipmentDocumentType | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenType = type ?? guessedType(file, shipment);

  return (
    <ModalDialog title={t('add')} onClose={onClose} maxWidth="md">
      <chakra.form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return;
          setBusy(true);
          void addDocument(client, shipment, file, chosenType).then((taken) => {
            setBusy(false);
            if (taken) onClose();
          });
        }}
      >
        <Stack gap={4}>
          <FormField label={t('file')}>
            {(control) => (
              <chakra.input
                {...control}
                type="file"
                required
                textStyle="sm"
                maxWidth="100%"
                onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              />
            )}
          </FormField>
          <FormField label={t('type')}>
            {(control) => (
              <SelectInput
                {...control}
                value={chosenType}
                onChange={(event) => setType(event.currentTarget.value as ShipmentDocumentType)}
              >
                <SelectOptions values={SHIPMENT_DOCUMENT_TYPES} label={(value) => t(`type.${value}`)} />
              </SelectInput>
            )}
          </FormField>
          <Flex gap={2} justifyContent="flex-end" wrap="wrap">
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" colorPalette="brand" disabled={!file} loading={busy} loadingText={t('attaching')}>
              {t('attach')}
            </Button>
          </Flex>
        </Stack>
      </chakra.form>
    </ModalDialog>
  );
}
