/**
 * The identity-provider session next to the product session (docs/product-rules.md section 4 "Custom-token sign-in").
 * Firebase is loaded only here, on demand, never on the first load.
 */
import type { Auth } from 'firebase/auth';
import { shouldSignOutAfterTokenError } from '../../shared/identity-errors';
import { customTokenAnswerSchema } from '../../shared/contracts/session';
import { apiCall } from '../api/api-client';
import { currentEnvironment } from '../api/api-base';
import { isApiError } from '../api/api-error';
import { readAuthCookies } from '../cookies';
import { firebaseSettingsFor } from '../../shared/firebase-settings';

let authPromise: Promise<Auth | null> | null = null;

/** The Auth instance for this host, created once; null where no project can serve it. */
export function identityAuth(): Promise<Auth | null> {
  authPromise ??= (async () => {
    const settings = firebaseSettingsFor(currentEnvironment(), import.meta.env as Record<string, unknown>);
    if (!settings.usable) return null;
    const [{ initializeApp, getApps }, authModule] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app = getApps()[0] ?? initializeApp(settings.options);
    const auth = authModule.initializeAuth(app, { persistence: authModule.indexedDBLocalPersistence });
    if (settings.emulatorUrl) authModule.connectAuthEmulator(auth, settings.emulatorUrl, { disableWarnings: true });
    return auth;
  })();
  return authPromise;
}

/**
 * What the identity-provider sign-in came to. This module never touches the product session: the
 * session life cycle acts on the outcome (a `user-rejected` ends the product session).
 */
export type IdentitySignInOutcome =
  /** Signed in now, or already was. */
  | 'signed-in'
  /** Nothing to do here: no usable project, no access cookie, or no custom-token endpoint yet. */
  | 'unavailable'
  /** A passing failure, logged; the product session stays. */
  | 'failed'
  /** The identity provider refused the user (disabled, token expired). */
  | 'user-rejected';

/**
 * After set-up: nothing if already signed in to the identity provider; otherwise, with an access
 * cookie, fetch a custom token and sign in with it. The custom-token endpoint may not exist yet
 * (404/503): skipped silently.
 */
export async function signInToIdentityProvider(): Promise<IdentitySignInOutcome> {
  const auth = await identityAuth().catch(() => null);
  if (!auth || !readAuthCookies()) return 'unavailable';
  await auth.authStateReady();
  if (auth.currentUser) return 'signed-in';
  let token: string | undefined;
  try {
    token = (await apiCall('iamserver', '/auth/getCustomToken', customTokenAnswerSchema)).token;
  } catch (error) {
    if (isApiError(error) && [0, 404, 501, 503].includes(error.status)) return 'unavailable';
    console.warn('Identity provider: no custom token.', error);
    return 'failed';
  }
  if (!token) return 'unavailable';
  try {
    const { signInWithCustomToken } = await import('firebase/auth');
    await signInWithCustomToken(auth, token);
    return 'signed-in';
  } catch (error) {
    if (shouldSignOutAfterTokenError(error)) return 'user-rejected';
    console.warn('Identity provider sign-in failed.', error);
    return 'failed';
  }
}

/** Signs out of the identity provider if it was ever loaded. */
export async function signOutOfIdentityProvider(): Promise<void> {
  if (!authPromise) return;
  const auth = await authPromise.catch(() => null);
  if (auth?.currentUser) await auth.signOut();
}
