import { Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useOutboxSummary } from '../lib/outbox/outbox-watch';
import { applyUpdate } from '../lib/service-worker';
import { useShellT } from './strings';

/**
 * "Reload to update" (issue 12): shown while a new build's worker waits. With writes in the outbox the
 * button first has them sent and says how many wait; the worker itself also refuses to take over until the
 * outbox is empty (sw/lifecycle.ts), and the page reloads when it does take over.
 */
export default function UpdatePrompt() {
  const t = useShellT();
  const { waiting } = useOutboxSummary();
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (!asked) return;
    if (waiting > 0) {
      void import('../lib/outbox/outbox-client').then((client) => client.requestReplay());
      return;
    }
    applyUpdate();
    // The worker declines while a write waits (one queued meanwhile, in any tab): ask again a little later.
    const again = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === 'update-deferred') setTimeout(applyUpdate, 2_000);
    };
    navigator.serviceWorker?.addEventListener('message', again);
    return () => navigator.serviceWorker?.removeEventListener('message', again);
  }, [asked, waiting]);

  return (
    <Flex
      role="status"
      aria-live="polite"
      position="fixed"
      bottom={4}
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      gap={3}
      alignItems="center"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      boxShadow="lg"
      paddingX={4}
      paddingY={3}
    >
      <Text textStyle="sm">
        {asked && waiting > 0 ? t('update.waiting', { count: waiting }) : t('update.available')}
        {!asked && waiting > 0 ? ` ${t('outbox.waiting', { count: waiting })}.` : ''}
      </Text>
      <Button size="sm" colorPalette="brand" loading={asked} onClick={() => setAsked(true)}>
        {t('update.reload')}
      </Button>
    </Flex>
  );
}
