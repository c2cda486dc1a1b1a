/**
 * Dates, numbers and money in the current language's conventions (issue 11: "dates, numbers and
 * currencies follow the locale"). Formatters are cached per language and options: building an
 * `Intl.NumberFormat` costs more than using one, and lists format thousands of cells.
 */
import { getLanguage, refreshTranslatedComponents, setInterpolatedNumberFormat } from './i18n';

const LOCALES = { en: 'en-GB', es: 'es-ES' } as const;
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter;
}

export function currentLocale(): string {
  return LOCALES[getLanguage()];
}

/**
 * The user's own formats (app settings): dates in the language's style, ISO (2026-11-24), day-first or
 * month-first; numbers in the language's style, with a decimal point or a decimal comma; a time zone of
 * their choice. Set once the settings load; every formatter below follows.
 */
export interface FormatPreferences {
  dateFormat: 'locale' | 'iso' | 'dmy' | 'mdy';
  numberFormat: 'locale' | 'dot' | 'comma';
  timeZone: string | null;
}

let preferences: FormatPreferences = { dateFormat: 'locale', numberFormat: 'locale', timeZone: null };
let preferencesKey = JSON.stringify(preferences);

export function setFormatPreferences(next: FormatPreferences): void {
  const key = JSON.stringify(next);
  if (key === preferencesKey) return;
  preferences = { ...next };
  preferencesKey = key;
  // Every translated component formats while it renders: re-render them, as a language change does.
  refreshTranslatedComponents();
}

const DATE_LOCALES = { iso: 'sv-SE', dmy: 'en-GB', mdy: 'en-US' } as const;
const NUMBER_LOCALES = { dot: 'en-US', comma: 'de-DE' } as const;

function dateOptions(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const zone = preferences.timeZone ? { timeZone: preferences.timeZone } : {};
  if (preferences.dateFormat === 'locale') return { ...options, ...zone };
  // A fixed pattern means numeric parts: `dateStyle: 'medium'` would spell the month out.
  const { dateStyle, timeStyle, ...rest } = options;
  return {
    ...rest,
    ...(dateStyle ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
    ...(timeStyle ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    ...zone,
  };
}

export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  const locale = preferences.dateFormat === 'locale' ? currentLocale() : DATE_LOCALES[preferences.dateFormat];
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return cached(
    `d|${locale}|${preferencesKey}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, dateOptions(options)),
  ).format(date);
}

export function formatDateTime(value: Date | string | number) {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A time of day in the one clock style of the app (24-hour in both languages, or the user's format). */
export function formatTime(value: Date | string | number) {
  return formatDate(value, { timeStyle: 'short' });
}

/** A number, or a decimal string formatted from its digits (money as it travels: no float rounds it). */
export function formatNumber(value: number | `${number}`, options: Intl.NumberFormatOptions = {}) {
  const locale = preferences.numberFormat === 'locale' ? currentLocale() : NUMBER_LOCALES[preferences.numberFormat];
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

// Numbers inside translated strings ("{{count}} matches") follow the same conventions.
setInterpolatedNumberFormat((value) => formatNumber(value));

export function formatMoney(value: number, currency: string) {
  return formatNumber(value, { style: 'currency', currency });
}

/** Today as `YYYY-MM-DD` in the user's zone (their preference, else the device's). */
export function todayInUserZone(now: Date = new Date()): string {
  const zone = preferences.timeZone ? { timeZone: preferences.timeZone } : {};
  // Swedish writes dates as ISO 8601 does.
  return new Intl.DateTimeFormat('sv-SE', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone }).format(now);
}

/** The instant `day` (`YYYY-MM-DD`) begins in the user's zone (their preference, else the device's), as ISO. */
export function userZoneInstant(day: string): string {
  const zone = preferences.timeZone ? { timeZone: preferences.timeZone } : {};
  const format = new Intl.DateTimeFormat('sv-SE', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...zone,
  });
  // The zone's offset at an instant: its wall clock read as if it were UTC, less the instant.
  const offsetAt = (t: number) => Date.parse(`${format.format(new Date(t)).replace(' ', 'T')}Z`) - t;
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return new Date(midnight - offsetAt(midnight - offsetAt(midnight))).toISOString();
}
