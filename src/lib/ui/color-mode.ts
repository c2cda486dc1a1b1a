/**
 * Light and dark mode, Chakra v3's way: the `dark` or `light` class on <html> switches every semantic
 * token (src/app/chakra-system.ts). The choice is kept in localStorage; with none, the system's
 * `prefers-color-scheme` decides. Applied before the first render (main.tsx) so no screen flashes.
 * No React here: the avatar menu reads it through `useColorMode`.
 */
export type ColorMode = 'light' | 'dark';

/** localStorage key of the chosen mode. */
export const COLOR_MODE_STORAGE_KEY = 'fd-color-mode';

const listeners = new Set<() => void>();

function storedMode(): ColorMode | undefined {
  try {
    const value = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

function systemMode(): ColorMode {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

/** The mode the page shows now. */
export function currentColorMode(): ColorMode {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function apply(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
}

/** Shows the stored choice, else the system's; call once before rendering. */
export function applyInitialColorMode(): void {
  apply(storedMode() ?? systemMode());
}

/** Switches the page and remembers the choice. */
export function setColorMode(mode: ColorMode): void {
  apply(mode);
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Storage blocked (private mode): the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

export function subscribeColorMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
