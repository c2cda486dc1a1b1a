import { Button, Flex, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { myOutboxEntries, type OutboxEntry } from '../lib/outbox/outbox-client';
import { ModalDialog } from '../lib/ui/modal-dialog';
import { useShellT } from './strings';

/**
 * Signing out with changes in the outbox (issue 12) warns first and names them: signing out discards
 * them (the outbox is the signed-in user's and is purged with the session).
 */
export default function SignOutWarning({ onSignOut, onClose }: { onSignOut: () => void; onClose: () => void }) {
  const t = useShellT();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    void myOutboxEntries().then(
      (mine) => {
        // The count was from before the last replay: nothing left to warn about.
        if (mine.length === 0) onSignOut();
        else setEntries(mine);
      },
      () => setEntries([]),
    );
  }, [onSignOut]);

  return (
    <ModalDialog title={t('signOutWarning.title', { count: entries.length })} onClose={onClose} maxWidth="md">
      <Stack gap={4}>
        <Text>{t('signOutWarning.body')}</Text>
        <List.Root paddingStart={5}>
          {entries.map((entry) => (
            <List.Item key={entry.id}>
              {entry.label || entry.recordId} ({entry.resource})
            </List.Item>
          ))}
        </List.Root>
        <Flex gap={2} justifyContent="flex-end" wrap="wrap">
          <Button
            variant="outline"
            onClick={() => {
              onClose();
              void navigate('/outbox');
            }}
          >
            {t('signOutWarning.review')}
          </Button>
          <Button colorPalette="red" onClick={onSignOut}>
            {t('signOutWarning.signOut')}
          </Button>
        </Flex>
      </Stack>
    </ModalDialog>
  );
}
