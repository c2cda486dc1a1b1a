/** Why an action waits for the connection (the note of needs-connection.tsx). */
import { defineStrings } from '../i18n/define-strings';

export const { useT: useOnlineT } = defineStrings(
  'online',
  {
    importExport:
      'Importing and exporting need a connection: the server checks each imported row against the contacts it holds, and an export is made from what it holds now.',
    account: 'Changing your e-mail or password, or ending sessions, needs a connection to the sign-in service.',
    notify: 'Sending a notification needs a connection: it reaches people at once or not at all.',
    moveUsers: 'Deleting a role that people hold needs a connection: they move to another role at once.',
  },
  {
    importExport:
      'Importar y exportar necesitan conexión: el servidor compara cada fila importada con los contactos que guarda, y una exportación se hace con lo que guarda ahora.',
    account: 'Cambiar su correo o su contraseña, o cerrar sesiones, necesita conexión con el servicio de acceso.',
    notify: 'Enviar una notificación necesita conexión: llega a las personas en el momento o no llega.',
    moveUsers: 'Borrar un rol que tienen personas necesita conexión: pasan a otro rol en el momento.',
  },
);
