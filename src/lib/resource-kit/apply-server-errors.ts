/**
 * What a failed save means for the form: a version conflict (the dialog), or messages for its fields
 * and a form-level message (docs/api.md section 4's `details[].path`).
 */
import type { VersionConflict } from '../../shared/api-envelope';
import { mapServerErrors } from './server-field-errors';
import { conflictOf } from './version-conflict';

export type SaveFailure =
  | { kind: 'conflict'; conflict: VersionConflict }
  | { kind: 'invalid'; fields: Record<string, string>; form: string | undefined };

export function saveFailureOf(error: unknown, fieldNames: readonly string[]): SaveFailure {
  const conflict = conflictOf(error);
  if (conflict) return { kind: 'conflict', conflict };
  return { kind: 'invalid', ...mapServerErrors(error, fieldNames) };
}
