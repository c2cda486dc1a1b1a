/**
 * Reference data loaded after session set-up (SPEC.md sections 3, 4 and 7; CONTRACT.md section 6).
 * Countries, timezones, currencies and the two keys are fresh for 24 h and persisted (session storage);
 * the home dropdowns are fresh for the usual 5 minutes. A 404 (the master endpoints of another issue)
 * is an empty list, never a failed set-up.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ServiceName } from '../../shared/services';
import { REFERENCE_DATA_MAX_AGE_MS } from '../../shared/session-rules';
import { apiFetch } from '../api/api-client';
import { isApiError } from '../api/api-error';

async function listOrEmpty<T>(service: ServiceName, path: string): Promise<T[]> {
  try {
    const body = await apiFetch<{ data?: T[] }>(service, path);
    return Array.isArray(body?.data) ? body.data : [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

async function keyOrEmpty(path: string, field: string): Promise<string> {
  try {
    const body = await apiFetch<{ data?: Record<string, unknown> }>('iamserver', path);
    const value = body?.data?.[field];
    return typeof value === 'string' ? value : '';
  } catch (error) {
    if (isApiError(error) && error.status === 404) return '';
    throw error;
  }
}

const daily = { staleTime: REFERENCE_DATA_MAX_AGE_MS, gcTime: REFERENCE_DATA_MAX_AGE_MS } as const;

export interface ReferenceItem {
  _id?: string;
  [field: string]: unknown;
}

export const referenceDataQueries = {
  countries: queryOptions({
    queryKey: ['reference', 'countries'],
    queryFn: () => listOrEmpty<ReferenceItem>('master', '/country'),
    ...daily,
  }),
  timezones: queryOptions({
    queryKey: ['reference', 'timezones'],
    queryFn: () => listOrEmpty<ReferenceItem>('master', '/timezone'),
    ...daily,
  }),
  currencies: queryOptions({
    queryKey: ['reference', 'currencies'],
    queryFn: () => listOrEmpty<ReferenceItem>('master', '/currency-list'),
    ...daily,
  }),
  mapsKey: queryOptions({
    queryKey: ['reference', 'maps-key'],
    queryFn: () => keyOrEmpty('/auth/fetch-google-map-key', 'googleMapKey'),
    ...daily,
  }),
  analyticsKey: queryOptions({
    queryKey: ['reference', 'analytics-key'],
    queryFn: () => keyOrEmpty('/auth/fetch-config-key', 'pendoKey'),
    ...daily,
  }),
  homeDropdowns: queryOptions({
    queryKey: ['dropdowns', 'home'],
    queryFn: () => listOrEmpty<ReferenceItem>('master', '/dropdown?module=home'),
  }),
};

/** Loads every list into the cache; never throws (set-up must not fail on reference data). */
export async function loadReferenceData(client: QueryClient): Promise<void> {
  const q = referenceDataQueries;
  await Promise.all([
    client.prefetchQuery(q.countries),
    client.prefetchQuery(q.timezones),
    client.prefetchQuery(q.currencies),
    client.prefetchQuery(q.mapsKey),
    client.prefetchQuery(q.analyticsKey),
    client.prefetchQuery(q.homeDropdowns),
  ]);
}

export const useCountries = () => useQuery(referenceDataQueries.countries);
export const useTimezones = () => useQuery(referenceDataQueries.timezones);
export const useCurrencies = () => useQuery(referenceDataQueries.currencies);
export const useHomeDropdowns = () => useQuery(referenceDataQueries.homeDropdowns);
export const useMapsKey = () => useQuery(referenceDataQueries.mapsKey);
export const useAnalyticsKey = () => useQuery(referenceDataQueries.analyticsKey);
