/**
 * The IANA time zone of a port or airport, for showing a milestone at the place's own clock. Master's
 * place lists carry a country and coordinates, not a zone, so the zone comes from the IANA zones of the
 * country (master's `/timezone` list, from `countries-and-timezones`): a country with one zone has it; in a
 * country with several, the zone whose standard offset is nearest the place's longitude (15° an hour),
 * the country's main zone of that offset when several share it. Borders of zones do not follow meridians,
 * so a place near one may get its neighbour's zone; ports and airports rarely lie there. A place with no
 * longitude (a UN/LOCODE not in the lists) uses its code's country.
 */

export interface ZoneRow {
  name: string;
  countries: readonly string[];
  /** The standard offset in minutes. */
  utcOffset: number;
}

export interface ZonePlace {
  country: string;
  lon?: number | null | undefined;
}

/** The zone a country's clocks mostly follow for an offset, when several of its zones share one. */
const MAIN_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'America/Halifax',
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Mexico_City',
  'America/Argentina/Buenos_Aires',
  'Australia/Sydney',
  'Australia/Perth',
  'Australia/Adelaide',
  'Europe/Moscow',
  'Asia/Yekaterinburg',
  'Asia/Novosibirsk',
  'Asia/Vladivostok',
  'Asia/Jakarta',
  'Asia/Makassar',
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Europe/Madrid',
  'Europe/Lisbon',
  'Europe/Berlin',
  'Africa/Johannesburg',
];

export function placeTimeZone(place: ZonePlace, zones: readonly ZoneRow[]): string | null {
  const candidates = zones.filter((z) => z.countries.includes(place.country));
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return candidates[0]!.name;
  const rank = (name: string) => {
    const i = MAIN_ZONES.indexOf(name);
    return i === -1 ? MAIN_ZONES.length : i;
  };
  const lon = place.lon;
  const distance = (z: ZoneRow) => (typeof lon === 'number' ? Math.abs(z.utcOffset - (lon / 15) * 60) : 0);
  return [...candidates].sort(
    (a, b) => distance(a) - distance(b) || rank(a.name) - rank(b.name) || a.name.localeCompare(b.name),
  )[0]!.name;
}

/** A UN/LOCODE's country: its first two letters (`NLRTM` → `NL`). */
export const locodeCountry = (code: string): string | null =>
  /^[A-Z]{2}[A-Z0-9]{3}$/.test(code) ? code.slice(0, 2) : null;
