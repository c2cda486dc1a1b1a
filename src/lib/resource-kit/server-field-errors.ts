/**
 * A refused write's `details` (`[{ path: 'body.emailId', message }]`, docs/api.md section 4) mapped
 * onto the form's fields, so each message stands under the field it is about. A path naming no field of
 * the form, and any error that is not a validation error, becomes a form-level message instead: nothing
 * the server says is dropped.
 */
import { ERROR_CODES, type ErrorDetail } from '../../shared/api-envelope';
import { isApiError } from '../api/api-error';
import { NETWORK_ERROR_CODE } from '../api/api-client';
import { isQueuedWrite } from '../outbox/queued-write-error';
import { kitT } from './strings';

export interface MappedServerErrors {
  /** Field name (dotted for nested fields, as react-hook-form names them) → message. */
  fields: Record<string, string>;
  /** Shown above the form's buttons; undefined when every message found its field. */
  form: string | undefined;
}

function detailsOf(details: unknown): ErrorDetail[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is ErrorDetail =>
      typeof d === 'object' && d !== null && typeof d.path === 'string' && typeof d.message === 'string',
  );
}

/** `body.address.city` → `address.city`; the request part (`body`, `query`, `params`) is not a field. */
export function fieldOfPath(path: string): string {
  return path.replace(/^(body|query|params)(\.|$)/, '');
}

/**
 * Words for an error that belongs to no field; none (an empty string) for a write kept in the outbox,
 * which is not an error (its toast already said "saved on this device").
 */
export function formMessageOf(error: unknown): string {
  if (isQueuedWrite(error)) return '';
  if (!isApiError(error)) return kitT('save.generic');
  if (error.code === NETWORK_ERROR_CODE) return kitT('save.offline');
  if (error.status === 403) return kitT('save.forbidden');
  if (error.status === 404) return kitT('save.gone');
  return error.message;
}

export function mapServerErrors(error: unknown, fieldNames: readonly string[]): MappedServerErrors {
  const fields: Record<string, string> = {};
  const leftOver: string[] = [];
  const details = isApiError(error) ? detailsOf(error.details) : [];
  for (const detail of details) {
    const field = fieldOfPath(detail.path);
    if (fieldNames.includes(field)) fields[field] ??= detail.message;
    else leftOver.push(field ? `${field}: ${detail.message}` : detail.message);
  }
  const isValidation = isApiError(error) && error.code === ERROR_CODES.VALIDATION_FAILED;
  if (isValidation && details.length > 0) {
    return { fields, form: leftOver.length > 0 ? leftOver.join(' ') : undefined };
  }
  return { fields, form: formMessageOf(error) };
}
