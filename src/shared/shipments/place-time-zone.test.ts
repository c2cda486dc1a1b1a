import ct from 'countries-and-timezones';
import { describe, expect, it } from 'vitest';
import { locodeCountry, placeTimeZone, type ZoneRow } from './place-time-zone.ts';

// Master's /timezone list is built from the same package.
const zones: ZoneRow[] = Object.values(ct.getAllTimezones())
  .filter((tz) => !tz.deprecated)
  .map((tz) => ({ name: tz.name, countries: [...tz.countries], utcOffset: tz.utcOffset }));

describe('placeTimeZone', () => {
  it('gives a country with one zone that zone', () => {
    // The IANA database keeps the Netherlands' clock as a link to Brussels': the same rules.
    expect(placeTimeZone({ country: 'NL', lon: 4.4 }, zones)).toBe('Europe/Brussels');
    expect(placeTimeZone({ country: 'SG', lon: 103.8 }, zones)).toBe('Asia/Singapore');
  });

  it('picks the zone nearest the longitude in a country of several, its main zone of that offset', () => {
    expect(placeTimeZone({ country: 'US', lon: -74.0 }, zones)).toBe('America/New_York'); // USNYC
    expect(placeTimeZone({ country: 'US', lon: -118.2 }, zones)).toBe('America/Los_Angeles'); // USLAX
    expect(placeTimeZone({ country: 'US', lon: -87.6 }, zones)).toBe('America/Chicago'); // ORD
    expect(placeTimeZone({ country: 'AU', lon: 115.9 }, zones)).toBe('Australia/Perth'); // AUFRE
  });

  it('uses the country of a UN/LOCODE not in the lists, and knows nothing of an unknown country', () => {
    expect(locodeCountry('DEHAM')).toBe('DE');
    expect(locodeCountry('AMS')).toBeNull();
    expect(placeTimeZone({ country: 'DE' }, zones)).toBe('Europe/Berlin');
    expect(placeTimeZone({ country: 'XX', lon: 0 }, zones)).toBeNull();
  });
});
