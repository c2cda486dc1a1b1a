import { Box } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { outboxHint, subscribeOutboxHint } from '../lib/outbox/outbox-hint';
import { useOnline } from '../lib/resource-kit/use-online';

const OutboxIndicator = lazy(() => import('./outbox-indicator'));

/**
 * Loads the nav bar's outbox indicator only when it has something to say: offline, or with changes in the
 * outbox (the count kept in local storage). Online with an empty outbox, the first load carries none of it.
 */
export function OutboxIndicatorGate() {
  const online = useOnline();
  const attention = useSyncExternalStore(
    subscribeOutboxHint,
    () => outboxHint().attention,
    () => 0,
  );
  if (online && attention === 0) return null;
  // Left out of the frame's picture (frame-snapshot-capture.ts): the status and count would be stale.
  return (
    <Box display="contents" data-snapshot-omit="">
      <Suspense fallback={null}>
        <OutboxIndicator />
      </Suspense>
    </Box>
  );
}
