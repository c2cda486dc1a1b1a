import { defineStrings } from '../i18n/define-strings';

export const { useT: useRichTextT, t: richTextT } = defineStrings(
  'richText',
  {
    toolbar: 'Formatting',
    bold: 'Bold',
    boldShort: 'B',
    italic: 'Italic',
    italicShort: 'I',
    list: 'Bulleted list',
    listShort: 'List',
    link: 'Link',
    unlink: 'Remove link',
    linkPrompt: 'Link address (https://…)',
    loading: 'Loading the editor…',
  },
  {
    toolbar: 'Formato',
    bold: 'Negrita',
    // The letters Spanish word processors put on these buttons.
    boldShort: 'N',
    italic: 'Cursiva',
    italicShort: 'K',
    list: 'Lista con viñetas',
    listShort: 'Lista',
    link: 'Enlace',
    unlink: 'Quitar enlace',
    linkPrompt: 'Dirección del enlace (https://…)',
    loading: 'Cargando el editor…',
  },
);
