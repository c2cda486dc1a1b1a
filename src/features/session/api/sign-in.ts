import { ApiError } from '../../../lib/api/api-error';
import { apiBase, authorizedFetch, NETWORK_ERROR_CODE, toApiError } from '../../../lib/api/api-client';
import type { TokenPair } from '../../../shared/session-types';

/**
 * Every sign-in (`/auth/login`, `/auth/social/login`, `/auth/social/exchange`) answers tokens, or a
 * two-factor challenge when the company requires it.
 */
export type LoginAnswer = TokenPair | { twoFactorRequired: true; challengeId: string };

/** An ApiError that also carries the `Retry-After` seconds of a 429. */
export class SignInError extends ApiError {
  constructor(
    error: ApiError,
    /** Seconds from `Retry-After`, when the answer had one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(error.status, error.code, error.message, error.details);
  }
}

/**
 * POSTs JSON to iamserver. Not `apiFetch`: the throttled answer's `Retry-After` header is needed, and
 * `apiFetch` only keeps the body. Still through src/lib's fetch (`authorizedFetch`, `toApiError`).
 */
async function postIam<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await authorizedFetch(`${apiBase('iamserver')}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new SignInError(new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : 'offline'));
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new SignInError(
      await toApiError(response),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return ((await response.json()) as { data: T }).data;
}

export function login(emailId: string, password: string): Promise<LoginAnswer> {
  return postIam('/auth/login', { emailId, password });
}

export function verifyCode(challengeId: string, code: string): Promise<TokenPair> {
  return postIam('/auth/verify-code', { challengeId, code });
}

export function socialLogin(idToken: string): Promise<LoginAnswer> {
  return postIam('/auth/social/login', { idToken });
}

export function exchangeSocialCode(code: string): Promise<LoginAnswer> {
  return postIam('/auth/social/exchange', { code });
}

/** Always answers alike, whether or not the address has an account. */
export function requestPasswordReset(emailId: string): Promise<unknown> {
  return postIam('/auth/reset-password-link', { emailId });
}
