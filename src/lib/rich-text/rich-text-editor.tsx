import { Box, Button, HStack } from '@chakra-ui/react';
import { useEffect, useImperativeHandle, useRef, type ClipboardEvent, type DragEvent, type Ref } from 'react';
import { MAIL_URL_SCHEMES } from '../../shared/mail-html-policy';
import { purifyMailHtml } from './mail-html-purify';
import { chipElement, fromEditorHtml, toEditorHtml, type ChipField } from './merge-field-chips';
import { richTextT, useRichTextT } from './strings';

/**
 * A small rich-text editor: a contentEditable box with bold, italic, list and link buttons through
 * document.execCommand (deprecated but implemented everywhere, and no package). Pasted or dropped HTML
 * enters already reduced to the mail allow-list (src/shared/mail-html-policy.ts, with DOMPurify), and the
 * HTML handed to `onChange` is reduced the same way, so the editor shows what the mail service will send
 * (it applies the same list with sanitize-html).
 *
 * With `mergeFields` it edits a mail template: `{{field}}` placeholders show as atomic chips (see
 * merge-field-chips.ts), `handle.insertField` puts one at the caret, and a link may point at a field.
 */
export interface RichTextEditorHandle {
  insertField(name: string): void;
}

export function RichTextEditor({
  id,
  labelledBy,
  onChange,
  resetKey,
  initialHtml = '',
  mergeFields,
  handle,
}: {
  id: string;
  labelledBy: string;
  onChange: (html: string) => void;
  /** A new value puts `initialHtml` in the editor (empty: a new compose). */
  resetKey: string;
  initialHtml?: string;
  mergeFields?: readonly ChipField[];
  handle?: Ref<RichTextEditorHandle>;
}) {
  const t = useRichTextT();
  const ref = useRef<HTMLDivElement>(null);
  // The content is set when resetKey changes only: later renders must not move the user's caret.
  const initial = useRef({ initialHtml, mergeFields });
  initial.current = { initialHtml, mergeFields };
  useEffect(() => {
    const { initialHtml: html, mergeFields: fields } = initial.current;
    if (ref.current) ref.current.innerHTML = html ? toEditorHtml(html, fields ?? []) : '';
  }, [resetKey]);

  const changed = () => onChange(ref.current ? fromEditorHtml(ref.current) : '');
  useImperativeHandle(handle, () => ({
    insertField(name: string) {
      const editor = ref.current;
      if (!editor) return;
      const chip = chipElement(document, name, initial.current.mergeFields ?? []);
      const selection = window.getSelection();
      const range =
        selection && selection.rangeCount > 0 && editor.contains(selection.getRangeAt(0).commonAncestorContainer)
          ? selection.getRangeAt(0)
          : undefined;
      if (range) {
        range.deleteContents();
        range.insertNode(chip);
      } else {
        (editor.lastElementChild ?? editor).appendChild(chip);
      }
      // The caret goes after the chip, with a space to type on.
      const space = document.createTextNode('\u00a0');
      chip.after(space);
      const after = document.createRange();
      after.setStartAfter(space);
      after.collapse(true);
      selection?.removeAllRanges();
      selection?.addRange(after);
      editor.focus();
      changed();
    },
  }));
  const run = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
    changed();
  };
  const link = () => {
    const url = window.prompt(richTextT('linkPrompt'))?.trim();
    const scheme = url ? /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() : undefined;
    const field = mergeFields && url && /^\{\{\s*[A-Za-z]\w*\s*\}\}$/.test(url);
    if (url && (field || (scheme && MAIL_URL_SCHEMES.href.includes(scheme)))) run('createLink', url);
  };
  // Foreign HTML (a web page, a word processor) is reduced before it reaches the editor, so that nothing
  // shows in the editor that the mail would not carry.
  const insertTransfer = (event: ClipboardEvent | DragEvent, data: DataTransfer | null) => {
    if (!data) return;
    event.preventDefault();
    const html = data.getData('text/html');
    if (html) run('insertHTML', purifyMailHtml(html));
    else run('insertText', data.getData('text/plain'));
  };
  // mousedown would move the focus out of the editor and lose the selection the command applies to.
  const keep = (event: { preventDefault(): void }) => event.preventDefault();

  return (
    <Box borderWidth="1px" borderRadius="l2">
      <HStack gap={1} padding={1} borderBottomWidth="1px" role="toolbar" aria-label={t('toolbar')}>
        <Button
          size="xs"
          variant="ghost"
          fontWeight="bold"
          onMouseDown={keep}
          onClick={() => run('bold')}
          aria-label={t('bold')}
        >
          B
        </Button>
        <Button
          size="xs"
          variant="ghost"
          fontStyle="italic"
          onMouseDown={keep}
          onClick={() => run('italic')}
          aria-label={t('italic')}
        >
          I
        </Button>
        <Button
          size="xs"
          variant="ghost"
          onMouseDown={keep}
          onClick={() => run('insertUnorderedList')}
          aria-label={t('list')}
        >
          • List
        </Button>
        <Button size="xs" variant="ghost" onMouseDown={keep} onClick={link} aria-label={t('link')}>
          {t('link')}
        </Button>
      </HStack>
      <Box
        ref={ref}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        contentEditable
        suppressContentEditableWarning
        minHeight="32"
        maxHeight="60vh"
        overflowY="auto"
        padding={2}
        outline="none"
        css={{
          '& ul': { paddingLeft: '1.25rem', listStyleType: 'disc' },
          '& a': { color: 'blue.fg', textDecoration: 'underline' },
          '& [data-merge-field]': {
            display: 'inline-block',
            paddingInline: '1.5',
            marginInline: '0.5',
            borderRadius: 'full',
            bg: 'brand.subtle',
            color: 'brand.fg',
            borderWidth: '1px',
            borderColor: 'brand.muted',
            fontSize: 'sm',
            lineHeight: 'short',
            userSelect: 'all',
          },
        }}
        onInput={changed}
        onPaste={(event) => insertTransfer(event, event.clipboardData)}
        onDrop={(event) => insertTransfer(event, event.dataTransfer)}
      />
    </Box>
  );
}
