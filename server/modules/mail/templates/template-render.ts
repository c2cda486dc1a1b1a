/**
 * Renders a mail template: `{{field}}` in the subject becomes the value as text, in the body the value
 * HTML-escaped (a value can never add markup), and the result goes through the sent mail's sanitizer.
 * The plain-text alternative is derived from the rendered HTML.
 */
import sanitizeHtml from 'sanitize-html';
import {
  fillMergeFields,
  MERGE_FIELD_PATTERN,
  MERGE_FIELDS,
  mergeFieldsUsed,
  SECRET_MERGE_FIELDS,
  type TemplateType,
} from '../../../../src/shared/contracts/mail-templates.ts';
import { MAIL_DROPPED_WITH_CONTENT } from '../../../../src/shared/mail-html-policy.ts';
import { invalidField } from '../../master/master-data-errors.ts';
import { sanitizeMailHtml } from '../mail-html-sanitizer.ts';
import { htmlToPlainText } from '../send-plain-text.ts';

export type MergeValues = Readonly<Record<string, string>>;

export function renderTemplate(
  template: { subject: string; body: string },
  values: MergeValues,
): { subject: string; html: string; text: string } {
  const filled = fillMergeFields(template, values);
  const subject = filled.subject;
  const html = sanitizeMailHtml(filled.body);
  return { subject, html, text: htmlToPlainText(html, { links: 'colon' }) };
}

/** The sample values of a type's merge fields (the editor's preview). */
export function sampleValues(type: TemplateType): MergeValues {
  return Object.fromEntries(MERGE_FIELDS[type].map((f) => [f.name, f.sample]));
}

/**
 * Checks a template's subject and body against its type (400 naming the field): every merge field used
 * must be one of the type's, and the type's required fields (the link, the code) must be in the body.
 * Answers the body as it will be stored: sanitized.
 */
export function checkTemplate(type: TemplateType, subject: string, body: string): string {
  const known = new Set(MERGE_FIELDS[type].map((f) => f.name));
  for (const [path, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    const unknown = mergeFieldsUsed(text).filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw invalidField(path, `unknown merge field ${unknown.map((n) => `{{${n}}}`).join(', ')} for ${type}`);
  }
  const subjectProblem = secretInTextProblem(type, subject);
  if (subjectProblem) throw invalidField('subject', subjectProblem);
  // Checked as written (a secret in a style or an image is refused even where the sanitizer would drop
  // it) and as stored, after the sanitizer rewrote it.
  const rawProblem = secretPlacementProblem(type, body);
  if (rawProblem) throw invalidField('body', rawProblem);
  const clean = sanitizeMailHtml(body);
  const cleanProblem = secretPlacementProblem(type, clean);
  if (cleanProblem) throw invalidField('body', cleanProblem);
  const used = new Set(mergeFieldsUsed(clean));
  const missing = MERGE_FIELDS[type].filter((f) => f.required && !used.has(f.name));
  if (missing.length > 0) throw invalidField('body', `must contain ${missing.map((f) => `{{${f.name}}}`).join(', ')}`);
  if (!clean.trim()) throw invalidField('body', 'is empty once unsafe markup is removed');
  return clean;
}

const secretFieldsOf = (type: TemplateType) =>
  MERGE_FIELDS[type].filter((f) => SECRET_MERGE_FIELDS[f.name]).map((f) => f.name);

/** The secret merge fields a text holds, one entry per occurrence. */
function secretsIn(text: string, secrets: readonly string[]): string[] {
  return [...text.matchAll(MERGE_FIELD_PATTERN)].map((m) => m[1]!).filter((name) => secrets.includes(name));
}

const whereAllowed = (name: string) =>
  SECRET_MERGE_FIELDS[name] === 'link' ? 'only as text or as the whole address (href) of a link' : 'only as text';

// Glued to a secret, these may only open or close a phrase: anything else (`https://elsewhere/?q=`, a
// domain after a code) could make the secret part of another address once a mail client turns text into links.
const OPENING = /^[(["'“‘«¿¡]*$/;
const CLOSING = /^[.,;:!?)\]"'”’»]*$/;

/**
 * Why a secret merge field in plain text (the subject, or a body's text as read) is not allowed to stand
 * where it is: it must be set apart from the words around it.
 */
function secretInTextProblem(type: TemplateType, text: string): string | undefined {
  const secrets = secretFieldsOf(type);
  for (const match of text.matchAll(MERGE_FIELD_PATTERN)) {
    const name = match[1]!;
    if (!secrets.includes(name)) continue;
    const before = /\S*$/.exec(text.slice(0, match.index))![0];
    const after = /^\S*/.exec(text.slice(match.index + match[0].length))![0];
    if (!OPENING.test(before) || !CLOSING.test(after))
      return `{{${name}}} must stand apart from the text around it (a space before and after), so that it cannot become part of another address`;
  }
  return undefined;
}

const DROPPED = new Set<string>(MAIL_DROPPED_WITH_CONTENT);
const LINE_BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'blockquote', 'pre', 'hr', 'table', 'ul', 'ol']);
const HEADINGS = /^h[1-6]$/;

/**
 * Why a body would let a secret merge field (a sign-in link or code) leave for somewhere else, or
 * undefined when it cannot: a secret may stand as text, set apart from the words around it, and a link
 * as the whole `href` of an `<a>`. Not in any other attribute (an image's `src`, a `style`'s `url()`,
 * a `title`), not inside another address, not where the reader does not see it (a comment, a script).
 * Whatever the parser does not show as one of those places counts as refused.
 */
export function secretPlacementProblem(type: TemplateType, html: string): string | undefined {
  const secrets = secretFieldsOf(type);
  if (secrets.length === 0) return undefined;
  const written = secretsIn(html, secrets);
  if (written.length === 0) return undefined;
  let problem: string | undefined;
  const seen: string[] = [];
  let droppedDepth = 0;
  const text: string[] = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: (tag, attributes) => {
      if (DROPPED.has(tag)) droppedDepth += 1;
      if (LINE_BREAKS.has(tag) || HEADINGS.test(tag)) text.push('\n');
      for (const [attribute, value] of Object.entries(attributes)) {
        for (const name of secretsIn(value, secrets)) {
          seen.push(name);
          const wholeHref =
            tag === 'a' &&
            attribute === 'href' &&
            SECRET_MERGE_FIELDS[name] === 'link' &&
            new RegExp(`^\\s*\\{\\{\\s*${name}\\s*\\}\\}\\s*$`).test(value);
          if (!wholeHref)
            problem ??= `{{${name}}} may not stand in the ${attribute} of <${tag}>: it may appear ${whereAllowed(name)}`;
        }
      }
    },
    onCloseTag: (tag) => {
      if (DROPPED.has(tag)) droppedDepth = Math.max(0, droppedDepth - 1);
      if (LINE_BREAKS.has(tag) || HEADINGS.test(tag)) text.push('\n');
    },
    textFilter: (escaped) => {
      const plain = escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      if (droppedDepth > 0) {
        const [name] = secretsIn(plain, secrets);
        if (name) problem ??= `{{${name}}} may appear ${whereAllowed(name)}`;
      }
      text.push(plain.replace(/\u00a0/g, ' '));
      return '';
    },
  });
  if (problem) return problem;
  const reading = text.join('');
  seen.push(...secretsIn(reading, secrets));
  const count = (list: string[], name: string) => list.filter((n) => n === name).length;
  // A secret the parser met in no attribute and no text (a comment, a script's source) is refused too.
  const unseen = written.find((name) => count(written, name) > count(seen, name));
  if (unseen) return `{{${unseen}}} may appear ${whereAllowed(unseen)}`;
  return secretInTextProblem(type, reading);
}
