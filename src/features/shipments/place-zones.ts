/**
 * The time zone of a milestone's place, from the place lists kept on the device (ports; airports for an
 * air shipment) and master's zone list, so the timeline shows each time at the place's own clock offline
 * too (src/shared/shipments/place-time-zone.ts says how a zone is chosen).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentLocale } from '../../lib/i18n/format';
import { placeListQueries, useOceanPorts } from '../../lib/pickers/place-lists';
import { useTimezones } from '../../lib/reference-data/reference-data';
import { locodeCountry, placeTimeZone } from '../../shared/shipments/place-time-zone';

export function usePlaceZone(withAirports: boolean): (code: string | null) => string | null {
  const ports = useOceanPorts();
  const airports = useQuery({ ...placeListQueries.airport, enabled: withAirports });
  const zones = useTimezones();
  return useCallback(
    (code: string | null) => {
      if (!code || !zones.data) return null;
      const place = code.length === 3 ? airports.data?.byCode.get(code) : ports.data?.byCode.get(code);
      const country = place?.country ?? locodeCountry(code);
      if (!country) return null;
      return placeTimeZone({ country, lon: place?.lon ?? null }, zones.data);
    },
    [ports.data, airports.data, zones.data],
  );
}

/** `2 Mar 2026, 08:30 CET`: a time at the place's clock, with the zone's short name (UTC when unknown). */
export function formatAtPlace(at: string, zone: string | null): string {
  try {
    return new Intl.DateTimeFormat(currentLocale(), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone ?? 'UTC',
      timeZoneName: 'short',
    }).format(new Date(at));
  } catch {
    // A zone this browser's Intl does not know.
    return new Date(at).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  }
}
