// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_CSS_ELEMENT_ID, getAppSystem, getProviderSystem } from './chakra-system';

describe("the provider's system and the theme CSS the build puts in the HTML", () => {
  afterEach(() => document.getElementById(THEME_CSS_ELEMENT_ID)?.remove());

  it('is the whole system, global CSS included, when the page has no such CSS (development, tests)', () => {
    const system = getProviderSystem();
    expect(system).toBe(getAppSystem());
    expect(system._global.length).toBe(3);
  });

  it('leaves the global CSS out when the page carries it, and reads everything else through', () => {
    const style = document.createElement('style');
    style.id = THEME_CSS_ELEMENT_ID;
    document.head.append(style);
    const system = getProviderSystem();
    expect(system._global).toEqual([]);
    expect(system.$$chakra).toBe(true);
    expect(system.token('colors.brand.700')).toBe('#1d4ed8');
    expect(system.css({ color: 'brand.700' })).toEqual({ color: 'var(--chakra-colors-brand-700)' });
    // The same object on every render: a new context value would re-render every Chakra component.
    expect(getProviderSystem()).toBe(system);
  });
});
