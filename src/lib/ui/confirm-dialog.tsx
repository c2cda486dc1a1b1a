import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

/**
 * "Are you sure?" before an action that cannot be taken back (delete a record, end a plan): the question,
 * the refusal's message if the action failed, Cancel and the red confirming button. `children` comes after
 * the dialog's body (another dialog it opens, such as a version conflict).
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <ModalDialog title={title} onClose={onClose} maxWidth="md">
      <Stack gap={4}>
        <Text>{body}</Text>
        {error && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error}
          </Text>
        )}
        <Flex justifyContent="flex-end" gap={2}>
          <Button variant="outline" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Flex>
      </Stack>
      {children}
    </ModalDialog>
  );
}
