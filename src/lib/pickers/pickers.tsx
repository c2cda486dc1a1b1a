/**
 * The pickers every form of the product uses for places and reference codes: ocean port, airport,
 * country, currency and time zone. Each is a SearchCombobox over a list the device keeps (so they work
 * offline), searched with the one rule of src/shared/place-search.ts; the value is the code.
 */
import { useCallback, useMemo } from 'react';
import type { Airport, OceanPort } from '../../shared/contracts/places';
import { buildPlaceIndex, searchPlaces, type PlaceKeys } from '../../shared/place-search';
import { useCountries, useCurrencies } from '../reference-data/localized-reference-data';
import { useTimezones } from '../reference-data/reference-data';
import { useAirports, useOceanPorts } from './place-lists';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

type PickerProps = Omit<
  SearchComboboxProps<never>,
  'search' | 'find' | 'codeOf' | 'labelOf' | 'detailOf' | 'loading' | 'maxResults'
>;

export function oceanPortLabel(port: OceanPort): string {
  return `${port.name} (${port.locode})`;
}

export function airportLabel(airport: Airport): string {
  return `${airport.name} (${airport.iata})`;
}

/** A seaport by UN/LOCODE; `country` narrows the list. */
export function OceanPortPicker({ country, ...props }: PickerProps & { country?: string | undefined }) {
  const ports = useOceanPorts();
  const list = ports.data;
  const search = useCallback((term: string) => list?.search(term, country) ?? [], [list, country]);
  return (
    <SearchCombobox<OceanPort>
      {...props}
      search={search}
      find={(code) => list?.byCode.get(code)}
      codeOf={(p) => p.locode}
      labelOf={oceanPortLabel}
      detailOf={(p) => [p.subdivision, p.country].filter(Boolean).join(', ')}
      loading={ports.isPending}
    />
  );
}

/** An airport by IATA code; `country` narrows the list. */
export function AirportPicker({ country, ...props }: PickerProps & { country?: string | undefined }) {
  const airports = useAirports();
  const list = airports.data;
  const search = useCallback((term: string) => list?.search(term, country) ?? [], [list, country]);
  return (
    <SearchCombobox<Airport>
      {...props}
      search={search}
      find={(code) => list?.byCode.get(code)}
      codeOf={(a) => a.iata}
      labelOf={airportLabel}
      detailOf={(a) => [a.city, a.country].filter(Boolean).join(', ')}
      loading={airports.isPending}
    />
  );
}

/** A small reference list searched with the place rule: same folding, same ranking. */
function useRanked<T>(rows: readonly T[] | undefined, keys: (row: T) => PlaceKeys, codeOf: (row: T) => string) {
  return useMemo(() => {
    const index = buildPlaceIndex(rows ?? [], keys);
    const byCode = new Map((rows ?? []).map((row) => [codeOf(row), row]));
    return {
      search: (term: string) => searchPlaces(index, { search: term }),
      find: (code: string) => byCode.get(code),
    };
    // keys and codeOf are module-level functions below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
}

type Country = NonNullable<ReturnType<typeof useCountries>['data']>[number];
type Currency = NonNullable<ReturnType<typeof useCurrencies>['data']>[number];
type TimeZone = NonNullable<ReturnType<typeof useTimezones>['data']>[number];

const countryKeys = (c: Country): PlaceKeys => ({
  codes: [c.code],
  name: c.name,
  words: [c.native],
  other: [c.capital],
  country: c.code,
});
const currencyKeys = (c: Currency): PlaceKeys => ({
  codes: [c.code],
  name: c.name,
  words: [],
  other: [c.number],
  country: '',
});
const timeZoneKeys = (z: TimeZone): PlaceKeys => ({
  codes: [],
  name: z.name,
  words: [z.name.split('/').pop() ?? ''],
  other: z.countries,
  country: z.countries[0] ?? '',
});

export function countryLabel(country: Country): string {
  // No flag: emoji flags show as two boxes where the system has no emoji font (issue 24).
  return `${country.name} (${country.code})`;
}

/** A country by ISO 3166-1 alpha-2 code. */
export function CountryPicker(props: PickerProps) {
  const countries = useCountries();
  const { search, find } = useRanked(countries.data, countryKeys, (c) => c.code);
  return (
    <SearchCombobox<Country>
      {...props}
      search={search}
      find={find}
      codeOf={(c) => c.code}
      labelOf={countryLabel}
      loading={countries.isPending}
    />
  );
}

/** A currency by ISO 4217 code. */
export function CurrencyPicker(props: PickerProps) {
  const currencies = useCurrencies();
  const { search, find } = useRanked(currencies.data, currencyKeys, (c) => c.code);
  return (
    <SearchCombobox<Currency>
      {...props}
      search={search}
      find={find}
      codeOf={(c) => c.code}
      labelOf={(c) => `${c.code} · ${c.name}`}
      loading={currencies.isPending}
    />
  );
}

/** An IANA time zone, shown with its standard UTC offset. */
export function TimeZonePicker(props: PickerProps) {
  const zones = useTimezones();
  const { search, find } = useRanked(zones.data, timeZoneKeys, (z) => z.name);
  return (
    <SearchCombobox<TimeZone>
      {...props}
      search={search}
      find={find}
      codeOf={(z) => z.name}
      labelOf={(z) => `${z.name.replace(/_/g, ' ')} (UTC${z.utcOffsetStr})`}
      loading={zones.isPending}
    />
  );
}
