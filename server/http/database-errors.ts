/**
 * Turns the database's refusals that a caller can cause (a duplicate, a row still referenced, a value
 * out of range) into 4xx answers, so that they never surface as a 500.
 */
import { ERROR_CODES } from '../../src/shared/api-envelope.ts';
import { ApiError } from './api-error.ts';

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function mapDatabaseError(error: unknown): unknown {
  switch (sqlState(error)) {
    case '23505':
      return new ApiError(409, ERROR_CODES.ALREADY_EXISTS, 'An item with the same unique value already exists');
    case '23503':
      return new ApiError(409, ERROR_CODES.RESOURCE_IN_USE, 'The item is still in use by other items');
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
    case '23514':
      return new ApiError(400, ERROR_CODES.VALIDATION_FAILED, 'The request is not valid');
    default:
      return error;
  }
}
