/**
 * Renders a mail template: `{{field}}` in the subject becomes the value as text, in the body the value
 * HTML-escaped (a value can never add markup), and the result goes through the sent mail's sanitizer.
 * The plain-text alternative is derived from the rendered HTML.
 */
import {
  fillMergeFields,
  MERGE_FIELDS,
  mergeFieldsUsed,
  type TemplateType,
} from '../../../../src/shared/contracts/mail-templates.ts';
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
  const clean = sanitizeMailHtml(body);
  const used = new Set(mergeFieldsUsed(clean));
  const missing = MERGE_FIELDS[type].filter((f) => f.required && !used.has(f.name));
  if (missing.length > 0) throw invalidField('body', `must contain ${missing.map((f) => `{{${f.name}}}`).join(', ')}`);
  if (!clean.trim()) throw invalidField('body', 'is empty once unsafe markup is removed');
  return clean;
}
