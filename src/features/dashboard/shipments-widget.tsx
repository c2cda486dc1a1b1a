/**
 * The dashboard's first row for a role that reads shipments: the open shipments by status, and this week's
 * departures and arrivals (Monday to Sunday in the user's zone), each a link to the list filtered the same
 * way. Its own chunk with its own words and a narrow schema of `GET /shipments/summary`: the dashboard's
 * first load carries none of the shipment contract.
 */
import { Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { apiCall } from '../../lib/api/api-client';
import { defineStrings } from '../../lib/i18n/define-strings';
import { formatNumber, todayInUserZone } from '../../lib/i18n/format';
import { weekOf } from '../../shared/calendar-week';
import { DASHBOARD_KEY } from './dashboard-api';
import { QueryWidget, WidgetFrame } from './widget';

/** The open statuses, in the order a job moves through them (the contract's OPEN_STATUSES). */
const OPEN = ['draft', 'booked', 'in-transit', 'arrived', 'delivered'] as const;
const summarySchema = z.object({
  open: z.record(z.string(), z.number()),
  departures: z.number(),
  arrivals: z.number(),
});

const { useT } = defineStrings(
  'dashboard-shipments',
  {
    title: 'Shipments',
    open: 'Open shipments',
    week: 'This week, {{from}} to {{to}}',
    departures: 'Departures',
    arrivals: 'Arrivals',
    'status.draft': 'Draft',
    'status.booked': 'Booked',
    'status.in-transit': 'In transit',
    'status.arrived': 'Arrived',
    'status.delivered': 'Delivered',
  },
  // Spanish only when it is shown.
  () => import('./shipments-widget.es').then((module) => module.default),
);

const openList = `status=${OPEN.join(',')}`;

export default function ShipmentsWidget() {
  const t = useT();
  const week = weekOf(todayInUserZone());
  const query = useQuery({
    queryKey: [...DASHBOARD_KEY, 'shipments', week.from, week.to] as const,
    staleTime: 0,
    retry: 1,
    queryFn: () => apiCall('shipmentserver', `/shipments/summary?from=${week.from}&to=${week.to}`, summarySchema),
  });
  return (
    <WidgetFrame id="shipments" title={t('title')}>
      <QueryWidget query={query}>
        {(summary) => (
          <Flex gap={6} wrap="wrap">
            <Stack gap={2}>
              <Link asChild color="brand.fg" textStyle="sm" fontWeight="medium">
                <RouterLink to={`/shipments?${openList}`}>{t('open')}</RouterLink>
              </Link>
              <Flex gap={4} wrap="wrap">
                {OPEN.map((status) => (
                  <Figure
                    key={status}
                    id={status}
                    label={t(`status.${status}`)}
                    value={summary.open[status] ?? 0}
                    to={`/shipments?status=${status}`}
                  />
                ))}
              </Flex>
            </Stack>
            <Stack gap={2}>
              <Text textStyle="sm" fontWeight="medium" color="fg.muted">
                {t('week', { from: week.from, to: week.to })}
              </Text>
              <Flex gap={4} wrap="wrap">
                <Figure
                  id="departures"
                  label={t('departures')}
                  value={summary.departures}
                  to={`/shipments?${openList}&etdFrom=${week.from}&etdTo=${week.to}`}
                />
                <Figure
                  id="arrivals"
                  label={t('arrivals')}
                  value={summary.arrivals}
                  to={`/shipments?${openList}&etaFrom=${week.from}&etaTo=${week.to}`}
                />
              </Flex>
            </Stack>
          </Flex>
        )}
      </QueryWidget>
    </WidgetFrame>
  );
}

function Figure({ id, label, value, to }: { id: string; label: string; value: number; to: string }) {
  return (
    <Link asChild textDecoration="none" _hover={{ textDecoration: 'underline' }} data-figure={id}>
      <RouterLink to={to}>
        <Stack gap={0}>
          <Text textStyle="xs" color="fg.muted">
            {label}
          </Text>
          <Text textStyle="2xl" fontWeight="semibold" data-value={value}>
            {formatNumber(value)}
          </Text>
        </Stack>
      </RouterLink>
    </Link>
  );
}
