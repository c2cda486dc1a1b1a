/**
 * `409 VERSION_CONFLICT` (docs/api.md section 7): someone saved the record after it was loaded here. The
 * answer says who and when (`ApiError.conflict`); the dialog offers to reload their version or to
 * overwrite it with this one (the same change sent again with the stored `version`).
 */
import { ERROR_CODES, type VersionConflict } from '../../shared/api-envelope';
import { isApiError } from '../api/api-error';
import { formatDateTime } from '../i18n/format';
import { kitT } from './strings';

/** The conflict a failed save stands for, or undefined when it failed for another reason. */
export function conflictOf(error: unknown): VersionConflict | undefined {
  if (!isApiError(error) || error.status !== 409 || error.code !== ERROR_CODES.VERSION_CONFLICT) return undefined;
  return error.conflict ?? { version: Number.NaN, updatedAt: '', updatedBy: null };
}

/** Whether an overwrite can be sent: only with the stored version the server named. */
export function canOverwrite(conflict: VersionConflict): boolean {
  return Number.isInteger(conflict.version) && conflict.version >= 1;
}

/** The body of the overwrite: the same change, now claiming the stored version. */
export function overwriteBody<B extends object>(body: B, conflict: VersionConflict): B & { version: number } {
  return { ...body, version: conflict.version };
}

/** "Ada Admin changed this user on 23 Nov 2026, 16:32." (who, when known). */
export function conflictMessage(
  conflict: VersionConflict,
  noun: string,
  format: { format: (date: Date) => string } = { format: formatDateTime },
): string {
  const who = conflict.updatedBy?.name || kitT('conflict.someone');
  const when = conflict.updatedAt ? new Date(conflict.updatedAt) : undefined;
  if (!when || Number.isNaN(when.getTime())) return kitT('conflict.message', { who, noun });
  return kitT('conflict.messageWhen', { who, noun, when: format.format(when) });
}
