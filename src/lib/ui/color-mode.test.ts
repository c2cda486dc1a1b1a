// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyInitialColorMode, COLOR_MODE_STORAGE_KEY, currentColorMode, setColorMode } from './color-mode';

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark') }));
}

describe('color mode', () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.className = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system preference until the user chooses', () => {
    systemPrefersDark(true);
    applyInitialColorMode();
    expect(currentColorMode()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('keeps the chosen mode across page loads, whatever the system says', () => {
    systemPrefersDark(true);
    setColorMode('light');
    document.documentElement.className = '';
    applyInitialColorMode();
    expect(currentColorMode()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
  });
});
