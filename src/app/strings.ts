/** The signed-in frame's words (navigation bar, account menu); the frame is a lazy chunk, so are they. */
import { defineStrings } from '../lib/i18n/define-strings';

export const { useT: useShellT } = defineStrings(
  'shell',
  {
    'nav.main': 'Main',
    'nav.home': 'Freight Desk, go to the dashboard',
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
  },
  {
    'nav.main': 'Principal',
    'nav.home': 'Freight Desk, ir al panel',
    'nav.mail': 'Correo',
    'nav.notifications': 'Notificaciones',
    'nav.notificationsUnread': 'Notificaciones, {{badge}} sin leer',
    'nav.settings': 'Ajustes',
    'menu.open': 'Menú de la cuenta',
    'menu.label': 'Cuenta',
    'menu.available': 'Disponible',
    'menu.lightTheme': 'Cambiar al tema claro',
    'menu.darkTheme': 'Cambiar al tema oscuro',
    'menu.signOut': 'Cerrar sesión',
    'menu.appSettings': 'Ajustes de la aplicación',
  },
);
