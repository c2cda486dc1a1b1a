/**
 * Dates, numbers and money in the current language's conventions (issue 11: "dates, numbers and
 * currencies follow the locale"). Formatters are cached per language and options: building an
 * `Intl.NumberFormat` costs more than using one, and lists format thousands of cells.
 */
import { getLanguage } from './i18n';

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

export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  const locale = currentLocale();
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(
    new Date(value),
  );
}

export function formatDateTime(value: Date | string | number) {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}) {
  const locale = currentLocale();
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

export function formatMoney(value: number, currency: string) {
  return formatNumber(value, { style: 'currency', currency });
}
