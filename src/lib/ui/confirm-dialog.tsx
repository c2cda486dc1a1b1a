import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

/**
 * "Are you sure?" before every action that cannot be taken back (delete a record or a tag, discard unsaved
 * changes, sign out other sessions, end a plan): the question in words, what the action needs (`details`,
 * such as the role that takes a deleted role's users), the refusal's message if the action failed, Cancel
 * and the red confirming button. The question is the dialog's description for screen readers. `children`
 * comes after the dialog's body (another dialog it opens, such as a version conflict).
 */
export function ConfirmDialog({
  title,
  body,
  details,
  confirmLabel,
  cancelLabel,
  busy = false,
  confirmDisabled = false,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  body: ReactNode;
  details?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  confirmDisabled?: boolean;
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const bodyId = useId();
  return (
    <ModalDialog title={title} onClose={onClose} maxWidth="md" describedBy={bodyId}>
      <Stack gap={4}>
        <Text id={bodyId}>{body}</Text>
        {details}
        {error && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error}
          </Text>
        )}
        <Flex justifyContent="flex-end" gap={2} wrap="wrap">
          <Button variant="outline" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button colorPalette="red" loading={busy} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Flex>
      </Stack>
      {children}
    </ModalDialog>
  );
}

/**
 * A button whose action cannot be taken back (remove a picture or a logo): it asks with `ConfirmDialog`
 * first, and its label is the confirming button's too.
 */
export function ConfirmedButton({
  label,
  title,
  body,
  cancelLabel,
  disabled,
  onConfirm,
}: {
  label: string;
  title: string;
  body: ReactNode;
  cancelLabel: string;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
      {asking && (
        <ConfirmDialog
          title={title}
          body={body}
          confirmLabel={label}
          cancelLabel={cancelLabel}
          onConfirm={() => {
            setAsking(false);
            onConfirm();
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
