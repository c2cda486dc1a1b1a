import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { currentPreferences } from '../../lib/app-settings/app-settings';
import { showToast } from '../../lib/ui/toast-store';
import { createNotificationFeed } from '../../lib/live/notification-feed';
import { useSession } from '../../lib/session/use-session';
import { NOTIFICATIONS_KEY } from './notifications-api';
import { getUnreadCount, setUnreadCount, subscribeUnreadCount } from '../../lib/live/unread-count-store';

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The count on the installed app's icon (Badging API), where the browser has it. */
export function setAppIconBadge(count: number, nav: BadgingNavigator = navigator): void {
  if (typeof nav.setAppBadge !== 'function') return;
  const done = count > 0 ? nav.setAppBadge(count) : (nav.clearAppBadge?.() ?? nav.setAppBadge(0));
  done.catch(() => undefined);
}

/**
 * The unread notification count for the bell's badge (docs/product-rules.md section 4: a new notification counts
 * toward the badge; when one changes to loaded the count is recalculated). Live: the feed of
 * src/lib/live pushes the count, no polling. A new notification also refreshes the dialog's list.
 */
export function useUnreadNotificationCount(): number {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const count = useSyncExternalStore(subscribeUnreadCount, getUnreadCount, getUnreadCount);
  const userId = user?._id;
  const companyId = user?.companyId;

  useEffect(() => {
    if (!userId || !companyId) return;
    const refreshList = (item?: { title: string; kind: string }) => {
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      // A pop-up for the kinds the user asked for (app settings): mail reports, or everything else.
      const toasts = currentPreferences().toasts;
      if (item && (item.kind.startsWith('mail') ? toasts.mail : toasts.notifications)) {
        showToast({ status: 'info', title: item.title });
      }
    };
    const unsubscribe = createNotificationFeed({ companyId, userId }).subscribe({
      onSnapshot: ({ unread }) => setUnreadCount(unread),
      onNotification: refreshList,
      onCount: ({ unread }) => setUnreadCount(unread),
    });
    return () => {
      unsubscribe();
      setUnreadCount(0);
      setAppIconBadge(0);
    };
  }, [userId, companyId, queryClient]);

  useEffect(() => setAppIconBadge(count), [count]);

  return count;
}
