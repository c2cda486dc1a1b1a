/**
 * Reference lists from published data sets shipped with the product (docs/api.md section 6), built once
 * per process: countries (ISO 3166-1, `countries-list`), currencies (ISO 4217 with minor units,
 * `currency-codes`) and time zones (IANA, `countries-and-timezones`). Not typed in by hand.
 */
import { countries, getCountryData, type TCountryCode } from 'countries-list';
import currencyCodes from 'currency-codes';
import ct from 'countries-and-timezones';
import type { Country, Currency, TimeZone } from '../../../src/shared/contracts/master-reference.ts';

let cache: { countries: Country[]; currencies: Currency[]; timezones: TimeZone[] } | undefined;

function build() {
  const countryList: Country[] = Object.entries(countries)
    .map(([code, c]) => ({
      _id: code,
      code,
      iso3: getCountryData(code as TCountryCode).iso3,
      name: c.name,
      native: c.native,
      phone: [...c.phone],
      continent: c.continent,
      capital: c.capital,
      currency: [...c.currency],
      languages: [...c.languages],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const currencies: Currency[] = currencyCodes.data
    .map((c) => ({ _id: c.code, code: c.code, number: c.number, name: c.currency, minorUnits: c.digits }))
    .sort((a, b) => a.code.localeCompare(b.code));
  const timezones: TimeZone[] = Object.values(ct.getAllTimezones())
    .filter((tz) => !tz.deprecated)
    .map((tz) => ({
      _id: tz.name,
      name: tz.name,
      countries: [...tz.countries],
      utcOffset: tz.utcOffset,
      utcOffsetStr: tz.utcOffsetStr,
      dstOffset: tz.dstOffset,
      dstOffsetStr: tz.dstOffsetStr,
    }))
    .sort((a, b) => a.utcOffset - b.utcOffset || a.name.localeCompare(b.name));
  return { countries: countryList, currencies, timezones };
}

export function referenceData() {
  cache ??= build();
  return cache;
}
