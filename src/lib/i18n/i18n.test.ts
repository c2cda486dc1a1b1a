// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, setFormatPreferences } from './format';
import { applyLanguage, chooseLanguage, getLanguage, registerStrings, setLanguage, t, translateIn } from './i18n';
import { en } from './locales/en';
import { es } from './locales/es';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the two languages', () => {
  afterEach(async () => {
    localStorage.clear();
    await setLanguage('en');
  });

  it('translate every English string, with the same placeholders and nothing left empty', () => {
    for (const [key, english] of Object.entries(en)) {
      const spanish = es[key as keyof typeof en];
      expect(spanish, key).toBeTruthy();
      expect(spanish.trim(), key).not.toBe('');
      expect(placeholders(spanish), key).toEqual(placeholders(english));
    }
    const extra = Object.keys(es).filter((key) => !(key in en) && !key.endsWith('_many'));
    expect(extra).toEqual([]);
  });

  it('switch the strings, the plural forms and <html lang>', async () => {
    expect(t('login.title')).toBe('Sign in');
    expect(t('signInError.tooManyIn', { count: 1 })).toBe('Too many attempts. Try again in 1 second.');
    expect(t('signInError.tooManyIn', { count: 30 })).toBe('Too many attempts. Try again in 30 seconds.');
    await setLanguage('es');
    expect(getLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(t('login.title')).toBe('Iniciar sesión');
    expect(t('signInError.tooManyIn', { count: 30 })).toBe('Demasiados intentos. Vuelva a intentarlo en 30 segundos.');
    expect(t('routeError.bodyStatus', { status: 503 })).toBe('No se pudo mostrar esta pantalla (estado 503).');
  });

  it('let the user choice win over the company default, and keep it on the device', async () => {
    await applyLanguage({ companyDefault: 'es' });
    expect(getLanguage()).toBe('es');
    await chooseLanguage('en');
    await applyLanguage({ companyDefault: 'es' });
    expect(getLanguage()).toBe('en');
  });

  it('format numbers and money in the language’s conventions', async () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    await setLanguage('es');
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    // Spanish groups thousands only from five digits (CLDR's minimum grouping digits).
    expect(formatMoney(1234.5, 'EUR')).toMatch(/^1234,50\s€$/);
    expect(formatMoney(12345.5, 'EUR')).toMatch(/^12\.345,50\s€$/);
  });

  it('write the numbers inside strings and the time of day the same way (issue 24)', async () => {
    expect(t('signInError.tooManyIn', { count: 17513 })).toBe('Too many attempts. Try again in 17,513 seconds.');
    // One clock style: 24-hour, as every date-time of the app.
    expect(formatTime('2026-11-24T18:44:00')).toBe('18:44');
    await setLanguage('es');
    expect(t('signInError.tooManyIn', { count: 17513 })).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 17.513 segundos.',
    );
    expect(formatTime('2026-11-24T06:44:00')).toBe('6:44');
  });
});

describe('the user’s own formats', () => {
  afterEach(() => setFormatPreferences({ dateFormat: 'locale', numberFormat: 'locale', timeZone: null }));

  it('write dates as ISO, day-first or month-first, in the chosen time zone, and numbers with a point or a comma', () => {
    const at = '2026-11-24T23:30:00Z';
    setFormatPreferences({ dateFormat: 'iso', numberFormat: 'comma', timeZone: 'Europe/Madrid' });
    expect(formatDate(at)).toBe('2026-11-25');
    expect(formatDateTime(at)).toBe('2026-11-25 00:30');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    setFormatPreferences({ dateFormat: 'mdy', numberFormat: 'dot', timeZone: 'UTC' });
    expect(formatDate(at)).toBe('11/24/2026');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    setFormatPreferences({ dateFormat: 'dmy', numberFormat: 'locale', timeZone: 'UTC' });
    expect(formatDate(at)).toBe('24/11/2026');
  });
});

describe('the translator (rosetta and src/lib/i18n/i18n.ts, in i18next’s stead)', () => {
  afterEach(async () => {
    setFormatPreferences({ dateFormat: 'locale', numberFormat: 'locale', timeZone: null });
    await setLanguage('en');
  });

  it('picks the plural form by each language’s rules, Spanish’s round millions included', async () => {
    registerStrings(
      'test-plural',
      { files_one: '{{count}} file', files_other: '{{count}} files' },
      { files_one: '{{count}} archivo', files_other: '{{count}} archivos', files_many: '{{count}} de archivos' },
    );
    registerStrings(
      'test-plural-no-many',
      { rows_one: '{{count}} row', rows_other: '{{count}} rows' },
      {
        rows_one: '{{count}} fila',
        rows_other: '{{count}} filas',
      },
    );
    const files = (count: number) => translateIn('test-plural', 'files', { count });
    expect([0, 1, 2, 1.5, 1_000_000].map(files)).toEqual([
      '0 files',
      '1 file',
      '2 files',
      '1.5 files',
      '1,000,000 files',
    ]);
    expect(t('signInError.tooManyIn', { count: 0 })).toBe('Too many attempts. Try again in 0 seconds.');
    await setLanguage('es');
    expect([0, 1, 2, 1_000_000].map(files)).toEqual(['0 archivos', '1 archivo', '2 archivos', '1.000.000 de archivos']);
    expect(t('signInError.tooManyIn', { count: 1 })).toBe('Demasiados intentos. Vuelva a intentarlo en 1 segundo.');
    expect(t('signInError.tooManyIn', { count: 2_000_000 })).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 2.000.000 segundos.',
    );
    // No `_many` (feature strings carry none): the Spanish `_other`, not the English one.
    expect(translateIn('test-plural-no-many', 'rows', { count: 1_000_000 })).toBe('1.000.000 filas');
    // A count that is a string (already formatted) only fills its placeholder: no plural form is chosen.
    registerStrings('test-plural-text', { figure: '{{label}}: {{count}}' }, { figure: '{{label}}: {{count}}' });
    expect(translateIn('test-plural-text', 'figure', { label: 'Madrid', count: '1.234' })).toBe('Madrid: 1.234');
  });

  it('falls back to English for a key Spanish lacks, and to the key itself for a key nobody has', async () => {
    registerStrings('test-fallback', { there: 'In both', onlyEnglish: 'Only in {{what}}' }, { there: 'En los dos' });
    await setLanguage('es');
    expect(translateIn('test-fallback', 'there')).toBe('En los dos');
    expect(translateIn('test-fallback', 'onlyEnglish', { what: 'English' })).toBe('Only in English');
    expect(translateIn('test-fallback', 'nowhere.at.all')).toBe('nowhere.at.all');
    expect(translateIn('test-never-registered', 'title')).toBe('title');
  });

  it('keeps namespaces apart and reads keys with dots as one key', async () => {
    registerStrings('test-ns-a', { title: 'A', 'list.title': 'A list', list: 'A plain' }, { title: 'Á' });
    registerStrings('test-ns-b', { title: 'B' }, async () => ({ title: 'Be' }));
    // A second registration of a namespace adds to it (a feature split over two chunks).
    registerStrings('test-ns-a', { extra: 'More' }, { extra: 'Más' });
    expect(translateIn('test-ns-a', 'title')).toBe('A');
    expect(translateIn('test-ns-b', 'title')).toBe('B');
    expect(translateIn('test-ns-a', 'list.title')).toBe('A list');
    expect(translateIn('test-ns-a', 'list')).toBe('A plain');
    expect(translateIn('test-ns-a', 'extra')).toBe('More');
    // The app's own strings are a namespace of their own too.
    expect(translateIn('test-ns-a', 'login.title')).toBe('login.title');
    await setLanguage('es');
    expect(translateIn('test-ns-a', 'title')).toBe('Á');
    expect(translateIn('test-ns-b', 'title')).toBe('Be');
    expect(translateIn('test-ns-a', 'extra')).toBe('Más');
    expect(t('login.title')).toBe('Iniciar sesión');
  });

  it('writes every number in the user’s format, and other values as given, unescaped', async () => {
    registerStrings(
      'test-values',
      { line: '{{n}} × {{ price }} = {{total}} ({{note}})', bare: 'x{{missing}}y' },
      {
        line: '{{n}} × {{ price }} = {{total}} ({{note}})',
        bare: 'x{{missing}}y',
      },
    );
    const line = () =>
      translateIn('test-values', 'line', { n: 12345, price: 2.5, total: '30.862,50 €', note: '<b>$& "A&B"</b>' });
    expect(line()).toBe('12,345 × 2.5 = 30.862,50 € (<b>$& "A&B"</b>)');
    setFormatPreferences({ dateFormat: 'locale', numberFormat: 'comma', timeZone: null });
    expect(line()).toBe('12.345 × 2,5 = 30.862,50 € (<b>$& "A&B"</b>)');
    expect(t('signInError.tooManyIn', { count: 1234 })).toBe('Too many attempts. Try again in 1.234 seconds.');
    setFormatPreferences({ dateFormat: 'locale', numberFormat: 'locale', timeZone: null });
    await setLanguage('es');
    expect(line()).toBe('12.345 × 2,5 = 30.862,50 € (<b>$& "A&B"</b>)');
    // A value not given writes nothing.
    expect(translateIn('test-values', 'bare')).toBe('xy');
  });
});
