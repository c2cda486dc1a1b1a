import { defineStrings } from '../i18n/define-strings';

export const { useT: usePickerT } = defineStrings(
  'pickers',
  {
    placeholder: 'Type to search',
    matches: 'Matches',
    loading: 'Loading the list…',
    noMatch: 'No match',
    failed: 'The list could not be loaded. It loads once you are online.',
  },
  {
    placeholder: 'Escriba para buscar',
    matches: 'Coincidencias',
    loading: 'Cargando la lista…',
    noMatch: 'Sin coincidencias',
    failed: 'No se ha podido cargar la lista. Se cargará cuando tenga conexión.',
  },
);
