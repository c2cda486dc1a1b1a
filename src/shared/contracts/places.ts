/**
 * master's global place lists (docs/api.md section 11): ocean ports (UN/LOCODE seaports), airports (IATA)
 * and time zones with today's UTC offset. Read-only, the same for every company. A code UNECE removed
 * stays readable by code with `isActive: false` (companies may still refer to it) and leaves the lists.
 */
import { z } from 'zod';
import { listAnswer, itemAnswer } from './resource-contract.ts';

/** Lists of reference places page more widely than resources: a picker loads them in a few pages. */
export const PLACE_MAX_LIMIT = 500;

export const placeListQuerySchema = z.strictObject({
  search: z.string().trim().max(100).optional(),
  /** ISO 3166-1 alpha-2, either case. */
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(PLACE_MAX_LIMIT).default(20),
});
export type PlaceListQuery = z.infer<typeof placeListQuerySchema>;

export const oceanPortSchema = z.object({
  /** The UN/LOCODE, e.g. `NLRTM`. */
  _id: z.string(),
  locode: z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/),
  country: z.string().length(2),
  /** UNECE's name with its diacritics where they are known; never a U+FFFD. */
  name: z.string(),
  nameAscii: z.string(),
  /** ISO 3166-2 subdivision code without the country, or empty. */
  subdivision: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** UNECE function classifier, e.g. `12345---`: 1 seaport, 2 rail, 3 road, 4 airport, 5 postal, 6 inland depot. */
  functions: z.string(),
  /** False for a code a later UN/LOCODE release removed: it still resolves by code, and leaves the lists. */
  isActive: z.boolean(),
});
export type OceanPort = z.infer<typeof oceanPortSchema>;

export const airportSchema = z.object({
  /** The IATA code, e.g. `AMS`. */
  _id: z.string(),
  iata: z.string().regex(/^[A-Z0-9]{3}$/),
  icao: z.string().nullable(),
  name: z.string(),
  city: z.string(),
  country: z.string().length(2),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  isActive: z.boolean(),
});
export type Airport = z.infer<typeof airportSchema>;

export const locodeParams = z.strictObject({ locode: z.string().regex(/^[A-Za-z]{2}[A-Za-z0-9]{3}$/) });
export const iataParams = z.strictObject({ iata: z.string().regex(/^[A-Za-z0-9]{3}$/) });

export const timezoneUtcSchema = z.object({
  /** IANA name, e.g. `Asia/Kolkata`. */
  zone: z.string(),
  /** Today's offset, e.g. `+05:30`. */
  utcOffset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
  offsetMinutes: z.number().int(),
});
export type TimezoneUtc = z.infer<typeof timezoneUtcSchema>;

export const oceanPortListAnswer = listAnswer(oceanPortSchema);
export const oceanPortAnswer = itemAnswer(oceanPortSchema);
export const airportListAnswer = listAnswer(airportSchema);
export const airportAnswer = itemAnswer(airportSchema);
export const timezoneUtcAnswer = itemAnswer(z.array(timezoneUtcSchema));

/**
 * `GET /oceanport/bulk` and `/airport/bulk`: every active row at once, for the app's offline search (the same
 * rule over the same rows). Sent gzip-compressed when the caller accepts it, with an `ETag` that changes
 * with a release, so a day-old copy is revalidated by a 304.
 */
export const oceanPortBulkAnswer = itemAnswer(z.array(oceanPortSchema));
export const airportBulkAnswer = itemAnswer(z.array(airportSchema));
