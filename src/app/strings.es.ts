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
  'menu.install': 'Instalar la aplicación',
  'outbox.offline': 'Sin conexión',
  'outbox.waiting': '{{count}} pendientes',
  'outbox.problems': '{{count}} requieren atención',
  'outbox.asOf': 'datos de las {{time}}',
  'outbox.open': 'Cambios pendientes',
  'menu.outbox': 'Cambios pendientes',
  'menu.prepareOffline': 'Preparar para usar sin conexión',
  'menu.preparing': 'Preparando para usar sin conexión: {{done}} de {{total}}',
  'menu.prepared': 'Listo para usar sin conexión ({{total}} listas)',
  'update.available': 'Hay una nueva versión de Freight Desk.',
  'update.reload': 'Recargar para actualizar',
  'update.waiting': 'Enviando antes {{count}} cambios pendientes…',
  'signOutWarning.title': '{{count}} cambios no han llegado al servidor',
  'signOutWarning.body': 'Al cerrar la sesión se descartan. Revíselos antes o espere a que vuelva la conexión.',
  'signOutWarning.review': 'Revisar los cambios',
  'signOutWarning.signOut': 'Cerrar sesión y descartarlos',
};

export default spanish;
