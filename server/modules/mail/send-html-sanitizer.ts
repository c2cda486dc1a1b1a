/**
 * The mail dialog's HTML body, reduced to a safe subset before it is stored and sent: an allow-list of
 * formatting elements and attributes, links only to http(s), mailto and tel, images only from http(s),
 * `cid:` and inline raster `data:` URLs, and `style` only with plain formatting properties. Everything
 * else goes: scripts, styles, frames, forms, event handlers (`on*`), `javascript:` URLs. The output is
 * well-formed (every element it opens it closes), so that a message cannot break the page showing it.
 */
import { decodeEntities, RAW_TEXT_ELEMENTS, tokenizeHtml, type HtmlAttribute } from './send-html-tokenizer.ts';

const GLOBAL_ATTRIBUTES = ['title', 'dir', 'lang', 'style', 'align'];

/** Allowed elements and their own attributes (besides the global ones). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'name'],
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

const VOID_ELEMENTS = new Set([
  'br',
  'hr',
  'img',
  'col',
  'wbr',
  'area',
  'base',
  'link',
  'meta',
  'input',
  'source',
  'embed',
  'param',
  'track',
]);

/** Dropped together with everything inside them (the rest of the disallowed elements are unwrapped). */
const DROPPED_WITH_CONTENT = new Set([
  ...RAW_TEXT_ELEMENTS,
  'head',
  'object',
  'applet',
  'embed',
  'frameset',
  'frame',
  'template',
  'svg',
  'math',
  'select',
  'option',
  'button',
  'audio',
  'video',
  'canvas',
  'map',
]);

const STYLE_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'white-space',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-collapse',
  'border-radius',
  'width',
  'height',
  'max-width',
  'min-width',
  'display',
  'list-style-type',
]);

/** A style value of plain tokens: no `url(`, `expression(`, escapes, comments or markup. */
const SAFE_STYLE_VALUE = /^[\w\s#%.,+'"-]+$|^(?:rgba?|hsla?)\([\d\s.,%]+\)$/i;

const LINK_SCHEMES = /^(?:https?|mailto|tel):/i;
const IMAGE_SCHEMES = /^(?:https?|cid):/i;
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const HAS_SCHEME = /^[^/?#]*:/;

/** Whether a URL attribute may stay: decoded as the browser would, then checked against the schemes. */
export function isSafeUrl(raw: string, kind: 'link' | 'image'): boolean {
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\x00-\x20\x7f]/g, '');
  if (url.length === 0) return kind === 'link';
  if (kind === 'image') return IMAGE_SCHEMES.test(url) || INLINE_IMAGE.test(decodeEntities(raw).trim());
  if (LINK_SCHEMES.test(url)) return true;
  // A relative link (no scheme before the first `/`, `?` or `#`), with no unknown entity that might hide one.
  return !HAS_SCHEME.test(url) && !/&[a-z]/i.test(url.split(/[/?#]/)[0] ?? '');
}

function cleanStyle(raw: string): string {
  return decodeEntities(raw)
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon === -1) return undefined;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      if (!STYLE_PROPERTIES.has(property) || !value || !SAFE_STYLE_VALUE.test(value)) return undefined;
      return `${property}: ${value}`;
    })
    .filter((d): d is string => d !== undefined)
    .join('; ');
}

const escapeAttribute = (value: string) => value.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

function cleanAttributes(tag: string, attributes: HtmlAttribute[]): string {
  const own = ALLOWED[tag] ?? [];
  const kept = new Map<string, string>();
  for (const { name, value } of attributes) {
    if (kept.has(name)) continue; // The first of duplicates wins, as in browsers.
    if (!GLOBAL_ATTRIBUTES.includes(name) && !own.includes(name)) continue;
    if (name === 'href' && !isSafeUrl(value, 'link')) continue;
    if (name === 'src' && !isSafeUrl(value, 'image')) continue;
    if (name === 'cite' && !isSafeUrl(value, 'link')) continue;
    if (name === 'target') {
      if (value.trim().toLowerCase() === '_blank') kept.set('target', '_blank');
      continue;
    }
    if (name === 'style') {
      const style = cleanStyle(value);
      if (style) kept.set('style', style);
      continue;
    }
    kept.set(name, value);
  }
  // A link that opens a new window gets no handle on the page that opened it.
  if (kept.get('target') === '_blank') kept.set('rel', 'noopener noreferrer');
  return [...kept].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

/** The safe subset of `html` (see the file comment). */
export function sanitizeMailHtml(html: string): string {
  const tokens = tokenizeHtml(html);
  const out: string[] = [];
  const open: string[] = [];
  /** The element being dropped with its content, and how deep inside it we are. */
  let dropping: { name: string; depth: number } | undefined;
  for (const token of tokens) {
    if (dropping) {
      // A `<head>` left open ends where the body starts, as in browsers.
      if (dropping.name === 'head' && token.type === 'start' && token.name === 'body') dropping = undefined;
      else if (token.type === 'start' && token.name === dropping.name && !token.selfClosing) dropping.depth += 1;
      else if (token.type === 'end' && token.name === dropping.name && --dropping.depth === 0) dropping = undefined;
      continue;
    }
    if (token.type === 'text') {
      out.push(escapeText(token.text));
      continue;
    }
    if (token.type === 'start') {
      if (DROPPED_WITH_CONTENT.has(token.name)) {
        if (!token.selfClosing && !VOID_ELEMENTS.has(token.name)) dropping = { name: token.name, depth: 1 };
        continue;
      }
      if (!(token.name in ALLOWED)) continue; // Unwrapped: the tag goes, its content stays.
      out.push(`<${token.name}${cleanAttributes(token.name, token.attributes)}>`);
      if (!VOID_ELEMENTS.has(token.name)) open.push(token.name);
      continue;
    }
    // An end tag closes the nearest open element of its name, and everything opened inside it.
    const at = open.lastIndexOf(token.name);
    if (at === -1) continue;
    while (open.length > at) out.push(`</${open.pop()!}>`);
  }
  while (open.length > 0) out.push(`</${open.pop()!}>`);
  return out.join('');
}
