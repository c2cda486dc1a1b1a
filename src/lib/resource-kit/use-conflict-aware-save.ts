import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { VersionConflict } from '../../shared/api-envelope';
import { isQueuedWrite } from '../outbox/queued-write-error';
import { saveFailureOf } from './apply-server-errors';
import { overwriteBody } from './version-conflict';

/**
 * Runs a form's save and turns a refusal into what the user sees: server messages on their fields, a
 * form-level message, or the version-conflict dialog, whose overwrite sends the same change again with
 * the stored version.
 */
export function useConflictAwareSave<V extends FieldValues, Body extends object, Result>({
  form,
  fieldNames,
  save,
  onSaved,
  onQueued,
}: {
  form: UseFormReturn<V>;
  /** The form's field names: server paths naming one of them show on it. */
  fieldNames: readonly Path<V>[];
  save: (body: Body) => Promise<Result>;
  onSaved: (result: Result) => void;
  /**
   * The save was kept in the outbox (no connection): it shows at once and is sent later. Without this, the
   * form stays as the user left it.
   */
  onQueued?: () => void;
}) {
  const [pending, setPending] = useState<{ conflict: VersionConflict; body: Body }>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (body: Body) => {
    setBusy(true);
    setFormError(undefined);
    try {
      const result = await save(body);
      setPending(undefined);
      onSaved(result);
    } catch (error) {
      if (isQueuedWrite(error)) {
        setPending(undefined);
        onQueued?.();
        return;
      }
      const failure = saveFailureOf(error, fieldNames);
      if (failure.kind === 'conflict') {
        setPending({ conflict: failure.conflict, body });
      } else {
        setPending(undefined);
        for (const [name, message] of Object.entries(failure.fields)) {
          form.setError(name as Path<V>, { type: 'server', message });
        }
        setFormError(failure.form);
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    submit,
    busy,
    formError,
    conflict: pending?.conflict,
    overwrite: () => (pending ? submit(overwriteBody(pending.body, pending.conflict)) : Promise.resolve()),
    dismissConflict: () => setPending(undefined),
  };
}
