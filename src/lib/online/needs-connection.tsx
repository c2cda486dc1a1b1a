/**
 * The note an online-only action shows before the user starts (issue 24): while the browser is offline the
 * action is disabled and this says why. Which actions stay online-only, and why, is listed in the README.
 */
import { Text } from '@chakra-ui/react';
import { useOnline } from '../resource-kit/use-online';
import { useOnlineT } from './strings';

export type OnlineOnlyAction = 'importExport' | 'account' | 'notify' | 'moveUsers';

/** Renders nothing while online; offline, one muted line naming what needs the connection. */
export function NeedsConnection({ action }: { action: OnlineOnlyAction }) {
  const t = useOnlineT();
  const online = useOnline();
  if (online) return null;
  return (
    <Text role="note" textStyle="xs" color="fg.muted" data-needs-connection={action}>
      {t(action)}
    </Text>
  );
}
