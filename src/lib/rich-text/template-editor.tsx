import { Text } from '@chakra-ui/react';
import { lazy, Suspense, type Ref } from 'react';
import type { ChipField } from './merge-field-chips';
import { useRichTextT } from './strings';

/** What the template screen may ask of the editor. */
export interface MailTemplateEditorHandle {
  /** Puts the field's chip at the caret (at the end if the editor never had it), and a space after it. */
  insertField(name: string): void;
}

export interface MailTemplateEditorProps {
  id: string;
  labelledBy: string;
  /** The template's HTML after each change: `{{field}}` placeholders, reduced to the mail allow-list. */
  onChange: (html: string) => void;
  /** A new value puts `initialHtml` in the editor (another template, or the saved version). */
  resetKey: string;
  initialHtml?: string;
  /** The template type's fields: the chips' labels. */
  mergeFields: readonly ChipField[];
  handle?: Ref<MailTemplateEditorHandle>;
}

// Tiptap and ProseMirror are ~128 kB gzip (407 kB raw): they load when a template is opened, never with the shell.
const TiptapTemplateEditor = lazy(() => import('./tiptap-template-editor'));

/**
 * The rich-text editor of a mail template, with its `{{field}}` placeholders as chips
 * (tiptap-template-editor.tsx), loaded on first use.
 */
export function MailTemplateEditor(props: MailTemplateEditorProps) {
  const t = useRichTextT();
  return (
    <Suspense
      fallback={
        <Text color="fg.muted" minHeight="40" borderWidth="1px" borderRadius="l2" padding={2}>
          {t('loading')}
        </Text>
      }
    >
      <TiptapTemplateEditor {...props} />
    </Suspense>
  );
}
