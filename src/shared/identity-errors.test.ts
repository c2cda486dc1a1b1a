import { describe, expect, it } from 'vitest';
import { mapIdentityErrorCode, shouldSignOutAfterTokenError } from './identity-errors';

describe('identity provider codes (docs/product-rules.md section 8)', () => {
  it.each([
    ['EMAIL_EXISTS', 'email-already-in-use'],
    ['INVALID_LOGIN_CREDENTIALS', 'invalid-credential'],
    ['INVALID_IDP_RESPONSE', 'invalid-credential'],
    ['INVALID_PENDING_TOKEN', 'invalid-credential'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['EMAIL_NOT_FOUND', 'user-not-found'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'too-many-requests'],
    ['RESET_PASSWORD_EXCEED_LIMIT', 'too-many-requests'],
    ['USER_DISABLED', 'user-disabled'],
    ['TOKEN_EXPIRED', 'user-token-expired'],
    ['USER_NOT_FOUND', 'user-token-expired'],
    ['INVALID_OOB_CODE', 'invalid-action-code'],
    ['EXPIRED_OOB_CODE', 'expired-action-code'],
    ['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'requires-recent-login'],
    ['PASSWORD_DOES_NOT_MEET_REQUIREMENTS', 'password-does-not-meet-requirements'],
  ])('%s → %s', (server, client) => {
    expect(mapIdentityErrorCode(server)).toBe(client);
  });

  it('lowercases unknown codes with hyphens and drops the detail after the colon', () => {
    expect(mapIdentityErrorCode('SOME_NEW_CODE')).toBe('some-new-code');
    expect(mapIdentityErrorCode('TOO_MANY_ATTEMPTS_TRY_LATER : Access disabled')).toBe('too-many-requests');
  });

  it('signs out on user-disabled and user-token-expired only', () => {
    expect(shouldSignOutAfterTokenError({ code: 'auth/user-disabled' })).toBe(true);
    expect(shouldSignOutAfterTokenError({ code: 'auth/user-token-expired' })).toBe(true);
    expect(shouldSignOutAfterTokenError({ code: 'auth/network-request-failed' })).toBe(false);
    expect(shouldSignOutAfterTokenError(new Error('x'))).toBe(false);
  });
});
