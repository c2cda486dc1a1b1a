import { apiCall } from '../../../lib/api/api-client';
import { okAnswerSchema } from '../../../shared/contracts/account-recovery';
import {
  signInAnswerSchema,
  tokenPairSchema,
  type SignInAnswer,
  type TokenPair,
} from '../../../shared/contracts/session';

/**
 * Every sign-in (`/auth/login`, `/auth/social/login`, `/auth/social/exchange`) answers tokens, or a
 * two-factor challenge when the company requires it. A throttled one (429) throws an `ApiError` with
 * `retryAfterSeconds`.
 */
export type LoginAnswer = SignInAnswer;

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export function login(emailId: string, password: string): Promise<LoginAnswer> {
  return apiCall('iamserver', '/auth/login', signInAnswerSchema, post({ emailId, password }));
}

export function verifyCode(challengeId: string, code: string): Promise<TokenPair> {
  return apiCall('iamserver', '/auth/verify-code', tokenPairSchema, post({ challengeId, code }));
}

/** Without `redirect`, `/auth/social/login` answers like any sign-in (its redirect-link answer is not asked for). */
export function socialLogin(idToken: string): Promise<LoginAnswer> {
  return apiCall('iamserver', '/auth/social/login', signInAnswerSchema, post({ idToken }));
}

export function exchangeSocialCode(code: string): Promise<LoginAnswer> {
  return apiCall('iamserver', '/auth/social/exchange', signInAnswerSchema, post({ code }));
}

/** Always answers alike, whether or not the address has an account. */
export function requestPasswordReset(emailId: string): Promise<unknown> {
  return apiCall('iamserver', '/auth/reset-password-link', okAnswerSchema, post({ emailId }));
}
