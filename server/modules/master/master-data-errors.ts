/**
 * The refusals the master-data resources share: a code the company already uses (409 naming the field)
 * and a code that is not in a shipped ISO list (400 naming the field).
 */
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { ApiError } from '../../http/api-error.ts';
import { referenceData } from './reference-data.ts';

export function alreadyExists(field: string, what: string): ApiError {
  return new ApiError(409, ERROR_CODES.ALREADY_EXISTS, `${what} already exists in this company`, {
    details: [{ path: field, message: 'already in use' }],
  });
}

export function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid', {
    details: [{ path: field, message }],
  });
}

let countryCodes: Set<string> | undefined;
let currencyCodes: Set<string> | undefined;

export function assertKnownCountry(field: string, code: string | undefined): void {
  countryCodes ??= new Set(referenceData().countries.map((c) => c.code));
  if (code !== undefined && !countryCodes.has(code)) throw invalidField(field, 'not an ISO 3166-1 country');
}

export function assertKnownCurrency(field: string, code: string | undefined): void {
  currencyCodes ??= new Set(referenceData().currencies.map((c) => c.code));
  if (code !== undefined && !currencyCodes.has(code)) throw invalidField(field, 'not an ISO 4217 currency');
}
