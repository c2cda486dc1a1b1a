import { describe, expect, it } from 'vitest';
import { localizedNames } from './localized-reference-data';

describe('localizedNames', () => {
  const countries = [
    { code: 'DE', name: 'Germany' },
    { code: 'NL', name: 'Netherlands' },
    { code: 'XQ', name: 'Nowhere Land' },
  ];

  it('names countries and currencies in the user’s language, keeping the list’s name when there is none', () => {
    expect(localizedNames(countries, 'es', 'region').map((c) => c.name)).toEqual([
      'Alemania',
      'Países Bajos',
      'Nowhere Land',
    ]);
    expect(localizedNames(countries, 'en', 'region').map((c) => c.name)).toEqual([
      'Germany',
      'Netherlands',
      'Nowhere Land',
    ]);
    expect(localizedNames([{ code: 'EUR', name: 'Euro' }], 'es', 'currency')[0]?.name).toBe('euro');
  });
});
