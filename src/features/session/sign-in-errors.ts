import { t } from '../../lib/i18n/i18n';

/**
 * The codes the sign-in forms explain (ERROR_CODES of src/shared/api-envelope.ts, spelled out: importing
 * the table costs /login a chunk); anything else gets the generic text.
 */
interface SignInFailure {
  status?: number;
  code?: string;
  retryAfterSeconds?: number;
}

/** The login form's own failure: a field left empty (no call is made). */
export const MISSING_FIELDS = 'MISSING_FIELDS';

/** A sentence for people for a failed sign-in, two-factor or reset request (the code decides, not the text). */
export function signInErrorMessage(error: unknown): string {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SignInFailure;
  // Errors that already speak to people (the Google popup's) say so by name.
  if (error instanceof Error && error.name === 'GoogleSignInError') return error.message;
  switch (failure.code) {
    case MISSING_FIELDS:
      return t('login.missingFields');
    case 'INVALID_CREDENTIALS':
      return t('signInError.invalidCredentials');
    case 'TOO_MANY_ATTEMPTS': {
      const seconds = failure.retryAfterSeconds;
      return seconds ? t('signInError.tooManyIn', { count: seconds }) : t('signInError.tooMany');
    }
    case 'VALIDATION_FAILED':
      return t('signInError.validation');
    case 'ACTION_TOKEN_INVALID':
    case 'ACTION_TOKEN_EXPIRED':
      return t('signInError.linkInvalid');
  }
  if (failure.status === 0) return t('signInError.offline');
  return t('signInError.generic');
}
