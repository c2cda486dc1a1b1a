import type { EnglishStrings } from './strings';

/** Spanish, loaded only when Spanish is shown. */
const spanish: Record<keyof EnglishStrings, string> = {
  'nav.main': 'Principal',
  'nav.home': 'Freight Desk, ir al panel',
  'nav.contacts': 'Contactos',
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
};

export default spanish;
