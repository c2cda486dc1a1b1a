/**
 * The codes the sign-in forms explain (ERROR_CODES of src/shared/api-envelope.ts, spelled out: importing
 * the table costs /login a chunk); anything else gets the generic text.
 */
interface SignInFailure {
  status?: number;
  code?: string;
  retryAfterSeconds?: number;
}

/** A sentence for people for a failed sign-in, two-factor or reset request (the code decides, not the text). */
export function signInErrorMessage(error: unknown): string {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SignInFailure;
  // Errors that already speak to people (the Google popup's) say so by name.
  if (error instanceof Error && error.name === 'GoogleSignInError') return error.message;
  switch (failure.code) {
    case 'INVALID_CREDENTIALS':
      return 'The e-mail or password is incorrect.';
    case 'TOO_MANY_ATTEMPTS': {
      const seconds = failure.retryAfterSeconds;
      return seconds
        ? `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
        : 'Too many attempts. Try again later.';
    }
    case 'VALIDATION_FAILED':
      return 'Check the e-mail address and the password, then try again.';
    case 'ACTION_TOKEN_INVALID':
    case 'ACTION_TOKEN_EXPIRED':
      return 'This code or link is no longer valid.';
  }
  if (failure.status === 0) return 'The server cannot be reached. Check your connection and try again.';
  return 'Something went wrong. Please try again.';
}
