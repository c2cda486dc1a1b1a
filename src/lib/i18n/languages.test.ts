import { describe, expect, it } from 'vitest';
import { resolveLanguage, toLanguage } from './languages';

describe('resolveLanguage', () => {
  it('takes the user choice over the company default and the browser', () => {
    expect(resolveLanguage({ userChoice: 'es', companyDefault: 'en', browser: ['en-US'] })).toBe('es');
    expect(resolveLanguage({ userChoice: 'en', companyDefault: 'es', browser: ['es-ES'] })).toBe('en');
  });

  it('falls back to the company default, then the first browser language the app has, then English', () => {
    expect(resolveLanguage({ companyDefault: 'es-MX', browser: ['en-GB'] })).toBe('es');
    expect(resolveLanguage({ companyDefault: 'fr', browser: ['de-DE', 'es-AR', 'en'] })).toBe('es');
    expect(resolveLanguage({ browser: ['de-DE', 'fr'] })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });

  it('reads the spellings a company record holds', () => {
    expect(toLanguage('Spanish')).toBe('es');
    expect(toLanguage('ES')).toBe('es');
    expect(toLanguage('english')).toBe('en');
    expect(toLanguage('pt-BR')).toBeUndefined();
    expect(toLanguage('')).toBeUndefined();
  });
});
