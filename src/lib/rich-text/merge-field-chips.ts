/**
 * A template's `{{mergeField}}` placeholders as atomic chips in the template editor, and back. In the
 * editor a field is one non-editable element (`<span data-merge-field="acceptUrl">`, the Tiptap node of
 * merge-field-node.ts): the caret moves over it and Backspace removes it whole, so a field can never be
 * half-deleted or mistyped. The HTML the editor hands out has the placeholders again, reduced to the mail
 * allow-list.
 */
import { MERGE_FIELD_PATTERN } from '../../shared/contracts/mail-templates';
import { purifyMailHtml } from './mail-html-purify';

export interface ChipField {
  name: string;
  label: string;
}

/** One chip element for `name` (its label, or the name for a field the type does not list). */
function chipElement(doc: Document, name: string, fields: readonly ChipField[]): HTMLSpanElement {
  const chip = doc.createElement('span');
  chip.dataset.mergeField = name;
  chip.setAttribute('contenteditable', 'false');
  chip.title = `{{${name}}}`;
  chip.textContent = fields.find((f) => f.name === name)?.label ?? name;
  return chip;
}

/** Template HTML → the editor's HTML: reduced to the allow-list, placeholders in text as chips. */
export function toEditorHtml(html: string, fields: readonly ChipField[], doc: Document = document): string {
  const holder = doc.createElement('div');
  holder.innerHTML = purifyMailHtml(html);
  const walker = doc.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const value = text.data;
    const matches = [...value.matchAll(MERGE_FIELD_PATTERN)];
    if (matches.length === 0) continue;
    const parts: Node[] = [];
    let at = 0;
    for (const match of matches) {
      if (match.index > at) parts.push(doc.createTextNode(value.slice(at, match.index)));
      parts.push(chipElement(doc, match[1]!, fields));
      at = match.index + match[0].length;
    }
    if (at < value.length) parts.push(doc.createTextNode(value.slice(at)));
    text.replaceWith(...parts);
  }
  return holder.innerHTML;
}

/** The editor's HTML → template HTML: chips back to `{{name}}`, reduced to the allow-list. */
export function fromEditorHtml(html: string, doc: Document = document): string {
  // A template element's content is inert: nothing in `html` loads or runs while it is read.
  const holder = doc.createElement('template');
  holder.innerHTML = html;
  for (const chip of holder.content.querySelectorAll<HTMLElement>('[data-merge-field]')) {
    chip.replaceWith(`{{${chip.dataset.mergeField}}}`);
  }
  return purifyMailHtml(holder.innerHTML);
}
