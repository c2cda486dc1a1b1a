import { Box, Heading, Stack, Text, chakra, useRecipe } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { TABLE_HEADER_CSS } from '../../../lib/ui/table-style';
import { useCountries } from '../../../lib/reference-data/localized-reference-data';
import { LoadFailed } from '../../../lib/ui/load-failed';
import { usePhone } from '../../../lib/ui/use-phone';
import { buildPlaceIndex, searchPlaces } from '../../../shared/place-search';
import { usePlacesT } from '../ports/strings';

type Country = NonNullable<ReturnType<typeof useCountries>['data']>[number];

/** `+1`, `+1 340` (calling codes of a country, ITU). */
export function callingCodes(phone: readonly number[]): string {
  return phone.map((code) => `+${code}`).join(', ');
}

/**
 * /settings/countries: ISO 3166-1 with flag, alpha-2 and alpha-3 codes, calling codes and currencies;
 * searched with the place rule (case and accents ignored, an exact code first). Kept on the device for
 * 24 hours like every reference list, so it opens offline.
 */
export function CountriesScreen() {
  const t = usePlacesT();
  const countries = useCountries();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const inputCss = useRecipe({ key: 'input' })({ size: 'md', variant: 'outline' });
  const index = useMemo(
    () =>
      buildPlaceIndex(countries.data ?? [], (c: Country) => ({
        codes: [c.code, c.iso3],
        name: c.name,
        words: [c.native],
        other: [c.capital, ...c.currency],
        country: c.code,
      })),
    [countries.data],
  );
  const rows = useMemo(() => searchPlaces(index, { search }), [index, search]);
  const phone = usePhone();

  return (
    <Box as="section">
      <Heading as="h2" size="xl">
        {t('countries.title')}
      </Heading>
      <Text color="fg.muted" textStyle="sm" marginTop={1} marginBottom={5}>
        {t('countries.subtitle')}
      </Text>
      <Stack gap={1} maxWidth="md" marginBottom={3}>
        <chakra.label htmlFor={searchId} textStyle="sm" fontWeight="medium">
          {t('countries.search')}
        </chakra.label>
        <chakra.input
          id={searchId}
          type="search"
          css={inputCss}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Stack>
      {countries.isPending && <Text color="fg.muted">{t('loading')}</Text>}
      {countries.isError && !countries.data && (
        <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => void countries.refetch()} />
      )}
      {countries.data && (
        <>
          <Text textStyle="sm" color="fg.muted" aria-live="polite" marginBottom={2} data-testid="match-count">
            {t('count', { count: rows.length })}
          </Text>
          {phone ? (
            <CountryCards rows={rows} />
          ) : (
            <Box overflowX="auto" borderWidth="1px" borderRadius="l2" bg="bg.panel">
              <chakra.table
                width="full"
                textStyle="sm"
                aria-label={t('countries.title')}
                css={{
                  '& th, & td': { paddingX: 3, paddingY: 2, borderBottomWidth: '1px', textAlign: 'start' },
                  '& th': TABLE_HEADER_CSS,
                }}
              >
                <chakra.thead>
                  <chakra.tr>
                    <chakra.th>{t('col.name')}</chakra.th>
                    <chakra.th>{t('countries.alpha2')}</chakra.th>
                    <chakra.th>{t('countries.alpha3')}</chakra.th>
                    <chakra.th>{t('countries.calling')}</chakra.th>
                    <chakra.th>{t('countries.currency')}</chakra.th>
                    <chakra.th>{t('countries.capital')}</chakra.th>
                  </chakra.tr>
                </chakra.thead>
                <chakra.tbody>
                  {rows.map((c) => (
                    <chakra.tr key={c.code} data-code={c.code}>
                      <chakra.td>
                        <Text fontWeight="medium">{c.name}</Text>
                        {c.native !== c.name && (
                          <Text textStyle="xs" color="fg.muted">
                            {c.native}
                          </Text>
                        )}
                      </chakra.td>
                      <chakra.td fontFamily="mono">{c.code}</chakra.td>
                      <chakra.td fontFamily="mono">{c.iso3}</chakra.td>
                      <chakra.td>{callingCodes(c.phone)}</chakra.td>
                      <chakra.td fontFamily="mono">{c.currency.join(', ')}</chakra.td>
                      <chakra.td>{c.capital}</chakra.td>
                    </chakra.tr>
                  ))}
                </chakra.tbody>
              </chakra.table>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

/** The countries as cards on a phone (the phone layout rule): every column, nothing wider than the screen. */
function CountryCards({ rows }: { rows: Country[] }) {
  const t = usePlacesT();
  return (
    <Stack as="ul" aria-label={t('countries.title')} gap={2} listStyleType="none">
      {rows.map((c) => (
        <chakra.li key={c.code} data-code={c.code} padding={3} borderWidth="1px" borderRadius="l3" bg="bg.panel">
          <Text fontWeight="medium">
            {c.name} <chakra.span fontFamily="mono" color="fg.muted">{`${c.code} · ${c.iso3}`}</chakra.span>
          </Text>
          {c.native !== c.name && (
            <Text textStyle="xs" color="fg.muted">
              {c.native}
            </Text>
          )}
          <chakra.dl
            display="grid"
            gridTemplateColumns="auto minmax(0, 1fr)"
            columnGap={3}
            marginTop={1}
            textStyle="sm"
          >
            <chakra.dt color="fg.muted">{t('countries.calling')}</chakra.dt>
            <chakra.dd>{callingCodes(c.phone)}</chakra.dd>
            <chakra.dt color="fg.muted">{t('countries.currency')}</chakra.dt>
            <chakra.dd fontFamily="mono">{c.currency.join(', ')}</chakra.dd>
            <chakra.dt color="fg.muted">{t('countries.capital')}</chakra.dt>
            <chakra.dd>{c.capital}</chakra.dd>
          </chakra.dl>
        </chakra.li>
      ))}
    </Stack>
  );
}
