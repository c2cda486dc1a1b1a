import { useState } from 'react';
import { formMessageOf } from './server-field-errors';

/**
 * Runs a form's one async action (a save without versions or field errors) and keeps what the form shows
 * meanwhile: `busy` while it runs, and a refusal as the form's error line in words. Written once so every
 * such form clears the old error on retry and never stays busy after a failure.
 */
export function useFormAction(action: () => Promise<void>): {
  busy: boolean;
  error: string | undefined;
  run: () => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(formMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
