import { Box, Button, Flex } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { MAIL_URL_SCHEMES } from '../../shared/mail-html-policy';
import { linkTargetAllowed } from './link-target';
import { purifyMailHtml } from './mail-html-purify';
import { fromEditorHtml, toEditorHtml, type ChipField } from './merge-field-chips';
import { MERGE_FIELD_NODE, MergeFieldNode } from './merge-field-node';
import { richTextT, useRichTextT } from './strings';
import type { MailEditorProps } from './mail-editor';

/**
 * The mail and mail-template editor on Tiptap (ProseMirror): the document is a schema, so the formatting
 * buttons and the keyboard work the same in every browser, without the deprecated document.execCommand.
 * What it hands to `onChange` is reduced to the mail allow-list, which the mail service applies again, so
 * what the editor shows is what is sent; in a template, chips go back to `{{field}}` (merge-field-chips.ts).
 * Pasted or dropped HTML is reduced to that list before the schema reads it. Loaded through mail-editor.tsx,
 * so Tiptap stays out of every other chunk.
 */
/** What the editor is given, as it will show it: reduced to the allow-list, and a template's fields as chips. */
function editorHtml(html: string, mergeFields: readonly ChipField[] | undefined): string {
  if (!html) return '';
  return mergeFields ? toEditorHtml(html, mergeFields) : purifyMailHtml(html);
}

/** The editor's HTML as the mail carries it: reduced to the allow-list, a template's chips as `{{field}}`. */
function outgoingHtml(html: string, template: boolean): string {
  return template ? fromEditorHtml(html) : purifyMailHtml(html);
}

export default function TiptapMailEditor({
  id,
  labelledBy,
  onChange,
  resetKey,
  initialHtml = '',
  mergeFields,
  handle,
}: MailEditorProps) {
  const t = useRichTextT();
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });
  // A field inserted before the editor ever had the caret goes at the end, as a user would expect.
  const focused = useRef(false);
  const fieldLinks = { mergeFields: mergeFields !== undefined };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: {
          openOnClick: false,
          autolink: false,
          protocols: [...MAIL_URL_SCHEMES.href],
          // The mail keeps no target or rel; leaving them out keeps the editor's HTML equal to the mail's.
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url, { defaultValidate }) =>
            linkTargetAllowed(url, fieldLinks) || (!/^[a-z][a-z0-9+.-]*:/i.test(url) && defaultValidate(url)),
        },
      }),
      ...(mergeFields ? [MergeFieldNode.configure({ fields: mergeFields })] : []),
    ],
    content: editorHtml(initialHtml, mergeFields),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
      },
      transformPastedHTML: purifyMailHtml,
    },
    onFocus: () => {
      focused.current = true;
    },
    onUpdate: ({ editor: current }) =>
      report.current(current.isEmpty ? '' : outgoingHtml(current.getHTML(), mergeFields !== undefined)),
  });

  // A new resetKey (another template, or the saved version) puts its body in the editor; other renders
  // leave the user's text and caret alone.
  const initial = useRef({ initialHtml, mergeFields });
  useEffect(() => {
    initial.current = { initialHtml, mergeFields };
  });
  const firstKey = useRef(resetKey);
  useEffect(() => {
    if (resetKey === firstKey.current) return;
    firstKey.current = resetKey;
    const { initialHtml: html, mergeFields: fields } = initial.current;
    editor.commands.setContent(editorHtml(html, fields), { emitUpdate: false });
  }, [editor, resetKey]);

  useImperativeHandle(handle, () => ({
    insertField(name: string) {
      editor
        .chain()
        .focus(focused.current ? undefined : 'end')
        .insertContent([
          { type: MERGE_FIELD_NODE, attrs: { name } },
          { type: 'text', text: ' ' },
        ])
        .run();
    },
  }));

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      list: current.isActive('bulletList'),
      link: current.isActive('link'),
    }),
  });

  const link = () => {
    if (active.link) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    const url = window.prompt(richTextT('linkPrompt'))?.trim();
    if (url && linkTargetAllowed(url, fieldLinks))
      editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
  };
  // mousedown would move the focus out of the editor; the buttons act on its selection.
  const keep = (event: { preventDefault(): void }) => event.preventDefault();
  const tool = (pressed: boolean) => ({
    size: 'xs' as const,
    variant: pressed ? ('subtle' as const) : ('ghost' as const),
    minWidth: '9',
    'aria-pressed': pressed,
    onMouseDown: keep,
  });

  return (
    <Box borderWidth="1px" borderRadius="l2">
      <Flex gap={1} padding={1} borderBottomWidth="1px" wrap="wrap" role="toolbar" aria-label={t('toolbar')}>
        <Button
          {...tool(active.bold)}
          fontWeight="bold"
          onClick={() => editor.chain().focus().toggleBold().run()}
          aria-label={t('bold')}
        >
          {t('boldShort')}
        </Button>
        <Button
          {...tool(active.italic)}
          fontStyle="italic"
          onClick={() => editor.chain().focus().toggleItalic().run()}
          aria-label={t('italic')}
        >
          {t('italicShort')}
        </Button>
        <Button
          {...tool(active.list)}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
          aria-label={t('list')}
        >
          • {t('listShort')}
        </Button>
        <Button {...tool(active.link)} aria-pressed={undefined} onClick={link}>
          {active.link ? t('unlink') : t('link')}
        </Button>
      </Flex>
      <Box
        css={{
          '& .ProseMirror': {
            minHeight: '32',
            maxHeight: '60vh',
            overflowY: 'auto',
            padding: '2',
            outline: 'none',
            overflowWrap: 'anywhere',
          },
          '& .ProseMirror:focus-visible': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' },
          '& p': { marginBottom: '2' },
          '& ul': { paddingLeft: '1.25rem', listStyleType: 'disc' },
          '& ol': { paddingLeft: '1.25rem', listStyleType: 'decimal' },
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
          },
          '& [data-merge-field].ProseMirror-selectednode': { outline: '2px solid', outlineColor: 'brand.solid' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
