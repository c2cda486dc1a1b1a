/**
 * The plain-text alternative of a (sanitized) HTML mail body: what a text-only mail client shows and what
 * spam filters expect next to HTML. Blocks become lines, list items get a dash, links keep their address.
 * sanitize-html is the parser: its tag callbacks and text filter see the body in document order, with
 * entities decoded (and re-escaped by it, undone here).
 */
import sanitizeHtml from 'sanitize-html';

const BLOCKS = new Set([
  'p',
  'div',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'center',
  'caption',
]);

/** sanitize-html hands text to the filter escaped; this is its exact inverse (`&amp;` last). */
const unescapeText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * `links: 'parentheses'` (the default) writes a link as `label (address)`; `'colon'` as `label: address`,
 * so that the address ends the line (the account mails' links, which a reader copies whole).
 */
export function htmlToPlainText(html: string, options: { links?: 'parentheses' | 'colon' } = {}): string {
  const out: string[] = [];
  const links: Array<{ href: string | undefined; start: number }> = [];
  let inPre = 0;
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: (name, attributes) => {
      if (name === 'br') out.push('\n');
      else if (name === 'li') out.push('\n- ');
      else if (name === 'tr') out.push('\n');
      else if (name === 'td' || name === 'th') out.push('\t');
      else if (name === 'hr') out.push('\n----------\n');
      else if (BLOCKS.has(name)) out.push('\n\n');
      if (name === 'pre') inPre += 1;
      if (name === 'a') links.push({ href: attributes.href?.trim() || undefined, start: out.length });
    },
    onCloseTag: (name) => {
      if (name === 'pre') inPre = Math.max(0, inPre - 1);
      if (name === 'a') {
        const link = links.pop();
        const href = link?.href;
        const label = link ? out.slice(link.start).join('') : '';
        // The address follows the label unless the label already is the address.
        if (href && !href.startsWith('#') && !label.includes(href.replace(/^mailto:/i, '')))
          out.push(options.links === 'colon' ? `: ${href}` : ` (${href})`);
        return;
      }
      if (BLOCKS.has(name)) out.push('\n\n');
    },
    textFilter: (escaped) => {
      const text = unescapeText(escaped).replace(/\u00a0/g, ' ');
      out.push(inPre > 0 ? text : text.replace(/[\t\n\f\r ]+/g, ' '));
      return '';
    },
  });
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, '').replace(/^ +/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
