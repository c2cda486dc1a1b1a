/**
 * The office's day on the dashboard, for a role that reads shipments: "Needs attention" (late, at risk, on
 * hold: `GET /shipments/attention`) and the arrivals and departures of today and the next 7 days in the
 * user's zone (`GET /shipments/movements`). Each line opens its shipment. Its own chunk with its own words.
 */
import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { apiCall, apiList } from '../../lib/api/api-client';
import { defineStrings } from '../../lib/i18n/define-strings';
import { formatDate, formatDateTime, todayInUserZone, userZoneInstant } from '../../lib/i18n/format';
import { Pill } from '../../lib/ui/pill';
import {
  attentionItemSchema,
  attentionMeta,
  movementsSchema,
  type AttentionReason,
  type MovementItem,
} from '../../shared/contracts/shipment-attention';
import { DASHBOARD_KEY } from './dashboard-api';
import { QueryWidget, WidgetFrame } from './widget';

const { useT } = defineStrings(
  'dashboard-attention',
  {
    attention: 'Needs attention',
    attentionNone: 'Nothing is late, at risk or on hold.',
    counts: '{{late}} late · {{atRisk}} at risk · {{onHold}} on hold',
    'reason.late': 'Late',
    'reason.at-risk': 'At risk',
    'reason.on-hold': 'On hold',
    expected: 'expected {{at}}',
    arrivals: 'Arrivals',
    departures: 'Departures',
    period: 'Today and the next 7 days, {{from}} to {{to}}',
    noArrivals: 'No arrivals in these days.',
    noDepartures: 'No departures in these days.',
    actual: 'done',
    more: 'and {{count}} more',
  },
  {
    attention: 'Requieren atención',
    attentionNone: 'Nada va con retraso, en riesgo ni retenido.',
    counts: '{{late}} con retraso · {{atRisk}} en riesgo · {{onHold}} retenidos',
    'reason.late': 'Con retraso',
    'reason.at-risk': 'En riesgo',
    'reason.on-hold': 'Retenido',
    expected: 'previsto {{at}}',
    arrivals: 'Llegadas',
    departures: 'Salidas',
    period: 'Hoy y los próximos 7 días, del {{from}} al {{to}}',
    noArrivals: 'No hay llegadas en estos días.',
    noDepartures: 'No hay salidas en estos días.',
    actual: 'hecho',
    more: 'y {{count}} más',
  },
);

const PALETTE: Record<AttentionReason, string> = { late: 'red', 'at-risk': 'orange', 'on-hold': 'purple' };
const SHOWN = 10;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export default function AttentionWidget() {
  const t = useT();
  const attention = useQuery({
    queryKey: [...DASHBOARD_KEY, 'attention'] as const,
    staleTime: 0,
    retry: 1,
    queryFn: () =>
      apiList('shipmentserver', '/shipments/attention?limit=50', attentionItemSchema, { meta: attentionMeta }),
  });
  const today = todayInUserZone();
  const last = addDays(today, 7);
  const from = userZoneInstant(today);
  const to = userZoneInstant(addDays(today, 8));
  const movements = useQuery({
    queryKey: [...DASHBOARD_KEY, 'movements', from, to] as const,
    staleTime: 0,
    retry: 1,
    queryFn: () =>
      apiCall(
        'shipmentserver',
        `/shipments/movements?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        movementsSchema,
      ),
  });

  return (
    // A plain grid box: Chakra's SimpleGrid would cost the dashboard's first load its code.
    <Box display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }} gap={4}>
      <WidgetFrame id="attention" title={t('attention')}>
        <QueryWidget query={attention} isEmpty={(d) => d.items.length === 0} empty={t('attentionNone')}>
          {({ items, meta }) => (
            <Stack gap={2}>
              <Text textStyle="sm" color="fg.muted" data-testid="attention-counts">
                {t('counts', { late: meta.late, atRisk: meta.atRisk, onHold: meta.onHold })}
              </Text>
              <Stack as="ul" gap={1} listStyleType="none">
                {items.slice(0, SHOWN).map((item) => (
                  <Box as="li" key={item._id} data-testid="attention-item">
                    <Link asChild color="brand.fg" fontWeight="medium">
                      <RouterLink to={`/shipments/${item._id}`}>{item.number}</RouterLink>
                    </Link>{' '}
                    <Text as="span" textStyle="sm">
                      {item.customerName} · {item.origin ?? '—'} → {item.destination ?? '—'}
                    </Text>
                    <Flex gap={1} wrap="wrap" alignItems="center">
                      {item.reasons.map((r) => (
                        <Pill key={r} colorPalette={PALETTE[r]}>
                          {t(`reason.${r}`)}
                        </Pill>
                      ))}
                      {(item.estimatedArrivalAt ?? item.plannedArrivalAt) && (
                        <Text as="span" textStyle="xs" color="fg.muted">
                          {t('expected', { at: formatDateTime((item.estimatedArrivalAt ?? item.plannedArrivalAt)!) })}
                        </Text>
                      )}
                    </Flex>
                  </Box>
                ))}
              </Stack>
              {meta.total > SHOWN && (
                <Text textStyle="sm" color="fg.muted">
                  {t('more', { count: meta.total - SHOWN })}
                </Text>
              )}
            </Stack>
          )}
        </QueryWidget>
      </WidgetFrame>
      <MovementList
        id="arrivals"
        title={t('arrivals')}
        subtitle={t('period', { from: formatDate(`${today}T12:00:00Z`), to: formatDate(`${last}T12:00:00Z`) })}
        query={movements}
        pick={(m) => m.arrivals}
        empty={t('noArrivals')}
      />
      <MovementList
        id="departures"
        title={t('departures')}
        subtitle={t('period', { from: formatDate(`${today}T12:00:00Z`), to: formatDate(`${last}T12:00:00Z`) })}
        query={movements}
        pick={(m) => m.departures}
        empty={t('noDepartures')}
      />
    </Box>
  );
}

function MovementList({
  id,
  title,
  subtitle,
  query,
  pick,
  empty,
}: {
  id: string;
  title: string;
  subtitle: string;
  query: Parameters<typeof QueryWidget<{ arrivals: MovementItem[]; departures: MovementItem[] }>>[0]['query'];
  pick: (m: { arrivals: MovementItem[]; departures: MovementItem[] }) => MovementItem[];
  empty: string;
}) {
  const t = useT();
  return (
    <WidgetFrame id={id} title={title}>
      <Text textStyle="xs" color="fg.muted" marginBottom={2}>
        {subtitle}
      </Text>
      <QueryWidget query={query} isEmpty={(d) => pick(d).length === 0} empty={empty}>
        {(data) => (
          <Stack as="ul" gap={1} listStyleType="none">
            {pick(data)
              .slice(0, SHOWN)
              .map((m) => (
                <Box as="li" key={m._id} data-testid={`${id}-item`}>
                  <Link asChild color="brand.fg" fontWeight="medium">
                    <RouterLink to={`/shipments/${m._id}`}>{m.number}</RouterLink>
                  </Link>{' '}
                  <Text as="span" textStyle="sm">
                    {formatDateTime(m.at)}
                    {m.actual ? ` (${t('actual')})` : ''} · {id === 'arrivals' ? m.destination : m.origin} ·{' '}
                    {m.customerName}
                  </Text>
                </Box>
              ))}
          </Stack>
        )}
      </QueryWidget>
    </WidgetFrame>
  );
}
