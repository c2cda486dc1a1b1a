import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../lib/session/use-session';
import { useShellT } from './strings';

/**
 * The avatar menu's support entries (issue 13): "Report a problem" for everyone signed in, and the app-admin
 * console for super admins only. A chunk loaded when the menu first opens; the dialog loads on its click.
 */
export default function MenuSupport({
  onNavigate,
  onReportProblem,
}: {
  onNavigate: () => void;
  onReportProblem: () => void;
}) {
  const t = useShellT();
  const { isSuperAdmin } = useSession();
  return (
    <Stack gap={1}>
      <Button size="sm" variant="ghost" justifyContent="flex-start" onClick={onReportProblem}>
        {t('menu.reportProblem')}
      </Button>
      {isSuperAdmin && (
        <Button asChild size="sm" variant="ghost" justifyContent="flex-start">
          <RouterLink to="/app-admin" onClick={onNavigate}>
            {t('menu.appAdmin')}
          </RouterLink>
        </Button>
      )}
    </Stack>
  );
}
