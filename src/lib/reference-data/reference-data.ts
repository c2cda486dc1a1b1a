/**
 * Reference data loaded after session set-up (docs/product-rules.md sections 3, 4 and 7; docs/api.md section 6).
 * Countries, timezones, currencies and the two keys are fresh for 24 h and persisted (session storage);
 * the home dropdowns are fresh for the usual 5 minutes. A 404 (the master endpoints of another issue)
 * is an empty list, never a failed set-up.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  countriesAnswerSchema,
  currenciesAnswerSchema,
  dropdownAnswerSchema,
  timezonesAnswerSchema,
} from '../../shared/contracts/master-reference';
import { configKeyAnswerSchema, googleMapKeyAnswerSchema } from '../../shared/contracts/session';
import { REFERENCE_DATA_MAX_AGE_MS } from '../../shared/session-rules';
import { apiCall } from '../api/api-client';
import { isApiError } from '../api/api-error';

/** `path`'s list from master (the reference lists answer all at once, without `meta`). */
async function listOrEmpty<Item extends z.ZodType>(path: string, schema: z.ZodArray<Item>): Promise<z.output<Item>[]> {
  try {
    return await apiCall('master', path, schema);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** A key handed to signed-in clients; empty when the call does not exist. */
async function keyOrEmpty(read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return '';
    throw error;
  }
}

const daily = { staleTime: REFERENCE_DATA_MAX_AGE_MS, gcTime: REFERENCE_DATA_MAX_AGE_MS } as const;

export const referenceDataQueries = {
  countries: queryOptions({
    queryKey: ['reference', 'countries'],
    queryFn: () => listOrEmpty('/country', countriesAnswerSchema),
    ...daily,
  }),
  timezones: queryOptions({
    queryKey: ['reference', 'timezones'],
    queryFn: () => listOrEmpty('/timezone', timezonesAnswerSchema),
    ...daily,
  }),
  currencies: queryOptions({
    queryKey: ['reference', 'currencies'],
    queryFn: () => listOrEmpty('/currency-list', currenciesAnswerSchema),
    ...daily,
  }),
  mapsKey: queryOptions({
    queryKey: ['reference', 'maps-key'],
    queryFn: () =>
      keyOrEmpty(
        async () => (await apiCall('iamserver', '/auth/fetch-google-map-key', googleMapKeyAnswerSchema)).googleMapKey,
      ),
    ...daily,
  }),
  analyticsKey: queryOptions({
    queryKey: ['reference', 'analytics-key'],
    queryFn: () =>
      keyOrEmpty(async () => (await apiCall('iamserver', '/auth/fetch-config-key', configKeyAnswerSchema)).pendoKey),
    ...daily,
  }),
  homeDropdowns: queryOptions({
    queryKey: ['dropdowns', 'home'],
    queryFn: () => listOrEmpty('/dropdown?module=home', dropdownAnswerSchema),
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

export const useTimezones = () => useQuery(referenceDataQueries.timezones);
