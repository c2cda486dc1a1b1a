/**
 * The Tiptap node of a merge-field chip: one inline atom (the caret steps over it, Backspace removes it
 * whole), read from and written as `<span data-merge-field="acceptUrl">Invitation link</span>`, the
 * element merge-field-chips.ts turns `{{acceptUrl}}` into and back. Its plain text is the placeholder.
 */
import { Node } from '@tiptap/core';
import type { ChipField } from './merge-field-chips';

export interface MergeFieldOptions {
  /** The template type's fields, for the chips' labels (an unknown field shows its name). */
  fields: readonly ChipField[];
}

/** Node name used in the editor's commands (`insertContent({ type: MERGE_FIELD_NODE, attrs: { name } })`). */
export const MERGE_FIELD_NODE = 'mergeField';

export const MergeFieldNode = Node.create<MergeFieldOptions>({
  name: MERGE_FIELD_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addOptions() {
    return { fields: [] };
  },

  addAttributes() {
    return {
      name: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-merge-field') ?? '',
        // Written by renderHTML below, together with the label.
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-merge-field]' }];
  },

  renderHTML({ node }) {
    const name = String(node.attrs.name);
    const label = this.options.fields.find((f) => f.name === name)?.label ?? name;
    return ['span', { 'data-merge-field': name, contenteditable: 'false', title: `{{${name}}}` }, label];
  },

  renderText({ node }) {
    return `{{${String(node.attrs.name)}}}`;
  },
});
