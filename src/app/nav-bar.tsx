import { Box, Flex, HStack, IconButton, Link, chakra } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { badgeText } from '../features/notifications/notification-badge';
import { useUnreadNotificationCount } from '../features/notifications/use-unread-notification-count';
import { userCan } from '../lib/resource-kit/permission-check';
import { logout } from '../lib/session/session-store';
import { useSession } from '../lib/session/use-session';
import { Logo } from '../lib/ui/logo';
import { showToast } from '../lib/ui/toast-store';
import { SUBSCRIPTION_EXPIRED_MESSAGE } from './banner-messages';
import { Icon } from './icons';
import { outboxHint } from '../lib/outbox/outbox-hint';
import { OutboxIndicatorGate } from './outbox-indicator-gate';
import { useAttentionCount } from './use-attention-count';
import { UserMenu } from './user-menu';
import { useShellT } from './strings';

// The shell composes the mail and notifications features (features never import one another). Their
// dialogs load when opened, so the signed-in frame's first load carries none of their code.
const MailDialog = lazy(() => import('../features/mail/mail-dialog'));
const NotificationsDialog = lazy(() => import('../features/notifications/notifications-dialog'));
const AppSettingsDialog = lazy(() => import('../features/preferences/app-settings-dialog'));
const SignOutWarning = lazy(() => import('./sign-out-warning'));

/** The bar's icon buttons: a size smaller on a phone, so that every one fits a 390 px screen. */
const BUTTON_SIZE = { base: 'sm', sm: 'md' } as const;

/** Height of the fixed bar; the frame pads its content by as much. */
export const NAV_BAR_HEIGHT = '14';

type OpenDialog = 'mail' | 'notifications' | 'settings' | 'sign-out' | null;

/** The navigation bar for signed-in users (docs/product-rules.md section 2), fixed at the top. */
export function NavBar() {
  const t = useShellT();
  const { user, isExpired } = useSession();
  const unread = useUnreadNotificationCount();
  const badge = badgeText(unread);
  const attention = badgeText(useAttentionCount(userCan(user, 'shipments', 'read')));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const signOut = () => void logout({ redirect: true });

  const openMail = () => {
    // docs/product-rules.md section 8: an expired subscription gets the error instead of the dialog.
    if (isExpired) showToast({ id: 'subscription-expired', status: 'error', title: SUBSCRIPTION_EXPIRED_MESSAGE });
    else setDialog('mail');
  };

  // The installed app's shortcuts (vite.config.ts) open a dialog with `?open=`, taken off the URL at once so
  // that a reload or Back does not open it again.
  const [searchParams, setSearchParams] = useSearchParams();
  const shortcut = searchParams.get('open');
  const openFromShortcut = useEffectEvent((which: 'mail' | 'notifications') => {
    setSearchParams(
      (params) => {
        params.delete('open');
        return params;
      },
      { replace: true },
    );
    if (which === 'mail') openMail();
    else setDialog('notifications');
  });
  useEffect(() => {
    if (shortcut === 'mail' || shortcut === 'notifications') openFromShortcut(shortcut);
  }, [shortcut]);

  return (
    <chakra.header
      // The bar the frame's picture is taken of (frame-snapshot-capture.ts).
      data-frame-bar=""
      position="fixed"
      top={0}
      insetX={0}
      height={NAV_BAR_HEIGHT}
      zIndex="sticky"
      bg="bg.panel"
      borderBottomWidth="1px"
      boxShadow="xs"
    >
      <Flex
        as="nav"
        aria-label={t('nav.main')}
        height="full"
        alignItems="center"
        justifyContent="space-between"
        paddingX={{ base: 4, md: 8 }}
      >
        {/* On a phone the mark alone: the name would push the last buttons beyond a 390 px screen. */}
        <Link
          asChild
          textDecoration="none"
          _hover={{ textDecoration: 'none', opacity: 0.85 }}
          css={{ '& span': { display: { base: 'none', sm: 'inline' } } }}
        >
          <RouterLink to="/dashboard" aria-label={t('nav.home')}>
            <Logo />
          </RouterLink>
        </Link>
        <HStack gap={{ base: 0, sm: 1 }} minWidth={0}>
          <OutboxIndicatorGate />
          {userCan(user, 'shipments', 'read') && (
            <Box position="relative">
              <IconButton
                asChild
                variant="ghost"
                size={BUTTON_SIZE}
                aria-label={attention ? t('nav.shipmentsAttention', { badge: attention }) : t('nav.shipments')}
              >
                <RouterLink to="/shipments">
                  <Icon name="shipments" />
                </RouterLink>
              </IconButton>
              {attention && <CountBadge testId="attention-badge" palette="orange" text={attention} />}
            </Box>
          )}
          {userCan(user, 'contacts', 'read') && (
            <IconButton asChild variant="ghost" size={BUTTON_SIZE} aria-label={t('nav.contacts')}>
              <RouterLink to="/contacts">
                <Icon name="contacts" />
              </RouterLink>
            </IconButton>
          )}
          {userCan(user, 'reports', 'read') && (
            <IconButton asChild variant="ghost" size={BUTTON_SIZE} aria-label={t('nav.reports')}>
              <RouterLink to="/reports">
                <Icon name="reports" />
              </RouterLink>
            </IconButton>
          )}
          <IconButton variant="ghost" size={BUTTON_SIZE} aria-label={t('nav.mail')} onClick={openMail}>
            <Icon name="mail" />
          </IconButton>
          <Box position="relative">
            <IconButton
              variant="ghost"
              size={BUTTON_SIZE}
              aria-label={badge ? t('nav.notificationsUnread', { badge }) : t('nav.notifications')}
              onClick={() => setDialog('notifications')}
            >
              <Icon name="bell" />
            </IconButton>
            {badge && <CountBadge testId="notification-badge" palette="red" text={badge} />}
          </Box>
          <IconButton asChild variant="ghost" size={BUTTON_SIZE} aria-label={t('nav.settings')}>
            <RouterLink to="/settings/profile">
              <Icon name="gear" />
            </RouterLink>
          </IconButton>
          <UserMenu
            name={user?.name ?? ''}
            email={user?.emailId ?? ''}
            onSignOut={() =>
              // Changes that have not reached the server are named before signing out discards them.
              outboxHint().attention > 0 ? setDialog('sign-out') : signOut()
            }
            onOpenSettings={() => setDialog('settings')}
          />
        </HStack>
      </Flex>
      <Suspense fallback={null}>
        {dialog === 'mail' && <MailDialog onClose={() => setDialog(null)} />}
        {dialog === 'notifications' && <NotificationsDialog onClose={() => setDialog(null)} />}
        {dialog === 'settings' && <AppSettingsDialog onClose={() => setDialog(null)} />}
        {dialog === 'sign-out' && <SignOutWarning onSignOut={signOut} onClose={() => setDialog(null)} />}
      </Suspense>
    </chakra.header>
  );
}

/** A small count on a navigation button (the button's label says it in words). */
function CountBadge({ testId, palette, text }: { testId: string; palette: 'red' | 'orange'; text: string }) {
  return (
    <chakra.span
      data-testid={testId}
      // A count would be stale in the frame's picture (frame-snapshot-capture.ts).
      data-snapshot-omit=""
      aria-hidden="true"
      // The count centred in its circle at every size: a flex box with a line of its own height
      // (`lineHeight="4.5"` read as 4.5 times the font size, and the digits fell out of the circle).
      position="absolute"
      top="0"
      right="0"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minWidth="4"
      height="4"
      paddingX="1"
      borderRadius="full"
      bg={`${palette}.solid`}
      color={`${palette}.contrast`}
      fontSize="10px"
      fontWeight="bold"
      lineHeight="1"
      fontVariantNumeric="tabular-nums"
      boxShadow="0 0 0 2px {colors.bg.panel}"
      pointerEvents="none"
    >
      {text}
    </chakra.span>
  );
}
