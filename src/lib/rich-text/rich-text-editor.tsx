import { Box, Button, HStack } from '@chakra-ui/react';
import { useEffect, useRef, type ClipboardEvent, type DragEvent } from 'react';
import { linkTargetAllowed } from './link-target';
import { purifyMailHtml } from './mail-html-purify';
import { richTextT, useRichTextT } from './strings';

/**
 * The mail dialog's small rich-text editor: a contentEditable box with bold, italic, list and link buttons
 * through document.execCommand. Pasted or dropped HTML enters already reduced to the mail allow-list
 * (src/shared/mail-html-policy.ts, with DOMPurify), and the HTML handed to `onChange` is reduced the same
 * way, so the editor shows exactly what the mail service will send (it applies the same list with
 * sanitize-html; tests/e2e/mail-send.spec.ts holds the editor's HTML and the sent mail equal).
 * Mail templates have their own editor, on Tiptap (template-editor.tsx).
 */
export function RichTextEditor({
  id,
  labelledBy,
  onChange,
  resetKey,
  initialHtml = '',
}: {
  id: string;
  labelledBy: string;
  onChange: (html: string) => void;
  /** A new value puts `initialHtml` in the editor (empty: a new compose). */
  resetKey: string;
  initialHtml?: string;
}) {
  const t = useRichTextT();
  const ref = useRef<HTMLDivElement>(null);
  // The content is set when resetKey changes only: later renders must not move the user's caret.
  const initial = useRef(initialHtml);
  useEffect(() => {
    initial.current = initialHtml;
  });
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = initial.current ? purifyMailHtml(initial.current) : '';
  }, [resetKey]);

  const changed = () => onChange(ref.current ? purifyMailHtml(ref.current.innerHTML) : '');
  const run = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
    changed();
  };
  const link = () => {
    const url = window.prompt(richTextT('linkPrompt'))?.trim();
    if (url && linkTargetAllowed(url)) run('createLink', url);
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
        }}
        onInput={changed}
        onPaste={(event) => insertTransfer(event, event.clipboardData)}
        onDrop={(event) => insertTransfer(event, event.dataTransfer)}
      />
    </Box>
  );
}
