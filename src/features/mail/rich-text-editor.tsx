import { Box, Button, HStack } from '@chakra-ui/react';
import { useEffect, useRef, type ClipboardEvent, type DragEvent } from 'react';
import { MAIL_URL_SCHEMES } from '../../shared/mail-html-policy';
import { purifyMailHtml } from './mail-html-purify';
import { mailT, useMailT } from './strings';

/**
 * A small rich-text editor: a contentEditable box with bold, italic, list and link buttons through
 * document.execCommand (deprecated but implemented everywhere, and no package). Pasted or dropped HTML
 * enters already reduced to the mail allow-list (src/shared/mail-html-policy.ts, with DOMPurify), and the
 * HTML handed to `onChange` is reduced the same way, so the editor shows what the mail service will send
 * (it applies the same list with sanitize-html).
 */
export function RichTextEditor({
  id,
  labelledBy,
  onChange,
  resetKey,
}: {
  id: string;
  labelledBy: string;
  onChange: (html: string) => void;
  /** A new value empties the editor (a new compose). */
  resetKey: string;
}) {
  const t = useMailT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = '';
  }, [resetKey]);

  const changed = () => onChange(purifyMailHtml(ref.current?.innerHTML ?? ''));
  const run = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
    changed();
  };
  const link = () => {
    const url = window.prompt(mailT('editor.linkPrompt'))?.trim();
    const scheme = url ? /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() : undefined;
    if (url && scheme && MAIL_URL_SCHEMES.href.includes(scheme)) run('createLink', url);
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
      <HStack gap={1} padding={1} borderBottomWidth="1px" role="toolbar" aria-label={t('editor.toolbar')}>
        <Button
          size="xs"
          variant="ghost"
          fontWeight="bold"
          onMouseDown={keep}
          onClick={() => run('bold')}
          aria-label={t('editor.bold')}
        >
          B
        </Button>
        <Button
          size="xs"
          variant="ghost"
          fontStyle="italic"
          onMouseDown={keep}
          onClick={() => run('italic')}
          aria-label={t('editor.italic')}
        >
          I
        </Button>
        <Button
          size="xs"
          variant="ghost"
          onMouseDown={keep}
          onClick={() => run('insertUnorderedList')}
          aria-label={t('editor.list')}
        >
          • List
        </Button>
        <Button size="xs" variant="ghost" onMouseDown={keep} onClick={link} aria-label={t('editor.link')}>
          {t('editor.link')}
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
