/**
 * What a mail body's HTML may contain: one allow-list, pure data, used by the mail service with
 * sanitize-html (server/modules/mail/mail-html-sanitizer.ts) and by the mail editor with DOMPurify
 * (src/lib/rich-text/mail-html-purify.ts), so that what the user sees in the editor is what is sent.
 * Everything else goes: scripts, styles, frames, forms, event handlers, `javascript:` and other schemes.
 */

/** Attributes every allowed element may carry. */
export const MAIL_GLOBAL_ATTRIBUTES = ['title', 'dir', 'lang', 'style', 'align'] as const;

/** Allowed elements and their own attributes (besides the global ones). */
export const MAIL_ALLOWED_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'name'],
  abbr: [],
  b: [],
  blockquote: ['cite'],
  br: [],
  caption: [],
  center: [],
  code: [],
  col: ['span', 'width'],
  colgroup: ['span', 'width'],
  del: [],
  div: [],
  em: [],
  font: ['color', 'face', 'size'],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ['src', 'alt', 'width', 'height'],
  ins: [],
  li: ['value'],
  mark: [],
  ol: ['start', 'type'],
  p: [],
  pre: [],
  s: [],
  small: [],
  span: [],
  strike: [],
  strong: [],
  sub: [],
  sup: [],
  table: ['border', 'cellpadding', 'cellspacing', 'width', 'bgcolor'],
  tbody: [],
  td: ['colspan', 'rowspan', 'width', 'height', 'valign', 'bgcolor'],
  tfoot: [],
  th: ['colspan', 'rowspan', 'width', 'height', 'valign', 'bgcolor', 'scope'],
  thead: [],
  tr: ['valign', 'bgcolor'],
  u: [],
  ul: [],
};

/** Dropped together with everything inside them (other disallowed elements go, their text stays). */
export const MAIL_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'title',
  'textarea',
  'noscript',
  'iframe',
  'object',
  'template',
  'svg',
  'math',
  'select',
  'option',
  'button',
] as const;

/** The attributes holding a URL, and the schemes each may use (a relative URL has none and may stay). */
export const MAIL_URL_SCHEMES: Readonly<Record<'href' | 'cite' | 'src', readonly string[]>> = {
  href: ['http', 'https', 'mailto', 'tel'],
  cite: ['http', 'https'],
  // Inline images of pasted content (`data:`) and attachments referenced by content id (`cid:`).
  src: ['http', 'https', 'cid', 'data'],
};

/** A colour, length, keyword or font list: nothing that can fetch (`url(`) or run (`expression(`). */
const PLAIN_VALUE = /^(?:[\w\s#%.,+'"-]+|(?:rgba?|hsla?)\([\d\s.,%/]+\))$/i;

/** The style properties a body may set, each with the values it accepts. */
export const MAIL_ALLOWED_STYLES: Readonly<Record<string, readonly RegExp[]>> = Object.fromEntries(
  [
    'color',
    'background-color',
    'font-family',
    'font-size',
    'font-style',
    'font-weight',
    'text-align',
    'text-decoration',
    'text-indent',
    'line-height',
    'vertical-align',
    'white-space',
    'margin',
    'margin-left',
    'margin-right',
    'margin-top',
    'margin-bottom',
    'padding',
    'padding-left',
    'padding-right',
    'padding-top',
    'padding-bottom',
    'border',
    'border-collapse',
    'width',
    'height',
    'list-style-type',
  ].map((property) => [property, [PLAIN_VALUE]]),
);

export function mailAttributeAllowed(tag: string, attribute: string): boolean {
  const own = MAIL_ALLOWED_ELEMENTS[tag];
  if (!own) return false;
  return (MAIL_GLOBAL_ATTRIBUTES as readonly string[]).includes(attribute) || own.includes(attribute);
}
