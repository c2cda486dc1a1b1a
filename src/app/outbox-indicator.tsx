import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTime } from '../lib/i18n/format';
import { useOutboxSummary, watchOutbox } from '../lib/outbox/outbox-watch';
import { useOnline } from '../lib/resource-kit/use-online';
import { Icon } from './icons';
import { useShellT } from './strings';

/** The oldest time the data on screen was loaded (the "as of" of an offline screen), kept current. */
function useDataAsOf(): number | null {
  const cache = useQueryClient().getQueryCache();
  const oldest = () => {
    let at: number | null = null;
    for (const query of cache.getAll()) {
      const updated = query.state.dataUpdatedAt;
      if (query.getObserversCount() > 0 && updated > 0 && (at === null || updated < at)) at = updated;
    }
    return at;
  };
  return useSyncExternalStore(
    (notify) => cache.subscribe(notify),
    oldest,
    () => null,
  );
}

/**
 * The nav bar's offline indicator (issue 12): "Offline · 3 waiting · as of 10:32" while offline, the
 * number of changes waiting or needing the user while online, nothing when all is sent. Opens the outbox,
 * which has the details. On a phone it is compact (issue 24): an icon and the count, one row of the bar;
 * the whole sentence stays its accessible name.
 */
export default function OutboxIndicator() {
  const t = useShellT();
  const online = useOnline();
  const { waiting, failed, conflicts, asking } = useOutboxSummary();
  const asOf = useDataAsOf();
  useEffect(() => watchOutbox(), []);
  // Entries too old to be sent on their own wait for the user, as refused and conflicting ones do.
  const problems = failed + conflicts + asking;
  if (online && waiting === 0 && problems === 0) return null;
  const parts = [
    ...(online ? [] : [t('outbox.offline')]),
    ...(waiting > 0 || !online ? [t('outbox.waiting', { count: waiting })] : []),
    ...(problems > 0 ? [t('outbox.problems', { count: problems })] : []),
    ...(!online && asOf ? [t('outbox.asOf', { time: formatTime(asOf) })] : []),
  ];
  return (
    <Link asChild textDecoration="none" _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/outbox" aria-label={`${t('outbox.open')}: ${parts.join(', ')}`} data-testid="outbox-indicator">
        <HStack
          gap={{ base: 1, md: 2 }}
          paddingX={{ base: 2, md: 3 }}
          paddingY={1}
          whiteSpace="nowrap"
          borderRadius="full"
          bg={problems > 0 ? 'red.subtle' : online ? 'brand.subtle' : 'orange.subtle'}
          color={problems > 0 ? 'red.fg' : online ? 'brand.fg' : 'orange.fg'}
          textStyle="xs"
          fontWeight="medium"
        >
          <Box
            hideBelow={online ? undefined : 'md'}
            width="2"
            height="2"
            borderRadius="full"
            bg={online ? 'green.solid' : 'orange.solid'}
            aria-hidden="true"
          />
          {!online && (
            <Box hideFrom="md" display="inline-flex" aria-hidden="true" css={{ '& svg': { width: 4, height: 4 } }}>
              <Icon name="offline" />
            </Box>
          )}
          <Text hideBelow="md">{parts.join(' · ')}</Text>
          {(waiting > 0 || problems > 0) && (
            <Text hideFrom="md" aria-hidden="true" fontVariantNumeric="tabular-nums">
              {waiting + problems}
            </Text>
          )}
        </HStack>
      </RouterLink>
    </Link>
  );
}
