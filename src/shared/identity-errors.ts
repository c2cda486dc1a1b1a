/**
 * Identity provider (Firebase Auth REST) error codes → the client codes the app branches on
 * (docs/product-rules.md section 8). Unknown codes are lowercased with hyphens.
 */
export const IDENTITY_ERROR_CODES: Readonly<Record<string, string>> = {
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  INVALID_IDP_RESPONSE: 'invalid-credential',
  INVALID_PENDING_TOKEN: 'invalid-credential',
  INVALID_PASSWORD: 'wrong-password',
  EMAIL_NOT_FOUND: 'user-not-found',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  RESET_PASSWORD_EXCEED_LIMIT: 'too-many-requests',
  USER_DISABLED: 'user-disabled',
  TOKEN_EXPIRED: 'user-token-expired',
  USER_NOT_FOUND: 'user-token-expired',
  INVALID_OOB_CODE: 'invalid-action-code',
  EXPIRED_OOB_CODE: 'expired-action-code',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
};

/** Client codes that end the identity session when a token call reports them. */
export const SIGN_OUT_IDENTITY_CODES: ReadonlySet<string> = new Set(['user-disabled', 'user-token-expired']);

/** Popup and environment codes the library raises itself. */
export const IDENTITY_CLIENT_CODES = {
  networkRequestFailed: 'network-request-failed',
  multiFactorAuthRequired: 'multi-factor-auth-required',
  accountExistsWithDifferentCredential: 'account-exists-with-different-credential',
  popupBlocked: 'popup-blocked',
  popupClosedByUser: 'popup-closed-by-user',
  cancelledPopupRequest: 'cancelled-popup-request',
  unauthorizedDomain: 'unauthorized-domain',
  webStorageUnsupported: 'web-storage-unsupported',
  invalidApiKey: 'invalid-api-key',
} as const;

/**
 * Maps a server code. The REST API appends detail after " : " (e.g. `TOO_MANY_ATTEMPTS_TRY_LATER :
 * Access disabled…`); only the code before it counts.
 */
export function mapIdentityErrorCode(serverCode: string): string {
  const code = serverCode.split(':')[0]?.trim() ?? '';
  return IDENTITY_ERROR_CODES[code] ?? code.toLowerCase().replace(/_/g, '-');
}

/** The client code of an error thrown by the identity library (`auth/xyz`) or null. */
export function identityClientCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  return code.startsWith('auth/') ? code.slice(5) : code;
}

export function shouldSignOutAfterTokenError(error: unknown): boolean {
  const code = identityClientCode(error);
  return code !== null && SIGN_OUT_IDENTITY_CODES.has(code);
}
