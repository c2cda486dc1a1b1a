import { defineStrings } from '../i18n/define-strings';

export const { useT: useRichTextT, t: richTextT } = defineStrings(
  'richText',
  {
    toolbar: 'Formatting',
    bold: 'Bold',
    italic: 'Italic',
    list: 'Bulleted list',
    link: 'Link',
    linkPrompt: 'Link address (https://…)',
  },
  {
    toolbar: 'Formato',
    bold: 'Negrita',
    italic: 'Cursiva',
    list: 'Lista con viñetas',
    link: 'Enlace',
    linkPrompt: 'Dirección del enlace (https://…)',
  },
);
