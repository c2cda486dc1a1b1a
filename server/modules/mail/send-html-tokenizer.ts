/**
 * A small HTML tokenizer for mail bodies: text, start tags (with attributes), end tags. Comments,
 * doctypes and processing instructions are skipped. It follows the browser's rules where they decide what
 * is markup (a `<` that does not open a tag is text; quoted attribute values may hold `>`), which is what
 * matters for sanitizing; it does not build a tree.
 */

export interface HtmlAttribute {
  name: string;
  /** As written between the quotes (entities not decoded); `''` for a bare attribute. */
  value: string;
}

export type HtmlToken =
  | { type: 'text'; text: string }
  | { type: 'start'; name: string; attributes: HtmlAttribute[]; selfClosing: boolean }
  | { type: 'end'; name: string };

const TAG_NAME = /[a-zA-Z][a-zA-Z0-9:-]*/y;
const WHITESPACE = /[\t\n\f\r ]/;

/** Elements whose content is raw text up to their own end tag: never parsed as markup. */
export const RAW_TEXT_ELEMENTS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);

function readAttributes(
  html: string,
  start: number,
): { attributes: HtmlAttribute[]; end: number; selfClosing: boolean } {
  const attributes: HtmlAttribute[] = [];
  let i = start;
  let selfClosing = false;
  while (i < html.length) {
    const c = html[i]!;
    if (WHITESPACE.test(c)) {
      i += 1;
      continue;
    }
    if (c === '>') return { attributes, end: i + 1, selfClosing };
    if (c === '/') {
      selfClosing = html[i + 1] === '>';
      i += 1;
      continue;
    }
    selfClosing = false;
    let nameEnd = i;
    // A name runs to whitespace, `/`, `>` or `=` (a leading `=` belongs to the name, as in browsers).
    do nameEnd += 1;
    while (nameEnd < html.length && !/[\t\n\f\r />=]/.test(html[nameEnd]!));
    const name = html.slice(i, nameEnd).toLowerCase();
    i = nameEnd;
    while (i < html.length && WHITESPACE.test(html[i]!)) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && WHITESPACE.test(html[i]!)) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const valueEnd = close === -1 ? html.length : close;
        value = html.slice(i + 1, valueEnd);
        i = valueEnd + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\t\n\f\r >]/.test(html[i]!)) i += 1;
        value = html.slice(valueStart, i);
      }
    }
    attributes.push({ name, value });
  }
  // The tag never closes: a browser drops it, and so do we.
  return { attributes, end: html.length, selfClosing: false };
}

/** Splits `html` into tokens. Raw-text elements yield their start tag, one text token and their end tag. */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ type: 'text', text: html.slice(textStart, end) });
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const close = html.indexOf('-->', lt + 4);
      i = textStart = close === -1 ? html.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[a-zA-Z]/.test(html[lt + 2] ?? ''))) {
      // Doctype, CDATA, processing instruction or a bogus end tag: skipped up to the next `>`.
      flushText(lt);
      if (next === '/' && html[lt + 2] === '>') {
        i = textStart = lt + 3;
        continue;
      }
      const close = html.indexOf('>', lt + 2);
      i = textStart = close === -1 ? html.length : close + 1;
      continue;
    }
    if (next === '/') {
      TAG_NAME.lastIndex = lt + 2;
      const match = TAG_NAME.exec(html);
      flushText(lt);
      const name = match![0].toLowerCase();
      // End tags may carry (ignored) attributes; skip to the closing `>`, honouring quotes.
      const { end } = readAttributes(html, lt + 2 + match![0].length);
      tokens.push({ type: 'end', name });
      i = textStart = end;
      continue;
    }
    TAG_NAME.lastIndex = lt + 1;
    const match = TAG_NAME.exec(html);
    if (!match) {
      // `a < b`: text.
      i = lt + 1;
      continue;
    }
    flushText(lt);
    const name = match[0].toLowerCase();
    const { attributes, end, selfClosing } = readAttributes(html, lt + 1 + match[0].length);
    tokens.push({ type: 'start', name, attributes, selfClosing });
    i = textStart = end;
    if (RAW_TEXT_ELEMENTS.has(name)) {
      const closer = new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'ig');
      closer.lastIndex = i;
      const found = name === 'plaintext' ? null : closer.exec(html);
      const contentEnd = found ? found.index : html.length;
      if (contentEnd > i) tokens.push({ type: 'text', text: html.slice(i, contentEnd) });
      if (!found) {
        i = textStart = html.length;
        break;
      }
      const close = html.indexOf('>', contentEnd);
      tokens.push({ type: 'end', name });
      i = textStart = close === -1 ? html.length : close + 1;
    }
  }
  flushText(html.length);
  return tokens;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  semi: ';',
  equals: '=',
  num: '#',
  copy: '\u00a9',
  reg: '\u00ae',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bull: '\u2022',
  euro: '\u20ac',
};

/** Decodes numeric character references and the common named ones (others are left as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}
