import { Button, Flex, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useKitT } from './strings';

/**
 * The end of every form of the app: the form's own error line (a refusal that belongs to no field), then
 * Discard or Cancel and the submit button. Written once so every form says its error the same way and a
 * discard that would throw typed changes away asks first (`discard.confirm`). `start` holds the record's
 * own actions on the left (History, Delete).
 */
export function FormFooter({
  error,
  saveLabel,
  busy = false,
  saveDisabled = false,
  discard,
  start,
}: {
  error?: string | undefined;
  /** Without it the form has no submit button (a role that may only read). */
  saveLabel?: string;
  busy?: boolean;
  saveDisabled?: boolean;
  /** Cancel (leaves the form) or Discard changes (resets it); `confirm` asks first, as typed changes go. */
  discard?: { label: string; onDiscard: () => void; disabled?: boolean; confirm?: boolean };
  start?: ReactNode;
}) {
  const t = useKitT();
  const [asking, setAsking] = useState(false);
  return (
    <>
      {error && (
        <Text role="alert" color="fg.error" textStyle="sm">
          {error}
        </Text>
      )}
      <Flex gap={3} justifyContent={start ? 'space-between' : 'flex-end'} wrap="wrap">
        {start && <Flex gap={2}>{start}</Flex>}
        {(discard || saveLabel) && (
          <Flex gap={2} wrap="wrap">
            {discard && (
              <Button
                variant="outline"
                disabled={discard.disabled}
                onClick={() => (discard.confirm ? setAsking(true) : discard.onDiscard())}
              >
                {discard.label}
              </Button>
            )}
            {saveLabel && (
              <Button type="submit" colorPalette="brand" loading={busy} disabled={saveDisabled}>
                {saveLabel}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      {asking && discard && (
        <ConfirmDialog
          title={t('discard.title')}
          body={t('discard.question')}
          confirmLabel={t('discard.confirm')}
          cancelLabel={t('discard.keep')}
          onConfirm={() => {
            setAsking(false);
            discard.onDiscard();
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/**
 * The footer of a settings page that edits one stored record in place (company, user profile): Save and a
 * Discard changes that asks first and puts the stored values back. Without `editable` (a role that may only
 * read) it shows only the form's error line.
 */
export function RecordFormFooter({
  save,
  editable,
  dirty,
  saveLabel,
  discardLabel,
  onDiscard,
}: {
  save: { formError: string | undefined; busy: boolean };
  editable: boolean;
  /** The form has typed changes: Discard is offered only then. */
  dirty: boolean;
  saveLabel: string;
  discardLabel: string;
  /** Resets the form to the stored record. */
  onDiscard: () => void;
}) {
  return (
    <FormFooter
      error={save.formError}
      busy={save.busy}
      {...(editable
        ? { saveLabel, discard: { label: discardLabel, disabled: !dirty || save.busy, confirm: true, onDiscard } }
        : {})}
    />
  );
}
