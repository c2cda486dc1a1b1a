/**
 * The country and currency lists for screens and pickers, named in the user's language. Apart from
 * reference-data.ts, which the signed-in frame loads at set-up, so the first load does not carry it.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { countriesAnswerSchema, currenciesAnswerSchema } from '../../shared/contracts/master-reference';
import { useLanguage } from '../i18n/use-t';
import { referenceDataQueries } from './reference-data';

/**
 * Country and currency names in the user's language (issue 24), from the browser's own CLDR data
 * (`Intl.DisplayNames`); the list's English name where the browser has none for a code.
 */
function displayNames(language: string, type: 'region' | 'currency'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([language], { type, fallback: 'none' });
  } catch {
    return null;
  }
}

export function localizedNames<Item extends { code: string; name: string }>(
  items: Item[],
  language: string,
  type: 'region' | 'currency',
): Item[] {
  const names = displayNames(language, type);
  if (!names) return items;
  return items.map((item) => {
    let name: string | undefined;
    try {
      name = names.of(item.code);
    } catch {
      name = undefined;
    }
    return name && name !== item.code ? { ...item, name } : item;
  });
}

export function useCountries() {
  const language = useLanguage();
  const select = useCallback(
    (items: z.output<typeof countriesAnswerSchema>) => localizedNames(items, language, 'region'),
    [language],
  );
  return useQuery({ ...referenceDataQueries.countries, select });
}

export function useCurrencies() {
  const language = useLanguage();
  const select = useCallback(
    (items: z.output<typeof currenciesAnswerSchema>) => localizedNames(items, language, 'currency'),
    [language],
  );
  return useQuery({ ...referenceDataQueries.currencies, select });
}
