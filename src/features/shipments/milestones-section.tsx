import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { formatDateTime } from '../../lib/i18n/format';
import { PENDING_MARK } from '../../lib/outbox/optimistic';
import { useCan } from '../../lib/resource-kit/permission-gate';
import { useOnline } from '../../lib/resource-kit/use-online';
import { Pill } from '../../lib/ui/pill';
import type { ShipmentEvent } from '../../shared/contracts/shipment-events';
import type { Shipment } from '../../shared/contracts/shipments';
import { EVENT_CLASSIFIERS } from '../../shared/shipments/milestones';
import { AddMilestoneDialog } from './add-milestone-dialog';
import { shipmentsResource } from './api';
import {
  followKey,
  followQueryOptions,
  setFollowing,
  shipmentEventsQueryOptions,
  type ShipmentEventsList,
} from './events-api';
import { useMilestonesT } from './milestone-strings';
import { timelineGroups, type TimelineRow } from './milestone-timeline';
import { formatAtPlace, usePlaceZone } from './place-zones';
import { DetailSection } from './detail-section';

type ListedEvent = ShipmentEventsList['items'][number];

/**
 * A shipment's milestones on its screen: per step of the route and per container, the planned, estimated
 * and actual times side by side at the place's clock; then every event in time order, retracted ones
 * struck through with who retracted them. "Add milestone" offers the steps that come next.
 */
export function MilestonesSection({ shipment }: { shipment: Shipment }) {
  const t = useMilestonesT();
  const client = useQueryClient();
  const online = useOnline();
  const canAdd = useCan('shipments', 'create');
  const query = useQuery(shipmentEventsQueryOptions(shipment._id));
  const zoneOf = usePlaceZone(shipment.mode === 'air');
  const [dialog, setDialog] = useState<{ correcting: ShipmentEvent | null } | null>(null);

  // Events that landed (from this device, another device or the outbox) may move the status on.
  const listedStatus = query.data?.meta.status;
  useEffect(() => {
    if (listedStatus && listedStatus !== shipment.status && !(PENDING_MARK in shipment))
      void client.invalidateQueries({ queryKey: shipmentsResource.keys.item(shipment._id) });
  }, [listedStatus, shipment, client]);

  const events = query.data?.items ?? [];
  const groups = timelineGroups(shipment, events);
  const at = (event: ShipmentEvent) => formatAtPlace(event.at, zoneOf(event.location));

  return (
    <DetailSection
      id="milestones"
      title={t('title')}
      actions={
        <Flex gap={2} wrap="wrap">
          <FollowButton shipmentId={shipment._id} />
          {canAdd && (
            <Button size="sm" colorPalette="brand" onClick={() => setDialog({ correcting: null })}>
              {t('add')}
            </Button>
          )}
        </Flex>
      }
    >
      {!online && (
        <Text textStyle="sm" color="fg.muted" marginBottom={2}>
          {t('offline')}
        </Text>
      )}
      {query.isPending && <Text role="status">{t('loading')}</Text>}
      {query.isError && !query.data && (
        <Stack role="alert" gap={2}>
          <Text>{t('failed', { message: isApiError(query.error) ? query.error.message : '' })}</Text>
          <Box>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Box>
        </Stack>
      )}
      {query.data && events.length === 0 && <Text color="fg.muted">{t('empty')}</Text>}

      <Stack gap={4}>
        {groups.map((group) => (
          <Box key={group.containerNumber ?? 'route'} data-testid="milestone-group">
            <Text fontWeight="semibold" textStyle="sm" marginBottom={1}>
              {group.containerNumber ? t('container', { number: group.containerNumber }) : t('route')}
            </Text>
            <Box role="table" aria-label={group.containerNumber ?? t('route')}>
              <Box
                role="row"
                display="grid"
                gridTemplateColumns={{ base: '1fr 1fr 1fr', md: '1.2fr 1fr 1fr 1fr' }}
                gap={2}
                color="fg.muted"
                textStyle="xs"
              >
                <Box role="columnheader" display={{ base: 'none', md: 'block' }} />
                {EVENT_CLASSIFIERS.map((c) => (
                  <Box role="columnheader" key={c}>
                    {t(`classifier.${c}`)}
                  </Box>
                ))}
              </Box>
              {group.rows.map((row) => (
                <Row key={row.key} row={row} at={at} />
              ))}
            </Box>
          </Box>
        ))}
      </Stack>

      {events.length > 0 && (
        <Box as="details" marginTop={4}>
          <Box as="summary" cursor="pointer" fontWeight="semibold" textStyle="sm">
            {t('log')} ({events.length})
          </Box>
          <Stack as="ol" gap={2} marginTop={2} listStyleType="none" data-testid="milestone-log">
            {events.map((event) => (
              <LogEntry
                key={event._id}
                event={event}
                at={at}
                onCorrect={canAdd ? () => setDialog({ correcting: event }) : undefined}
              />
            ))}
          </Stack>
        </Box>
      )}

      {dialog && (
        <AddMilestoneDialog
          shipment={shipment}
          events={events}
          correcting={dialog.correcting}
          onClose={() => setDialog(null)}
        />
      )}
    </DetailSection>
  );
}

/** Follow or stop following: the bell then tells of each actual milestone. */
function FollowButton({ shipmentId }: { shipmentId: string }) {
  const t = useMilestonesT();
  const client = useQueryClient();
  const online = useOnline();
  const query = useQuery(followQueryOptions(shipmentId));
  const [busy, setBusy] = useState(false);
  if (!query.data) return null;
  const following = query.data.following;
  return (
    <Button
      size="sm"
      variant="outline"
      aria-pressed={following}
      loading={busy}
      disabled={!online}
      title={t('followHint')}
      onClick={() => {
        setBusy(true);
        setFollowing(shipmentId, !following)
          .then((state) => client.setQueryData(followKey(shipmentId), state))
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {following ? t('following') : t('follow')}
    </Button>
  );
}

function Row({ row, at }: { row: TimelineRow; at: (event: ShipmentEvent) => string }) {
  const t = useMilestonesT();
  const label = `${t(`code.${row.code}`)}${row.location ? ` · ${row.location}` : ''}`;
  return (
    <Box
      role="row"
      display="grid"
      gridTemplateColumns={{ base: '1fr 1fr 1fr', md: '1.2fr 1fr 1fr 1fr' }}
      gap={2}
      paddingY={1.5}
      borderTopWidth="1px"
      textStyle="sm"
      data-testid="milestone-row"
      data-code={row.code}
    >
      <Box role="rowheader" gridColumn={{ base: '1 / -1', md: 'auto' }} fontWeight="medium">
        {label}
      </Box>
      {EVENT_CLASSIFIERS.map((c) => {
        const event = row.cells[c];
        return (
          <Box role="cell" key={c} data-classifier={c} color={c === 'ACT' ? 'fg' : 'fg.muted'}>
            {event ? at(event) : '—'}
            {event && PENDING_MARK in event && (
              <Text as="span" display="block" textStyle="xs" color="orange.fg">
                {t('waiting')}
              </Text>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function LogEntry({
  event,
  at,
  onCorrect,
}: {
  event: ListedEvent;
  at: (event: ShipmentEvent) => string;
  onCorrect: (() => void) | undefined;
}) {
  const t = useMilestonesT();
  const pending = PENDING_MARK in event;
  const retracted = event.retractedBy;
  return (
    <Box as="li" borderTopWidth="1px" paddingTop={2} data-testid="milestone-event" data-retracted={!!retracted}>
      <Flex gap={2} alignItems="center" wrap="wrap">
        <Text as={retracted ? 's' : 'span'} fontWeight="medium">
          {t(`code.${event.code}`)}
        </Text>
        <Pill colorPalette={event.classifier === 'ACT' ? 'green' : 'gray'}>{t(`classifier.${event.classifier}`)}</Pill>
        {pending && <Pill colorPalette="orange">{t('waiting')}</Pill>}
      </Flex>
      <Text as={retracted ? 's' : 'p'} display="block" textStyle="sm" color="fg.muted">
        {[at(event), event.location, event.containerNumber].filter(Boolean).join(' · ')}
        {event.createdByName ? ` · ${t('recordedBy', { name: event.createdByName })}` : ''}
      </Text>
      {event.note && (
        <Text textStyle="sm" textDecoration={retracted ? 'line-through' : undefined}>
          {event.note}
        </Text>
      )}
      {retracted && (
        <Text textStyle="sm" color="red.fg">
          {t('retractedBy', { name: retracted.userName ?? t('someone'), at: formatDateTime(retracted.at) })}
        </Text>
      )}
      {!retracted && !pending && onCorrect && (
        <Button
          size="xs"
          variant="ghost"
          onClick={onCorrect}
          aria-label={`${t('correct')}: ${t(`code.${event.code}`)}`}
        >
          {t('correct')}
        </Button>
      )}
    </Box>
  );
}
