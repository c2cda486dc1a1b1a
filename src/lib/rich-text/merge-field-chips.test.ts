// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fromEditorHtml, toEditorHtml } from './merge-field-chips';

const FIELDS = [
  { name: 'invitedByName', label: 'Invited by' },
  { name: 'acceptUrl', label: 'Invitation link' },
];

function editorWith(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = toEditorHtml(html, FIELDS);
  return root;
}

describe('merge fields as chips', () => {
  it('turns each placeholder in text into one non-editable chip with the field’s label', () => {
    const root = editorWith('<p>{{invitedByName}} invited you. {{ acceptUrl }}</p>');
    const chips = [...root.querySelectorAll<HTMLElement>('[data-merge-field]')];
    expect(chips.map((c) => [c.dataset.mergeField, c.textContent, c.getAttribute('contenteditable')])).toEqual([
      ['invitedByName', 'Invited by', 'false'],
      ['acceptUrl', 'Invitation link', 'false'],
    ]);
    expect(root.textContent).toBe('Invited by invited you. Invitation link');
  });

  it('gives the placeholders back, and leaves those inside attributes (a link to the field) alone', () => {
    const html = '<p>{{invitedByName}} invited you.</p><p><a href="{{acceptUrl}}">Accept</a></p>';
    expect(fromEditorHtml(editorWith(html).innerHTML)).toBe(html);
  });

  it('a removed chip leaves nothing behind; markup outside the mail allow-list never enters', () => {
    const root = editorWith('<p onclick="x()">Hi {{invitedByName}}</p><script>alert(1)</script>');
    root.querySelector('[data-merge-field]')!.remove();
    expect(fromEditorHtml(root.innerHTML)).toBe('<p>Hi </p>');
  });

  it('keeps an unknown field visible by its name, so that the server can name it in its refusal', () => {
    const root = editorWith('<p>{{shoeSize}}</p>');
    expect(root.textContent).toBe('shoeSize');
    expect(fromEditorHtml(root.innerHTML)).toBe('<p>{{shoeSize}}</p>');
  });
});
