/**
 * The identity-provider session next to the product session (SPEC.md section 4 "Custom-token sign-in").
 * Firebase is loaded only here, on demand, never on the first load.
 */
import type { Auth } from 'firebase/auth';
import { shouldSignOutAfterTokenError } from '../../shared/identity-errors';
import { customTokenAnswerSchema } from '../../shared/contracts/session';
import { apiCall } from '../api/api-client';
import { currentEnvironment } from '../api/api-base';
import { isApiError } from '../api/api-error';
import { readAuthCookies } from '../cookies';
import { firebaseSettingsFor } from './firebase-config';

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
 * After set-up: nothing if already signed in to the identity provider; otherwise, with an access
 * cookie, fetch a custom token and sign in with it. The custom-token endpoint may not exist yet
 * (404/503): skipped silently. A disabled user or an expired user token ends the product session.
 */
export async function signInToIdentityProvider(): Promise<void> {
  const auth = await identityAuth().catch(() => null);
  if (!auth || !readAuthCookies()) return;
  await auth.authStateReady();
  if (auth.currentUser) return;
  let token: string | undefined;
  try {
    token = (await apiCall('iamserver', '/auth/getCustomToken', customTokenAnswerSchema)).token;
  } catch (error) {
    if (isApiError(error) && [0, 404, 501, 503].includes(error.status)) return;
    console.warn('Identity provider: no custom token.', error);
    return;
  }
  if (!token) return;
  try {
    const { signInWithCustomToken } = await import('firebase/auth');
    await signInWithCustomToken(auth, token);
  } catch (error) {
    if (shouldSignOutAfterTokenError(error)) {
      const { logout } = await import('../session/session-store');
      await logout({ redirect: true });
      return;
    }
    console.warn('Identity provider sign-in failed.', error);
  }
}

/** Signs out of the identity provider if it was ever loaded. */
export async function signOutOfIdentityProvider(): Promise<void> {
  if (!authPromise) return;
  const auth = await authPromise.catch(() => null);
  if (auth?.currentUser) await auth.signOut();
}
