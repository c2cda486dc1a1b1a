/** The signed-in frame's words (navigation bar, account menu); the frame is a lazy chunk, so are they. */
import { defineStrings } from '../lib/i18n/define-strings';

const english = {
  'nav.main': 'Main',
  'nav.home': 'Freight Desk, go to the dashboard',
  'nav.shipments': 'Shipments',
  'nav.shipmentsAttention': 'Shipments, {{badge}} need attention',
  'nav.contacts': 'Contacts',
  'nav.reports': 'Reports',
  'nav.mail': 'Mail',
  'nav.notifications': 'Notifications',
  'nav.notificationsUnread': 'Notifications, {{badge}} unread',
  'nav.settings': 'Settings',
  'menu.open': 'Account menu',
  'menu.label': 'Account',
  'menu.available': 'Available',
  'menu.lightTheme': 'Switch to light theme',
  'menu.darkTheme': 'Switch to dark theme',
  'menu.signOut': 'Sign out',
  'menu.appSettings': 'App settings',
  'menu.install': 'Install app',
  'outbox.offline': 'Offline',
  'outbox.waiting': '{{count}} waiting',
  'outbox.problems': '{{count}} need you',
  'outbox.asOf': 'as of {{time}}',
  'outbox.open': 'Changes waiting',
  'menu.outbox': 'Changes waiting',
  'menu.prepareOffline': 'Prepare for offline',
  'menu.preparing': 'Preparing for offline: {{done}} of {{total}}',
  'menu.reportProblem': 'Report a problem',
  'menu.appAdmin': 'App admin console',
  'menu.prepared': 'Ready for offline ({{total}} lists)',
  'update.available': 'A new version of Freight Desk is ready.',
  'update.reload': 'Reload to update',
  'update.waiting': 'Sending {{count}} waiting changes first…',
  'signOutWarning.title': '{{count}} changes have not reached the server',
  'signOutWarning.body': 'Signing out discards them. Review them first, or wait until the connection is back.',
  'signOutWarning.review': 'Review the changes',
  'signOutWarning.signOut': 'Sign out and discard them',
} as const;

export type EnglishStrings = typeof english;

export const { useT: useShellT } = defineStrings('shell', english, () =>
  import('./strings.es').then((module) => module.default),
);
