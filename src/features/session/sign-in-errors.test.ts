import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it('explains each code', () => {
    expect(signInErrorMessage({ status: 401, code: 'INVALID_CREDENTIALS' })).toBe(
      'The e-mail or password is incorrect.',
    );
    expect(signInErrorMessage({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 8 })).toBe(
      'Too many attempts. Try again in 8 seconds.',
    );
    expect(signInErrorMessage({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 1 })).toContain('1 second.');
    expect(signInErrorMessage({ status: 400, code: 'VALIDATION_FAILED' })).toContain('Check the e-mail');
    expect(signInErrorMessage({ status: 0, code: 'NETWORK_ERROR' })).toContain('cannot be reached');
    expect(signInErrorMessage(new Error('x'))).toBe('Something went wrong. Please try again.');
  });
});
