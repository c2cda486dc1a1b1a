import { Box, Button, Flex, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ContactPicker, useContactNames } from '../../lib/pickers';
import { FormField, SelectInput, TextInput, SelectOptions } from '../../lib/resource-kit/form-field';
import { Can, RequirePermission } from '../../lib/resource-kit/permission-gate';
import { ResourceList } from '../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../lib/resource-kit/resource-table';
import { PageHeader } from '../../lib/ui/page-header';
import type { Shipment } from '../../shared/contracts/shipments';
import {
  OPEN_STATUSES,
  SHIPMENT_DIRECTIONS,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '../../shared/shipments/codes';
import { shipmentListSource } from './api';
import { hasFilters, readFilters, writeFilters, type ShipmentListFilters } from './list-filters';
import { SavedViewsMenu } from './saved-views-menu';
import { dayOf, modeLabel, numberOf, routeOf, StatusBadge } from './shipment-labels';
import { Columns } from './form-section';
import { shipmentsT, useShipmentsT } from './strings';

const column = createColumnHelper<Shipment>();
const OPEN = OPEN_STATUSES.join(',');

/** /shipments: the company's jobs, searched by number, container, bill, booking or customer, and filtered. */
export function ShipmentsScreen() {
  return (
    <RequirePermission module="shipments" action="read">
      <Shipments />
    </RequirePermission>
  );
}

function Shipments() {
  const t = useShipmentsT();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const filterKey = JSON.stringify(filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for the filters' contents
  const source = useMemo(() => shipmentListSource(filters), [filterKey]);
  const contacts = useContactNames();
  const names = useMemo(() => new Map(contacts.data?.map((c) => [c._id, c.name])), [contacts.data]);
  const customerOf = (row: Shipment) => row.customerName || names.get(row.customerId) || '';
  const set = (patch: Partial<ShipmentListFilters>) => setParams((now) => writeFilters(now, patch), { replace: true });
  const detailed = Boolean(
    filters.direction.length ||
    filters.customer ||
    filters.origin ||
    filters.destination ||
    filters.etdFrom ||
    filters.etdTo ||
    filters.etaFrom ||
    filters.etaTo,
  );
  const [more, setMore] = useState(detailed);

  const columns: ResourceColumns<Shipment> = [
    column.accessor('number', {
      header: () => shipmentsT('number'),
      meta: { sortField: 'number', width: 'minmax(9rem, 1.2fr)' },
      cell: (info) => (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={`/shipments/${info.row.original._id}`}>{numberOf(info.row.original)}</RouterLink>
        </Link>
      ),
    }),
    column.accessor('customerName', {
      header: () => shipmentsT('customer'),
      meta: { sortField: 'customerName', width: 'minmax(10rem, 2fr)' },
      cell: (info) => customerOf(info.row.original),
    }),
    column.accessor('mode', {
      header: () => shipmentsT('mode'),
      meta: { width: 'minmax(7rem, 1fr)' },
      cell: (info) => modeLabel(info.getValue()),
    }),
    column.display({
      id: 'route',
      header: () => shipmentsT('route'),
      meta: { width: 'minmax(9rem, 1.2fr)' },
      cell: (info) => routeOf(info.row.original),
    }),
    column.accessor('etd', {
      header: () => shipmentsT('etd'),
      meta: { sortField: 'etd', width: '7.5rem' },
      cell: (info) => dayOf(info.getValue()),
    }),
    column.accessor('eta', {
      header: () => shipmentsT('eta'),
      meta: { sortField: 'eta', width: '7.5rem' },
      cell: (info) => dayOf(info.getValue()),
    }),
    column.accessor('status', {
      header: () => shipmentsT('status'),
      meta: { sortField: 'status', width: '8rem' },
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
  ];

  const statusValue = filters.status.join(',');
  return (
    <Box maxWidth="7xl" marginX="auto" as="section">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack as="fieldset" gap={3} marginBottom={4} minWidth={0}>
        <chakra.legend srOnly>{t('filters')}</chakra.legend>
        <Columns columns={{ base: 1, sm: 2, lg: 4 }} gap={3}>
          <FormField label={t('mode')}>
            {(control) => (
              <SelectInput
                {...control}
                value={filters.mode.join(',')}
                onChange={(e) =>
                  set({ mode: e.target.value ? (e.target.value.split(',') as typeof filters.mode) : [] })
                }
              >
                <option value="">{t('anyMode')}</option>
                <option value="sea-fcl,sea-lcl">{`${t('mode.sea-fcl')} + ${t('mode.sea-lcl')}`}</option>
                <SelectOptions values={SHIPMENT_MODES} label={(mode) => t(`mode.${mode}`)} />
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('status')}>
            {(control) => (
              <SelectInput
                {...control}
                value={statusValue}
                onChange={(e) => set({ status: e.target.value ? (e.target.value.split(',') as ShipmentStatus[]) : [] })}
              >
                <option value="">{t('anyStatus')}</option>
                <option value={OPEN}>{t('openStatuses')}</option>
                <SelectOptions values={SHIPMENT_STATUSES} label={(status) => t(`status.${status}`)} />
                {statusValue && statusValue !== OPEN && statusValue.includes(',') && (
                  <option value={statusValue}>{filters.status.map((s) => t(`status.${s}`)).join(', ')}</option>
                )}
              </SelectInput>
            )}
          </FormField>
          {more && (
            <>
              <FormField label={t('direction')}>
                {(control) => (
                  <SelectInput
                    {...control}
                    value={filters.direction.join(',')}
                    onChange={(e) =>
                      set({ direction: e.target.value ? (e.target.value.split(',') as typeof filters.direction) : [] })
                    }
                  >
                    <option value="">{t('anyDirection')}</option>
                    <SelectOptions values={SHIPMENT_DIRECTIONS} label={(direction) => t(`direction.${direction}`)} />
                  </SelectInput>
                )}
              </FormField>
              <FormField label={t('customer')}>
                {(control) => (
                  <ContactPicker
                    {...control}
                    value={filters.customer || null}
                    onChange={(id) => set({ customer: id ?? '' })}
                    placeholder={t('anyCustomer')}
                  />
                )}
              </FormField>
              <PlaceFilter
                key={`o${filters.origin}`}
                label={t('origin')}
                value={filters.origin}
                onChange={(origin) => set({ origin })}
              />
              <PlaceFilter
                key={`d${filters.destination}`}
                label={t('destination')}
                value={filters.destination}
                onChange={(destination) => set({ destination })}
              />
              {(['etdFrom', 'etdTo', 'etaFrom', 'etaTo'] as const).map((name) => (
                <FormField key={name} label={t(name)}>
                  {(control) => (
                    <TextInput
                      {...control}
                      type="date"
                      value={filters[name]}
                      onChange={(e) => set({ [name]: e.target.value })}
                    />
                  )}
                </FormField>
              ))}
            </>
          )}
        </Columns>
        <Flex gap={2} wrap="wrap">
          <Button variant="ghost" size="sm" onClick={() => setMore(!more)} aria-expanded={more}>
            {more ? t('fewerFilters') : t('moreFilters')}
          </Button>
          {hasFilters(filters) && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setParams((now) => writeFilters(now, readFilters(new URLSearchParams())), { replace: true })
              }
            >
              {t('clearFilters')}
            </Button>
          )}
        </Flex>
        <SavedViewsMenu />
      </Stack>
      <ResourceList
        resource={source}
        columns={columns}
        label={t('title')}
        plural={t('plural')}
        getRowId={(row) => row._id}
        emptyText={t('empty')}
        actions={
          <Can module="shipments" action="create">
            <Button asChild colorPalette="brand">
              <RouterLink to="/shipments/new">{t('add')}</RouterLink>
            </Button>
          </Can>
        }
        card={(row) => <ShipmentCard row={row} customer={customerOf(row)} />}
      />
    </Box>
  );
}

/** A UN/LOCODE or airport code typed in; the URL changes when the field is left or Enter is pressed. */
function PlaceFilter({ label, value, onChange }: { label: string; value: string; onChange: (code: string) => void }) {
  const t = useShipmentsT();
  const [text, setText] = useState(value);
  const commit = () => onChange(text.trim().toUpperCase());
  return (
    <FormField label={label}>
      {(control) => (
        <TextInput
          {...control}
          value={text}
          placeholder={t('anyPlace')}
          maxLength={5}
          autoCapitalize="characters"
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
      )}
    </FormField>
  );
}

/** One shipment on a phone: every column of the table, stacked, the whole card a link to it. */
function ShipmentCard({ row, customer }: { row: Shipment; customer: string }) {
  const t = useShipmentsT();
  return (
    <RouterLink to={`/shipments/${row._id}`} data-testid="shipment-card">
      <Stack
        gap={1}
        padding={3}
        borderWidth="1px"
        borderRadius="l3"
        bg="bg.panel"
        _hover={{ bg: 'bg.subtle' }}
        minWidth={0}
      >
        <Flex justifyContent="space-between" gap={2} alignItems="center">
          <Text fontWeight="semibold" color="brand.fg">
            {numberOf(row)}
          </Text>
          <StatusBadge status={row.status} />
        </Flex>
        <Text lineClamp={1}>{customer}</Text>
        <Flex justifyContent="space-between" gap={2} textStyle="sm" color="fg.muted" wrap="wrap">
          <Text>{row.mode ? modeLabel(row.mode) : ''}</Text>
          <Text>{routeOf(row)}</Text>
        </Flex>
        {(row.etd || row.eta) && (
          <Text textStyle="sm" color="fg.muted">
            {t('etd')} {dayOf(row.etd) || '—'} · {t('eta')} {dayOf(row.eta) || '—'}
          </Text>
        )}
      </Stack>
    </RouterLink>
  );
}
