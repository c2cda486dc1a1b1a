import type { VersionConflict } from '../../shared/api-envelope';

/**
 * A non-2xx answer from one of the product's services. The `code` travels (ERROR_CODES), the message is
 * for people (supabase auth-js: one error class with an `isX` guard).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Machine code from the error envelope, e.g. `ACCESS_TOKEN_EXPIRED`; `HTTP_<status>` when absent. */
    readonly code: string,
    message: string,
    /** The envelope's `details` (validation paths), if any. */
    readonly details?: unknown,
    /** On `409 VERSION_CONFLICT`: the stored record's version and who changed it. */
    readonly conflict?: VersionConflict,
    /** Seconds from the answer's `Retry-After` (a throttled 429, a 503), when it had one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
