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

/** What `SaveConflictDialog` needs of a save: the part of `useConflictAwareSave`'s result about a conflict. */
export interface ConflictingSave {
  conflict: VersionConflict | undefined;
  busy: boolean;
  dismissConflict: () => void;
  overwrite: () => Promise<unknown>;
}

/**
 * The conflict dialog of a form saved through `useConflictAwareSave`, written once: nothing while there is
 * no conflict; Reload closes it before the form shows the stored version (`onReload`), Overwrite sends the
 * change again.
 */
export function SaveConflictDialog({
  save,
  noun,
  onReload,
}: {
  save: ConflictingSave;
  noun: string;
  /** Shows the stored version (refetch, reset the form, or leave it); the dialog is closed first. */
  onReload: () => void;
}) {
  if (!save.conflict) return null;
  return (
    <ConflictDialog
      conflict={save.conflict}
      noun={noun}
      busy={save.busy}
      onClose={save.dismissConflict}
      onReload={() => {
        save.dismissConflict();
        onReload();
      }}
      onOverwrite={() => void save.overwrite()}
    />
  );
}
