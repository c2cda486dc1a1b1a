import { Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { describeAudit, useAuditT } from '../../lib/audit/describe-audit';
import { formatDate, formatDateTime, formatNumber } from '../../lib/i18n/format';
import { getUnreadCount, subscribeUnreadCount } from '../../lib/live/unread-count-store';
import { outboxHint, subscribeOutboxHint } from '../../lib/outbox/outbox-hint';
import { userCan } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';
import { PageTitle } from '../../lib/ui/page-header';
import { Pill } from '../../lib/ui/pill';
import type { PermissionModule } from '../../shared/permissions';
import { daysLeft } from '../../lib/plan-days';
import { dashboardQueries } from './dashboard-api';
import { useDashboardT } from './strings';
import { QueryWidget, WidgetFrame } from './widget';

// Shown only until the company has set itself up: its own chunk.
const SetupWidget = lazy(() => import('./setup-widget'));
// The first row for a role that reads shipments: its own chunk (the first-load budget).
// One chunk for both shipment widgets: every user who sees one sees the other.
const ShipmentsWidget = lazy(() => import('./shipment-widgets').then((m) => ({ default: m.ShipmentsWidget })));
const AttentionWidget = lazy(() => import('./shipment-widgets').then((m) => ({ default: m.AttentionWidget })));
// Money (issue 26), for roles with shipments.charges only: a chunk of its own, small (the first-load budget).
const ProfitWidget = lazy(() => import('./profit-widget'));

/**
 * Equal grid columns. A plain grid box rather than Chakra's SimpleGrid, whose code the first load would pay
 * for (its 230 kB budget; the room went to the profit panel).
 */
const COLUMNS = { 1: 'repeat(1, minmax(0, 1fr))', 2: 'repeat(2, minmax(0, 1fr))', 3: 'repeat(3, minmax(0, 1fr))' };

/**
 * /dashboard: what a forwarder's staff opens every morning. Eight widgets, each on its own call with its
 * own loading, empty and error state; the page never waits for the slowest one.
 */
export function DashboardScreen() {
  const t = useDashboardT();
  const { user, company } = useSession();
  const allowed = (module: PermissionModule) => userCan(user, module, 'read');
  return (
    <Box as="section">
      <PageTitle>{t('title')}</PageTitle>
      <Text color="fg.muted" marginTop={1} marginBottom={5}>
        {t('subtitle', { name: user?.firstName || user?.name || user?.emailId || '' })}
      </Text>
      {allowed('shipments') && (
        <Suspense fallback={null}>
          <Box marginBottom={4}>
            <ShipmentsWidget />
          </Box>
          <Box marginBottom={4}>
            <AttentionWidget />
          </Box>
        </Suspense>
      )}
      {userCan(user, 'shipments', 'charges') && (
        <Suspense fallback={null}>
          <Box marginBottom={4}>
            <ProfitWidget />
          </Box>
        </Suspense>
      )}
      <Box display="grid" gridTemplateColumns={{ base: COLUMNS[1], md: COLUMNS[2], xl: COLUMNS[3] }} gap={4}>
        <PlanWidget />
        {company && !company.account_setup && (
          <Suspense fallback={null}>
            <SetupWidget />
          </Suspense>
        )}
        <NotificationsWidget />
        {allowed('audit') && <ActivityWidget />}
        <CountsWidget />
        <OutboxWidget />
        <LinksWidget />
      </Box>
    </Box>
  );
}

function PlanWidget() {
  const t = useDashboardT();
  const { company, isExpired } = useSession();
  const plan = company?.subscripedPlan;
  const left = plan ? daysLeft(plan.expiryDate) : 0;
  return (
    <WidgetFrame id="plan" title={t('plan.title')}>
      {plan && (
        <Stack gap={1}>
          <Flex gap={2} alignItems="center">
            <Text fontWeight="semibold" textStyle="lg">
              {plan.name}
            </Text>
            <Pill colorPalette={isExpired ? 'red' : left <= 14 ? 'orange' : 'green'}>
              {isExpired
                ? t('plan.expired', { date: formatDate(plan.expiryDate) })
                : t(left <= 14 ? 'plan.endsSoon' : 'plan.active')}
            </Pill>
          </Flex>
          {isExpired ? (
            <Text color="fg.muted">{t('plan.contact')}</Text>
          ) : (
            <Text data-days-left={left}>{t('plan.daysLeft', { count: left, date: formatDate(plan.expiryDate) })}</Text>
          )}
        </Stack>
      )}
    </WidgetFrame>
  );
}

function NotificationsWidget() {
  const t = useDashboardT();
  const query = useQuery(dashboardQueries.notifications());
  // Live like the bell: a notification that arrives (or is read elsewhere) changes the live unread count,
  // and the card fetches its list again.
  const unread = useSyncExternalStore(subscribeUnreadCount, getUnreadCount, getUnreadCount);
  const seen = useRef(unread);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === unread) return;
    seen.current = unread;
    void refetch();
  }, [unread, refetch]);
  return (
    <WidgetFrame id="notifications" title={t('notifications.title')}>
      <QueryWidget query={query} isEmpty={(d) => d.items.length === 0} empty={t('notifications.none')}>
        {(d) => (
          <Stack gap={2}>
            <Stack as="ul" gap={2} listStyleType="none">
              {d.items.map((item) => (
                <li key={item._id}>
                  <Text fontWeight="medium" lineClamp={1}>
                    {item.title}
                  </Text>
                  <Text textStyle="xs" color="fg.muted">
                    {formatDateTime(item.createdAt)}
                  </Text>
                </li>
              ))}
            </Stack>
            <Text textStyle="sm" color="fg.muted" data-unread={d.meta.unread}>
              {t('notifications.more', { count: d.meta.unread })}
            </Text>
          </Stack>
        )}
      </QueryWidget>
    </WidgetFrame>
  );
}

function ActivityWidget() {
  const t = useDashboardT();
  useAuditT();
  const { user } = useSession();
  const query = useQuery(dashboardQueries.activity());
  const users = useQuery({ ...dashboardQueries.users(), enabled: userCan(user, 'users', 'read') });
  const names = new Map(users.data?.items.map((u) => [u._id, u.name || u.emailId]));
  return (
    <WidgetFrame id="activity" title={t('activity.title')}>
      <QueryWidget query={query} isEmpty={(d) => d.items.length === 0} empty={t('activity.none')}>
        {(d) => (
          <Stack as="ul" gap={2} listStyleType="none">
            {d.items.map((entry) => (
              <li key={entry._id}>
                <Text textStyle="sm">
                  {describeAudit(
                    entry,
                    entry.actorName ?? ((entry.actorUserId && names.get(entry.actorUserId)) || null),
                  )}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {formatDateTime(entry.createdAt)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </QueryWidget>
    </WidgetFrame>
  );
}

function CountsWidget() {
  const t = useDashboardT();
  const { user } = useSession();
  const contacts = useQuery({ ...dashboardQueries.contacts(), enabled: userCan(user, 'contacts', 'read') });
  const users = useQuery({ ...dashboardQueries.users(), enabled: userCan(user, 'users', 'read') });
  const reports = useQuery({ ...dashboardQueries.reports(), enabled: userCan(user, 'reports', 'read') });
  return (
    <WidgetFrame id="counts" title={t('counts.title')}>
      <Box display="grid" gridTemplateColumns={COLUMNS[3]} gap={3}>
        {userCan(user, 'contacts', 'read') && (
          <Count label={t('counts.contacts')} id="contacts" to="/contacts">
            <QueryWidget query={contacts}>{(n) => <Figure value={n} />}</QueryWidget>
          </Count>
        )}
        {userCan(user, 'users', 'read') && (
          <Count label={t('counts.users')} id="users" to="/settings/users">
            <QueryWidget query={users}>{(d) => <Figure value={d.meta.total} />}</QueryWidget>
          </Count>
        )}
        {userCan(user, 'reports', 'read') && (
          <Count label={t('counts.reports')} id="reports" to="/reports">
            <QueryWidget query={reports}>{(n) => <Figure value={n} />}</QueryWidget>
          </Count>
        )}
      </Box>
    </WidgetFrame>
  );
}

function Count({ label, id, to, children }: { label: string; id: string; to: string; children: ReactNode }) {
  return (
    <Stack gap={1} data-count={id}>
      <Link asChild color="brand.fg" textStyle="sm">
        <RouterLink to={to}>{label}</RouterLink>
      </Link>
      {children}
    </Stack>
  );
}

function Figure({ value }: { value: number }) {
  return (
    <Text textStyle="2xl" fontWeight="semibold" data-value={value}>
      {formatNumber(value)}
    </Text>
  );
}

/** The outbox's state (issue 13): "All changes saved", or how many wait and how many need the user. */
function OutboxWidget() {
  const t = useDashboardT();
  const { waiting, attention } = useSyncExternalStore(subscribeOutboxHint, outboxHint, outboxHint);
  const problems = attention - waiting;
  return (
    <WidgetFrame id="outbox" title={t('outbox.title')}>
      {attention === 0 ? (
        <Text>{t('outbox.saved')}</Text>
      ) : (
        <Stack gap={2}>
          {waiting > 0 && <Text>{t('outbox.waiting', { count: waiting })}</Text>}
          {problems > 0 && <Text color="fg.error">{t('outbox.problems', { count: problems })}</Text>}
          <Link asChild color="brand.fg">
            <RouterLink to="/outbox">{t('outbox.open')}</RouterLink>
          </Link>
        </Stack>
      )}
    </WidgetFrame>
  );
}

function LinksWidget() {
  const t = useDashboardT();
  const { user } = useSession();
  const links: { to: string; label: string; module?: PermissionModule }[] = [
    { to: '/contacts', label: t('links.contacts'), module: 'contacts' },
    { to: '/reports', label: t('links.reports'), module: 'reports' },
    { to: '/settings/users', label: t('links.users'), module: 'users' },
    { to: '/settings/company', label: t('links.company'), module: 'company' },
    { to: '/settings/profile', label: t('links.profile') },
  ];
  return (
    <WidgetFrame id="links" title={t('links.title')}>
      <Stack as="ul" gap={2} listStyleType="none">
        {links
          .filter((link) => !link.module || userCan(user, link.module, 'read'))
          .map((link) => (
            <li key={link.to}>
              <Link asChild color="brand.fg">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            </li>
          ))}
      </Stack>
    </WidgetFrame>
  );
}
