// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { canonicalMailHtml } from '../../shared/mail-html-policy-cases';
import { purifyMailHtml } from './mail-html-purify';
import { MailEditor, type MailEditorHandle } from './mail-editor';

const FIELDS = [
  { name: 'userName', label: 'Name' },
  { name: 'resetUrl', label: 'Reset link' },
];
const BODY = '<p>Hello {{userName}},</p><p><a href="{{resetUrl}}">Choose a new password</a></p>';

/** The editor with `initialHtml`: a template's (with FIELDS) or, with `{ mail: true }`, a mail's. */
async function open(initialHtml = BODY, { mail = false } = {}) {
  const onChange = vi.fn<(html: string) => void>();
  const handle = createRef<MailEditorHandle>();
  render(
    <ChakraProvider value={defaultSystem}>
      <span id="label">Message</span>
      <MailEditor
        id="body"
        labelledBy="label"
        onChange={onChange}
        resetKey="t1:1"
        initialHtml={initialHtml}
        mergeFields={mail ? undefined : FIELDS}
        handle={handle}
      />
    </ChakraProvider>,
  );
  // The editor is a lazy chunk: its first import is transformed on demand, slowly on a busy machine.
  const box = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 20_000 });
  return { box, onChange, handle };
}

// jsdom lays nothing out; ProseMirror measures ranges to scroll the caret into view after an insertion.
beforeAll(() => {
  Range.prototype.getClientRects = () => document.createElement('div').getClientRects();
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});
afterEach(cleanup);

describe('the mail-template editor (Tiptap)', { timeout: 30_000 }, () => {
  it('shows the stored placeholders as chips with their labels, and keeps a link to a field', async () => {
    const { box } = await open();
    const chips = [...box.querySelectorAll<HTMLElement>('[data-merge-field]')];
    expect(chips.map((c) => [c.dataset.mergeField, c.textContent, c.getAttribute('contenteditable')])).toEqual([
      ['userName', 'Name', 'false'],
    ]);
    expect(box.querySelector('a')?.getAttribute('href')).toBe('{{resetUrl}}');
  });

  it('inserts a chip and hands out the template again: {{field}} text the mail policy keeps as it is', async () => {
    const { onChange, handle } = await open();
    act(() => handle.current!.insertField('userName'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.lastCall![0];
    // At the end (the editor never had the caret), followed by a space to type on.
    expect(html).toBe('<p>Hello {{userName}},</p><p><a href="{{resetUrl}}">Choose a new password</a>{{userName}} </p>');
    expect(canonicalMailHtml(purifyMailHtml(html))).toBe(canonicalMailHtml(html));
  });

  it('drops what the mail would not carry from what it was given', async () => {
    const { box, onChange, handle } = await open('<p onclick="x()">Hi <script>alert(1)</script>{{shoeSize}}</p>');
    expect(box.innerHTML).not.toMatch(/onclick|script/);
    // An unknown field stays visible by its name, so that the server can name it in its refusal.
    expect(box.querySelector('[data-merge-field="shoeSize"]')?.textContent).toBe('shoeSize');
    act(() => handle.current!.insertField('resetUrl'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall![0]).toBe('<p>Hi {{shoeSize}}{{resetUrl}} </p>');
  });
});

describe('the mail editor without merge fields (the mail dialog)', { timeout: 30_000 }, () => {
  it('shows a mail as the mail carries it: {{…}} as plain text, no chip, nothing unsafe', async () => {
    const { box } = await open(
      '<p onclick="x()">Dear {{recipientName}}, <b>booked</b> <a href="javascript:alert(1)">terms</a></p><script>alert(2)</script>',
      { mail: true },
    );
    expect(box.querySelector('[data-merge-field]')).toBeNull();
    expect(box.textContent).toBe('Dear {{recipientName}}, booked terms');
    expect(box.querySelector('strong')?.textContent).toBe('booked');
    expect(box.innerHTML).not.toMatch(/onclick|script|javascript:/i);
  });

  it('hands out bold text as <strong>, within the allow-list, and the same HTML it shows', async () => {
    const { box, onChange } = await open('<p>Container MSCU1234567 is booked.</p>', { mail: true });
    const text = box.querySelector('p')!.firstChild!;
    act(() => {
      box.focus();
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 'Container MSCU1234567'.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    act(() => screen.getByRole('button', { name: 'Bold' }).click());
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.lastCall![0];
    expect(html).toBe('<p><strong>Container MSCU1234567</strong> is booked.</p>');
    expect(html).toBe(box.innerHTML);
    expect(canonicalMailHtml(purifyMailHtml(html))).toBe(canonicalMailHtml(html));
  });

  it('does not link to a field in a mail: the Link button refuses {{…}} and javascript:', async () => {
    const { box, onChange } = await open('<p>terms</p>', { mail: true });
    const prompt = vi.spyOn(window, 'prompt');
    for (const url of ['{{resetUrl}}', 'javascript:alert(1)']) {
      prompt.mockReturnValueOnce(url);
      act(() => screen.getByRole('button', { name: 'Link' }).click());
    }
    expect(prompt).toHaveBeenCalledTimes(2);
    expect(box.querySelector('a')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    prompt.mockRestore();
  });
});
