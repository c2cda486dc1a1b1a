/**
 * Errors are values with codes: a route throws `ApiError` and the one error handler turns it into the
 * envelope `{ message, code, details? }` (docs/api.md section 4).
 */
import { ERROR_CODES, type ErrorCode, type ErrorDetail, type VersionConflict } from '../../src/shared/api-envelope.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** On 409 VERSION_CONFLICT: the stored record's version and who changed it last. */
  readonly conflict: VersionConflict | undefined;
  /** Extra response headers (for example `Retry-After`). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; conflict?: VersionConflict } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.conflict = options.conflict;
    this.headers = options.headers ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const notFound = (what = 'Resource') => new ApiError(404, ERROR_CODES.NOT_FOUND, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new ApiError(403, ERROR_CODES.FORBIDDEN, message);
export const unauthenticated = (message = 'Authentication required') =>
  new ApiError(401, ERROR_CODES.UNAUTHENTICATED, message);
