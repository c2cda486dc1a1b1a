/**
 * Unsaved input of a kit form, kept in session storage (issue 21): what the user typed survives the dialog
 * being closed by accident, the screen being left or the page reloading, and is offered back when the same
 * form of the same record opens again. Session storage is the tab's own and is emptied at logout, so one
 * user's drafts never reach the next.
 */
import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

const PREFIX = 'freight-desk:form-draft:';

/** One key per screen and record: `record` is the stored record's id, or what names a new one. */
export function formDraftKey(screen: string, record: string): string {
  return `${PREFIX}${screen}|${record}`;
}

interface StoredDraft {
  values: Record<string, unknown>;
  savedAt: number;
}

function read(key: string): StoredDraft | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof parsed.values === 'object' && parsed.values !== null && typeof parsed.savedAt === 'number'
      ? (parsed as StoredDraft)
      : null;
  } catch {
    return null;
  }
}

function write(key: string, values: Record<string, unknown>): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ values, savedAt: Date.now() } satisfies StoredDraft));
  } catch {
    // Storage full or refused: the form still works, only without a draft.
  }
}

function remove(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove without storage.
  }
}

export interface FormDraft {
  /** A draft left from before, until the user restores or discards it. */
  offered: StoredDraft | null;
  restore(): void;
  /** Forgets the draft (saved, discarded, or the offer declined). */
  clear(): void;
}

/** Keeps the form's input as the user types, and offers an earlier draft back. */
export function useFormDraft<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, key: string): FormDraft {
  const [offered, setOffered] = useState<StoredDraft | null>(() => read(key));

  useEffect(() => {
    const subscription = form.watch((values, { type }) => {
      // Only what the user typed: a restore or a reset is not new input.
      if (type === 'change') write(key, values as Record<string, unknown>);
    });
    return () => subscription.unsubscribe();
  }, [form, key]);

  const restore = useCallback(() => {
    if (!offered) return;
    for (const [name, value] of Object.entries(offered.values)) {
      form.setValue(name as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
    }
    write(key, form.getValues() as Record<string, unknown>);
    setOffered(null);
  }, [form, key, offered]);

  const clear = useCallback(() => {
    remove(key);
    setOffered(null);
  }, [key]);

  return { offered, restore, clear };
}
