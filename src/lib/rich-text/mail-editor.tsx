import { Text } from '@chakra-ui/react';
import { lazy, Suspense, type Ref } from 'react';
import type { ChipField } from './merge-field-chips';
import { useRichTextT } from './strings';

/** What the template screen may ask of the editor (with `mergeFields` only: the chip needs its node). */
export interface MailEditorHandle {
  /** Puts the field's chip at the caret (at the end if the editor never had it), and a space after it. */
  insertField(name: string): void;
}

export interface MailEditorProps {
  id: string;
  labelledBy: string;
  /**
   * The HTML after each change, reduced to the mail allow-list ('' when empty); in a template, with the
   * chips back as `{{field}}` placeholders.
   */
  onChange: (html: string) => void;
  /** A new value puts `initialHtml` in the editor (another template, the saved version, a new compose). */
  resetKey: string;
  initialHtml?: string;
  /**
   * A template's fields, the chips' labels: given, `{{field}}` shows as a chip and a link may point to one
   * whole field. Left out (the mail dialog), the text is a mail's: `{{…}}` is plain text.
   */
  mergeFields?: readonly ChipField[];
  handle?: Ref<MailEditorHandle>;
}

// Tiptap and ProseMirror are ~128 kB gzip (407 kB raw): they load when an editor opens, never with the shell.
const TiptapMailEditor = lazy(() => import('./tiptap-mail-editor'));

/**
 * The rich-text editor of a mail or a mail template (tiptap-mail-editor.tsx), loaded on first use, so the
 * template screen and the mail dialog share one editor and one toolbar.
 */
export function MailEditor(props: MailEditorProps) {
  const t = useRichTextT();
  return (
    <Suspense
      fallback={
        <Text color="fg.muted" minHeight="40" borderWidth="1px" borderRadius="l2" padding={2}>
          {t('loading')}
        </Text>
      }
    >
      <TiptapMailEditor {...props} />
    </Suspense>
  );
}
