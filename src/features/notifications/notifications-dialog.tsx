import { Box, Button, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NotificationItem } from '../../lib/live/notification-item';
import { useSession } from '../../lib/session/use-session';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { can, type Permissions } from '../../shared/permissions';
import { markNotificationsLoaded, notificationsQueryOptions } from './notifications-api';
import { SendNotificationForm } from './send-notification-form';
import { setUnreadCount } from '../../lib/live/unread-count-store';
import { useNotificationsT } from './strings';
import { formatDateTime } from '../../lib/i18n/format';

/** Sending a general notification needs both (server/modules/notifications/notification-routes.ts). */
export function canSendNotifications(permissions: Record<string, string[]> | undefined): boolean {
  const p = (permissions ?? {}) as Permissions;
  return can(p, 'notifications', 'create') && can(p, 'users', 'read');
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDateTime(date);
}

/**
 * The notifications dialog (docs/product-rules.md section 2): the user's notifications, newest first. Opening it marks
 * them loaded (and those arriving while it is open), so the badge is recalculated; clicking one follows
 * its link. Admins also get the form that sends a general notification.
 */
export default function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const t = useNotificationsT();
  const { user } = useSession();
  const navigate = useNavigate();
  const list = useQuery(notificationsQueryOptions());
  const marked = useRef(new Set<string>());
  const markedAll = useRef(false);

  useEffect(() => {
    const items = list.data?.items;
    if (!items) return;
    const fresh = items.filter((n) => n.status === 'new' && !marked.current.has(n._id)).map((n) => n._id);
    for (const id of fresh) marked.current.add(id);
    // The first time: every notification (also those beyond the listed page); then the newcomers.
    const ids = markedAll.current ? fresh : undefined;
    if (markedAll.current && fresh.length === 0) return;
    markedAll.current = true;
    markNotificationsLoaded(ids).then(
      ({ unread }) => setUnreadCount(unread),
      (error: unknown) => console.warn('Could not mark notifications loaded.', error),
    );
  }, [list.data]);

  const open = (item: NotificationItem) => {
    void markNotificationsLoaded([item._id]).then(
      ({ unread }) => setUnreadCount(unread),
      () => undefined,
    );
    if (!item.link) return;
    onClose();
    if (item.link.startsWith('/')) navigate(item.link);
    else window.open(item.link, '_blank', 'noopener,noreferrer');
  };

  const items = list.data?.items ?? [];
  return (
    <ModalDialog title={t('title')} onClose={onClose}>
      {list.isPending && <Text color="fg.muted">{t('loading')}</Text>}
      {list.isError && <Text color="fg.error">{t('failed')}</Text>}
      {list.isSuccess && items.length === 0 && <Text color="fg.muted">{t('empty')}</Text>}
      {items.length > 0 && (
        <Stack as="ul" aria-label={t('title')} gap={1} listStyleType="none" maxHeight="60vh" overflowY="auto">
          {items.map((item) => (
            <li key={item._id}>
              <chakra.button
                type="button"
                width="full"
                textAlign="start"
                padding={3}
                borderRadius="l2"
                bg={item.status === 'new' ? 'blue.subtle' : 'transparent'}
                _hover={{ bg: 'bg.muted' }}
                cursor={item.link ? 'pointer' : 'default'}
                onClick={() => open(item)}
              >
                <Box display="flex" justifyContent="space-between" gap={2}>
                  <Text fontWeight="semibold">{item.title}</Text>
                  {item.status === 'new' && (
                    <chakra.span fontSize="xs" fontWeight="bold" color="blue.fg">
                      {t('new')}
                    </chakra.span>
                  )}
                </Box>
                {item.body && (
                  <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
                    {item.body}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.subtle">
                  {when(item.createdAt)}
                </Text>
              </chakra.button>
            </li>
          ))}
        </Stack>
      )}
      {canSendNotifications(user?.role?.permissions) && <SendNotificationForm />}
      {list.isError && (
        <Button marginTop={2} size="sm" variant="outline" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      )}
    </ModalDialog>
  );
}
