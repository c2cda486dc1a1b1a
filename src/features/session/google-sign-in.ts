/**
 * "Continue with Google": the identity provider's popup, loaded only when the button is pressed (a
 * dynamic import from the login screen, so neither this module nor Firebase is in the /login first load).
 */
import { identityAuth } from '../../lib/firebase/firebase-session';
import { IDENTITY_CLIENT_CODES, identityClientCode } from '../../shared/identity-errors';

/** Why the Google sign-in did not happen, for people; the code is what callers branch on. */
export class GoogleSignInError extends Error {
  override readonly name = 'GoogleSignInError';
  constructor(readonly code: string) {
    super(googleErrorMessage(code));
  }
}

function googleErrorMessage(code: string): string {
  switch (code) {
    case IDENTITY_CLIENT_CODES.popupBlocked:
      return 'The browser blocked the Google window. Allow pop-ups for this site and try again.';
    case IDENTITY_CLIENT_CODES.networkRequestFailed:
      return 'Google cannot be reached. Check your connection and try again.';
    case 'unavailable':
      return 'Google sign-in is not available here.';
    default:
      return 'Google sign-in failed. Please try again.';
  }
}

/** Codes of a popup the user closed or replaced: no error worth showing. */
const CANCELLED = new Set<string>([
  IDENTITY_CLIENT_CODES.popupClosedByUser,
  IDENTITY_CLIENT_CODES.cancelledPopupRequest,
]);

/**
 * Runs the Google popup and answers the identity provider's ID token for `POST /auth/social/login`, or
 * null when the user closed the popup. Throws GoogleSignInError otherwise.
 */
export async function signInWithGoogle(): Promise<string | null> {
  const [auth, { GoogleAuthProvider, browserPopupRedirectResolver, signInWithPopup }] = await Promise.all([
    identityAuth().catch(() => null),
    import('firebase/auth'),
  ]);
  if (!auth) throw new GoogleSignInError('unavailable');
  try {
    const credential = await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
    return await credential.user.getIdToken();
  } catch (error) {
    const code = identityClientCode(error) ?? 'unknown';
    if (CANCELLED.has(code)) return null;
    throw new GoogleSignInError(code);
  }
}
