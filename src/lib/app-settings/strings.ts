/** The app settings' words that travel with the save itself (the outbox shows them while a save waits). */
import { defineStrings } from '../i18n/define-strings';

export const { t: appSettingsT } = defineStrings(
  'appSettings',
  {
    outboxLabel: 'Your app settings (language, formats, time zone, theme)',
  },
  {
    outboxLabel: 'Tus ajustes de la aplicación (idioma, formatos, zona horaria, tema)',
  },
);
