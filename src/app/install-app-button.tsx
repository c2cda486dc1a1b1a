import { Button } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { canInstallApp, installApp, subscribeInstallPrompt } from '../lib/install-prompt';
import { useShellT } from './strings';

/** Whether the browser offers to install the app now, and the call that shows its install dialog. */
export function useInstallPrompt(): { canInstall: boolean; install: typeof installApp } {
  const canInstall = useSyncExternalStore(subscribeInstallPrompt, canInstallApp, () => false);
  return { canInstall, install: installApp };
}

/**
 * "Install app" for the avatar menu, where the browser offers the install (Chromium, not yet installed);
 * nothing elsewhere, and nothing once the app is installed.
 */
export function InstallAppButton() {
  const t = useShellT();
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Button size="sm" variant="ghost" justifyContent="flex-start" onClick={() => void install()}>
      {t('menu.install')}
    </Button>
  );
}
