import { Button, Flex, Text } from '@chakra-ui/react';
import type { VersionConflict } from '../../shared/api-envelope';
import { ModalDialog } from '../ui/modal-dialog';
import { canOverwrite, conflictMessage } from './version-conflict';
import { useKitT } from './strings';

/**
 * Shown when a save meets `409 VERSION_CONFLICT`: who changed the record and when, and the two ways on.
 * Reload shows their version (this form's changes are dropped); overwrite saves this form over theirs.
 */
export function ConflictDialog({
  conflict,
  noun,
  busy,
  onReload,
  onOverwrite,
  onClose,
}: {
  conflict: VersionConflict;
  /** "user", "role": the word in the message. */
  noun: string;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const t = useKitT();
  return (
    <ModalDialog title={t('conflict.title', { noun })} onClose={onClose} maxWidth="md">
      <Text>{conflictMessage(conflict, noun)}</Text>
      <Text marginTop={2} color="fg.muted" textStyle="sm">
        {t('conflict.body')}
      </Text>
      <Flex gap={3} marginTop={6} justifyContent="flex-end" wrap="wrap">
        <Button variant="outline" onClick={onReload} disabled={busy}>
          {t('conflict.reload')}
        </Button>
        <Button colorPalette="red" onClick={onOverwrite} disabled={busy || !canOverwrite(conflict)}>
          {t('conflict.overwrite')}
        </Button>
      </Flex>
    </ModalDialog>
  );
}
