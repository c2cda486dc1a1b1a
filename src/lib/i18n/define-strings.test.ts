// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineStrings } from './define-strings';
import { setLanguage } from './i18n';

describe('a feature’s own strings', () => {
  afterEach(() => setLanguage('en'));

  it('follow the language, with plural forms and placeholders, and stay apart from other features', async () => {
    const a = defineStrings(
      'test-a',
      { title: 'Contacts', count_one: '{{count}} contact', count_other: '{{count}} contacts' },
      { title: 'Contactos', count_one: '{{count}} contacto', count_other: '{{count}} contactos' },
    );
    const b = defineStrings('test-b', { title: 'Reports' }, { title: 'Informes' });
    expect(a.t('title')).toBe('Contacts');
    expect(b.t('title')).toBe('Reports');
    expect(a.t('count', { count: 1 })).toBe('1 contact');
    await setLanguage('es');
    expect(a.t('title')).toBe('Contactos');
    expect(a.t('count', { count: 3 })).toBe('3 contactos');
    expect(b.t('title')).toBe('Informes');
  });

  it('load a lazy Spanish half when Spanish is chosen, or at once when it already shows', async () => {
    const lazy = defineStrings('test-lazy', { hello: 'Hello {{name}}' }, async () => ({ hello: 'Hola {{name}}' }));
    expect(lazy.t('hello', { name: 'Ana' })).toBe('Hello Ana');
    await setLanguage('es');
    expect(lazy.t('hello', { name: 'Ana' })).toBe('Hola Ana');
    const late = defineStrings('test-late', { bye: 'Bye' }, async () => ({ bye: 'Adiós' }));
    await vi.waitFor(() => expect(late.t('bye')).toBe('Adiós'));
  });
});
