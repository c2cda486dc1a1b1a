import { Box, Button, HStack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/**
 * A small rich-text editor: a contentEditable box with bold, italic, list and link buttons through
 * document.execCommand (deprecated but implemented everywhere, and no package). The mail service
 * sanitises the HTML it receives (server/modules/mail/send-html-sanitizer.ts).
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = '';
  }, [resetKey]);

  const run = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
    onChange(ref.current?.innerHTML ?? '');
  };
  const link = () => {
    const url = window.prompt('Link address (https://…)');
    if (url && /^(https?:|mailto:)/i.test(url.trim())) run('createLink', url.trim());
  };
  // mousedown would move the focus out of the editor and lose the selection the command applies to.
  const keep = (event: { preventDefault(): void }) => event.preventDefault();

  return (
    <Box borderWidth="1px" borderRadius="l2">
      <HStack gap={1} padding={1} borderBottomWidth="1px" role="toolbar" aria-label="Formatting">
        <Button
          size="xs"
          variant="ghost"
          fontWeight="bold"
          onMouseDown={keep}
          onClick={() => run('bold')}
          aria-label="Bold"
        >
          B
        </Button>
        <Button
          size="xs"
          variant="ghost"
          fontStyle="italic"
          onMouseDown={keep}
          onClick={() => run('italic')}
          aria-label="Italic"
        >
          I
        </Button>
        <Button
          size="xs"
          variant="ghost"
          onMouseDown={keep}
          onClick={() => run('insertUnorderedList')}
          aria-label="Bulleted list"
        >
          • List
        </Button>
        <Button size="xs" variant="ghost" onMouseDown={keep} onClick={link} aria-label="Link">
          Link
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
        onInput={(event) => onChange((event.currentTarget as HTMLDivElement).innerHTML)}
      />
    </Box>
  );
}
