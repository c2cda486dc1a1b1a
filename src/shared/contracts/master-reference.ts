/**
 * master's reference lists (docs/api.md section 6): countries (ISO 3166-1), time zones (IANA), currencies
 * (ISO 4217 with minor units), the same for every company; and the company's own dropdown options.
 */
import { z } from 'zod';

export const countrySchema = z.object({
  _id: z.string(),
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  /** ISO 3166-1 alpha-3. */
  iso3: z.string(),
  name: z.string(),
  native: z.string(),
  phone: z.array(z.number()),
  continent: z.string(),
  capital: z.string(),
  currency: z.array(z.string()),
  languages: z.array(z.string()),
});

export const timezoneSchema = z.object({
  _id: z.string(),
  /** IANA name, e.g. `Europe/Amsterdam`. */
  name: z.string(),
  countries: z.array(z.string()),
  /** Offset from UTC in minutes, standard time. */
  utcOffset: z.number(),
  utcOffsetStr: z.string(),
  dstOffset: z.number(),
  dstOffsetStr: z.string(),
});

export const currencySchema = z.object({
  _id: z.string(),
  /** ISO 4217 alphabetic code. */
  code: z.string(),
  number: z.string(),
  name: z.string(),
  /** Digits after the decimal point (ISO 4217 minor units). */
  minorUnits: z.number().int(),
});

/** `GET /dropdown?module=home`. */
export const dropdownQuerySchema = z.strictObject({ module: z.string().regex(/^[a-z_]{1,40}$/) });

export const dropdownOptionSchema = z.object({
  _id: z.string(),
  module: z.string(),
  group: z.string(),
  value: z.string(),
  label: z.string(),
  sortOrder: z.number().int(),
});

// The answers: whole lists in `{ data }`, without paging (they are small and cached for a day).
export const countriesAnswerSchema = z.array(countrySchema);
export const timezonesAnswerSchema = z.array(timezoneSchema);
export const currenciesAnswerSchema = z.array(currencySchema);
export const dropdownAnswerSchema = z.array(dropdownOptionSchema);

export type Country = z.infer<typeof countrySchema>;
export type TimeZone = z.infer<typeof timezoneSchema>;
export type Currency = z.infer<typeof currencySchema>;
export type DropdownOption = z.infer<typeof dropdownOptionSchema>;
