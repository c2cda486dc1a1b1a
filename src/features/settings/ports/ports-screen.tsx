import { Box, Flex, Heading, Link, Stack, Text, chakra, useRecipe } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime, formatNumber } from '../../../lib/i18n/format';
import { CountryPicker, useAirports, useOceanPorts } from '../../../lib/pickers';
import { useOnline } from '../../../lib/resource-kit/use-online';
import { Pill } from '../../../lib/ui/pill';
import { LoadFailed } from '../../../lib/ui/load-failed';
import type { Airport, OceanPort } from '../../../shared/contracts/places';
import { usePlacesT } from './strings';

export type PortKind = 'oceanport' | 'airport';

export function isPortKind(value: string | undefined): value is PortKind {
  return value === 'oceanport' || value === 'airport';
}

type Row = OceanPort | Airport;
const codeOf = (row: Row) => ('locode' in row ? row.locode : row.iata);

/** `https://www.openstreetmap.org/?mlat=…&mlon=…#map=12/…/…` for a place with coordinates. */
export function mapLink(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=12/${lat}/${lon}`;
}

/** `51.9000° N, 4.4833° E`. */
export function coordinatesText(lat: number, lon: number): string {
  const part = (value: number, positive: string, negative: string) =>
    `${formatNumber(Math.abs(value), { minimumFractionDigits: 4, maximumFractionDigits: 4 })}° ${value >= 0 ? positive : negative}`;
  return `${part(lat, 'N', 'S')}, ${part(lon, 'E', 'W')}`;
}

const ROW_HEIGHT = 52;

/**
 * /settings/oceanport and /settings/airport: every row of the list, kept on the device, searched as you
 * type with the service's rule (so offline gives the same order), narrowed by country, in a virtualised
 * list (only the visible rows are in the page); a row opens its details with coordinates and a map link.
 * Search, country and the chosen code live in the URL.
 */
export function PortsScreen({ kind }: { kind: PortKind }) {
  const t = usePlacesT();
  const ports = useOceanPorts();
  const airports = useAirports();
  const query = kind === 'oceanport' ? ports : airports;
  const list = query.data;
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const country = params.get('country') ?? '';
  const chosen = params.get('code') ?? '';
  const deferredSearch = useDeferredValue(search);
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const rows = useMemo<Row[]>(
    () => (list ? (list.search as (term: string, country?: string) => Row[])(deferredSearch, country) : []),
    [list, deferredSearch, country],
  );
  const selected = chosen ? (list?.byCode as ReadonlyMap<string, Row> | undefined)?.get(chosen) : undefined;
  const searchId = useId();
  const inputCss = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });

  return (
    <Box as="section">
      <Heading as="h2" size="xl">
        {t(`${kind}.title`)}
      </Heading>
      <Text color="fg.muted" textStyle="sm" marginTop={1} marginBottom={5}>
        {t(`${kind}.subtitle`)}
      </Text>
      <Flex gap={3} wrap="wrap" alignItems="flex-end" marginBottom={3}>
        <Stack gap={1} flex="2" minWidth="14rem">
          <chakra.label htmlFor={searchId} textStyle="sm" fontWeight="medium">
            {t('search')}
          </chakra.label>
          <chakra.input
            id={searchId}
            type="search"
            css={inputCss}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(event) => update({ search: event.target.value, code: '' })}
          />
        </Stack>
        <Stack gap={1} flex="1" minWidth="12rem">
          <CountryFilter value={country} onChange={(code) => update({ country: code ?? '', code: '' })} />
        </Stack>
      </Flex>
      <Flex gap={3} alignItems="center" marginBottom={2} minHeight="6">
        {list && (
          <Text textStyle="sm" color="fg.muted" aria-live="polite" data-testid="match-count">
            {t('count', { count: rows.length })}
          </Text>
        )}
        {list && !online && <Pill colorPalette="orange">{t('asOf', { time: formatDateTime(list.fetchedAt) })}</Pill>}
      </Flex>
      {query.isPending && <Text color="fg.muted">{t('loading')}</Text>}
      {query.isError && !list && (
        <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      )}
      {list && (
        <Stack direction={{ base: 'column', lg: 'row' }} gap={4} alignItems="flex-start">
          <Box flex="3" minWidth={0} width="full">
            {rows.length === 0 ? (
              <Text color="fg.muted" padding={4} borderWidth="1px" borderRadius="l2">
                {t('noMatch')}
              </Text>
            ) : (
              <PlaceRows
                kind={kind}
                rows={rows}
                selected={selected ? codeOf(selected) : ''}
                onSelect={(code) => update({ code })}
              />
            )}
          </Box>
          <Box flex="2" minWidth={0} width="full">
            <Details kind={kind} row={selected} />
          </Box>
        </Stack>
      )}
    </Box>
  );
}

function CountryFilter({ value, onChange }: { value: string; onChange: (code: string | null) => void }) {
  const t = usePlacesT();
  const id = useId();
  return (
    <>
      <chakra.label htmlFor={id} textStyle="sm" fontWeight="medium">
        {t('country')}
      </chakra.label>
      <CountryPicker id={id} value={value || null} onChange={onChange} placeholder={t('allCountries')} />
    </>
  );
}

function PlaceRows({
  kind,
  rows,
  selected,
  onSelect,
}: {
  kind: PortKind;
  rows: Row[];
  selected: string;
  onSelect: (code: string) => void;
}) {
  const t = usePlacesT();
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <Box
      ref={parentRef}
      height="60vh"
      minHeight="20rem"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="l2"
      bg="bg.panel"
      data-testid="place-rows"
    >
      <chakra.ul
        aria-label={t(`${kind}.title`)}
        listStyleType="none"
        position="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const code = codeOf(row);
          const secondary = 'locode' in row ? row.subdivision : row.city;
          return (
            <chakra.li
              key={code}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              position="absolute"
              top={0}
              insetX={0}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <chakra.button
                type="button"
                width="full"
                height="full"
                display="flex"
                alignItems="center"
                gap={3}
                paddingX={3}
                textAlign="start"
                borderBottomWidth="1px"
                aria-pressed={code === selected}
                bg={code === selected ? 'brand.subtle' : undefined}
                _hover={{ bg: code === selected ? 'brand.subtle' : 'bg.muted' }}
                onClick={() => onSelect(code)}
                data-code={code}
              >
                <Text as="span" fontFamily="mono" fontWeight="semibold" width="4.5rem" flexShrink={0}>
                  {code}
                </Text>
                <Box as="span" flex="1" minWidth={0}>
                  <Text as="span" display="block" truncate>
                    {row.name}
                  </Text>
                  {secondary && (
                    <Text as="span" display="block" textStyle="xs" color="fg.muted" truncate>
                      {secondary}
                    </Text>
                  )}
                </Box>
                <Text as="span" flexShrink={0} textStyle="sm" color="fg.muted">
                  {row.country}
                </Text>
              </chakra.button>
            </chakra.li>
          );
        })}
      </chakra.ul>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text as="dt" color="fg.muted" textStyle="sm">
        {label}
      </Text>
      <Text as="dd" marginBottom={2}>
        {children}
      </Text>
    </>
  );
}

function Details({ kind, row }: { kind: PortKind; row: Row | undefined }) {
  const t = usePlacesT();
  return (
    <Box
      as="section"
      aria-labelledby="place-details"
      borderWidth="1px"
      borderRadius="l2"
      padding={4}
      bg="bg.panel"
      position={{ lg: 'sticky' }}
      top={{ lg: 20 }}
    >
      <Heading as="h3" size="md" id="place-details" marginBottom={3}>
        {row ? row.name : t('detail.title')}
      </Heading>
      {!row ? (
        <Text color="fg.muted">{t('detail.none')}</Text>
      ) : (
        <dl data-testid="place-detail">
          <Fact label={t('detail.code')}>
            <Text as="span" fontFamily="mono">
              {codeOf(row)}
            </Text>
          </Fact>
          {'icao' in row && row.icao && <Fact label={t('detail.icao')}>{row.icao}</Fact>}
          <Fact label={t('detail.country')}>{row.country}</Fact>
          {'subdivision' in row && row.subdivision && <Fact label={t('detail.subdivision')}>{row.subdivision}</Fact>}
          {'city' in row && row.city && <Fact label={t('detail.city')}>{row.city}</Fact>}
          {kind === 'oceanport' && 'functions' in row && (
            <Fact label={t('detail.functions')}>{functionNames(row.functions, t).join(', ')}</Fact>
          )}
          <Fact label={t('detail.coordinates')}>
            {row.lat !== null && row.lon !== null ? coordinatesText(row.lat, row.lon) : t('detail.noCoordinates')}
          </Fact>
        </dl>
      )}
      {row && row.lat !== null && row.lon !== null && (
        <Link href={mapLink(row.lat, row.lon)} target="_blank" rel="noopener noreferrer" color="brand.fg">
          {t('detail.map')}
        </Link>
      )}
    </Box>
  );
}

const FUNCTION_CODES = ['1', '2', '3', '4', '5', '6', '7', 'B'] as const;

/** UNECE's function classifier (`12345---`) as words. */
function functionNames(functions: string, t: ReturnType<typeof usePlacesT>): string[] {
  return FUNCTION_CODES.filter((code) => functions.includes(code)).map((code) => t(`fn.${code}`));
}
