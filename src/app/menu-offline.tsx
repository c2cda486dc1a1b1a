import { Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../lib/session/use-session';
import { ProgressBar } from '../lib/ui/progress-bar';
import { InstallAppButton } from './install-app-button';
import { useShellT } from './strings';

/**
 * The avatar menu's offline entries (issue 12): the outbox, "Prepare for offline" with its progress bar,
 * and "Install app" where the browser offers it. A chunk loaded when the menu first opens.
 */
export default function MenuOffline({ onNavigate }: { onNavigate: () => void }) {
  const t = useShellT();
  const client = useQueryClient();
  const { user } = useSession();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [finished, setFinished] = useState(false);

  const prepare = () => {
    setFinished(false);
    // The lists' code (every feature's resources) loads on the click, not with the menu.
    void import('./prepare-offline')
      .then(({ prepareForOffline }) => prepareForOffline(client, user, (done, total) => setProgress({ done, total })))
      .finally(() => setFinished(true));
  };

  return (
    <Stack gap={1}>
      <Button asChild size="sm" variant="ghost" justifyContent="flex-start">
        <RouterLink to="/outbox" onClick={onNavigate}>
          {t('menu.outbox')}
        </RouterLink>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        justifyContent="flex-start"
        onClick={prepare}
        disabled={!!progress && !finished}
      >
        {t('menu.prepareOffline')}
      </Button>
      {progress && (
        <Stack gap={1} paddingX={3}>
          <ProgressBar
            value={progress.total ? (progress.done / progress.total) * 100 : 0}
            label={t('menu.prepareOffline')}
          />
          <Text textStyle="xs" color="fg.muted" role="status">
            {finished ? t('menu.prepared', { total: progress.total }) : t('menu.preparing', progress)}
          </Text>
        </Stack>
      )}
      <InstallAppButton />
    </Stack>
  );
}
