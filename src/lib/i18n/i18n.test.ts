// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime, setFormatPreferences } from './format';
import { applyLanguage, chooseLanguage, getLanguage, setLanguage, t } from './i18n';
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
