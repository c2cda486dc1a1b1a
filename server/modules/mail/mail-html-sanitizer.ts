/**
 * The mail dialog's HTML body, reduced to the allow-list of src/shared/mail-html-policy.ts by sanitize-html
 * before it is stored and sent. The editor applies the same list with DOMPurify, so the user sees what goes.
 */
import sanitizeHtml, { type IOptions } from 'sanitize-html';
import {
  MAIL_ALLOWED_ELEMENTS,
  MAIL_ALLOWED_STYLES,
  MAIL_DROPPED_WITH_CONTENT,
  MAIL_GLOBAL_ATTRIBUTES,
  MAIL_URL_SCHEMES,
} from '../../../src/shared/mail-html-policy.ts';

const DROPPED = new Set<string>(MAIL_DROPPED_WITH_CONTENT);

const OPTIONS: IOptions = {
  allowedTags: Object.keys(MAIL_ALLOWED_ELEMENTS),
  allowedAttributes: Object.fromEntries(
    Object.entries(MAIL_ALLOWED_ELEMENTS).map(([tag, own]) => [tag, [...MAIL_GLOBAL_ATTRIBUTES, ...own]]),
  ),
  // sanitize-html checks schemes per element; each URL attribute belongs to one element here.
  allowedSchemes: [...MAIL_URL_SCHEMES.href],
  allowedSchemesByTag: {
    a: [...MAIL_URL_SCHEMES.href],
    blockquote: [...MAIL_URL_SCHEMES.cite],
    img: [...MAIL_URL_SCHEMES.src],
  },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowedStyles: { '*': Object.fromEntries(Object.entries(MAIL_ALLOWED_STYLES).map(([p, v]) => [p, [...v]])) },
  disallowedTagsMode: 'discard',
  nonTextTags: [...MAIL_DROPPED_WITH_CONTENT],
  // An element of the dropped list goes with everything inside it, elements included.
  exclusiveFilter: (frame) => DROPPED.has(frame.tag),
};

/** The safe subset of `html` (see src/shared/mail-html-policy.ts). */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
