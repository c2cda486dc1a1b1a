/** The signed-in frame's words (navigation bar, account menu); the frame is a lazy chunk, so are they. */
import { defineStrings } from '../lib/i18n/define-strings';

const english = {
  'nav.main': 'Main',
  'nav.home': 'Freight Desk, go to the dashboard',
  'nav.contacts': 'Contacts',
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
} as const;

export type EnglishStrings = typeof english;

export const { useT: useShellT } = defineStrings('shell', english, () =>
  import('./strings.es').then((module) => module.default),
);
