/**
 * The mail editor's HTML, reduced in the browser by DOMPurify to the allow-list the mail service applies
 * with sanitize-html (src/shared/mail-html-policy.ts): what the user sees in the editor is what is sent.
 * DOMPurify knows one attribute list and one URL pattern for all elements; the hook below narrows both to
 * the policy's per-element lists and applies its style rules, in the form sanitize-html writes them.
 */
import DOMPurify, { type Config, type UponSanitizeAttributeHook } from 'dompurify';
import {
  MAIL_ALLOWED_ELEMENTS,
  MAIL_ALLOWED_STYLES,
  MAIL_DROPPED_WITH_CONTENT,
  MAIL_GLOBAL_ATTRIBUTES,
  MAIL_URL_SCHEMES,
  mailAttributeAllowed,
} from '../../shared/mail-html-policy';

const ALL_SCHEMES = [...new Set(Object.values(MAIL_URL_SCHEMES).flat())];

const CONFIG: Config = {
  ALLOWED_TAGS: Object.keys(MAIL_ALLOWED_ELEMENTS),
  ALLOWED_ATTR: [...new Set([...MAIL_GLOBAL_ATTRIBUTES, ...Object.values(MAIL_ALLOWED_ELEMENTS).flat()])],
  FORBID_CONTENTS: [...MAIL_DROPPED_WITH_CONTENT],
  // DOMPurify's own pattern, with the policy's schemes: a listed scheme, or a relative URL.
  ALLOWED_URI_REGEXP: new RegExp(`^(?:(?:${ALL_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i'),
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** The scheme of a URL as a browser reads it (control characters and whitespace do not count). */
function schemeOf(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  return /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1]?.toLowerCase();
}

/** `prop:value;…` with the allowed declarations only, as sanitize-html writes a filtered style. */
function cleanStyle(style: string): string {
  return style
    .split(';')
    .flatMap((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon === -1) return [];
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      const rules = MAIL_ALLOWED_STYLES[property];
      return rules && value && rules.some((rule) => rule.test(value)) ? [`${property}:${value}`] : [];
    })
    .join(';');
}

const narrow: UponSanitizeAttributeHook = (node, event) => {
  const tag = node.nodeName.toLowerCase();
  const name = event.attrName;
  if (!mailAttributeAllowed(tag, name)) {
    event.keepAttr = false;
    return;
  }
  if (name === 'href' || name === 'src' || name === 'cite') {
    const scheme = schemeOf(event.attrValue);
    if (scheme !== undefined && !MAIL_URL_SCHEMES[name].includes(scheme)) event.keepAttr = false;
    return;
  }
  if (name === 'style') {
    event.attrValue = cleanStyle(event.attrValue);
    if (!event.attrValue) event.keepAttr = false;
  }
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** The safe subset of `html`, as the mail service will keep it. */
export function purifyMailHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('uponSanitizeAttribute', narrow);
  }
  return purifier.sanitize(html, CONFIG);
}
