import { useSyncExternalStore } from 'react';
import { currentColorMode, setColorMode, subscribeColorMode, type ColorMode } from './color-mode';

/** The shown mode and a toggle, for the avatar menu. */
export function useColorMode(): { colorMode: ColorMode; toggleColorMode: () => void } {
  const colorMode = useSyncExternalStore(subscribeColorMode, currentColorMode, currentColorMode);
  return { colorMode, toggleColorMode: () => setColorMode(colorMode === 'dark' ? 'light' : 'dark') };
}
