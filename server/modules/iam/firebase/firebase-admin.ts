/**
 * The one place that talks to the identity provider (Firebase Authentication) through firebase-admin.
 * The admin app is created lazily, on the first call that needs it, for the configured project.
 *
 * Where the provider is:
 * - `FIREBASE_AUTH_EMULATOR_HOST` set: the Auth emulator. firebase-admin reads that variable itself, needs
 *   no credentials, accepts the emulator's unsigned ID tokens and signs custom tokens with `alg: none`.
 * - otherwise `GOOGLE_APPLICATION_CREDENTIALS`: the real project, with that service account.
 * - neither: every call fails with 503 IDENTITY_PROVIDER_UNAVAILABLE instead of hanging on the metadata
 *   server or failing later with an opaque 500.
 * Both variables are read on every call (as firebase-admin does), not once in `loadConfig`, so that a
 * test can switch the emulator on and off.
 *
 * Nothing here logs, and no error built here carries a token or the provider's message (which can
 * quote claims): a failure keeps only the provider's error code as its `cause`.
 */
import { applicationDefault, deleteApp, getApps, initializeApp, type App as FirebaseApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { ServerConfig } from '../../../config.ts';
import { ApiError } from '../../../http/api-error.ts';

/** What a verified ID token says about the person signing in. */
export interface VerifiedIdentity {
  /** The provider's user id (not the product's). */
  uid: string;
  /** Lower-cased; undefined when the identity has no e-mail address. */
  email: string | undefined;
  emailVerified: boolean;
  /** `google.com`, `password`, `custom`, … (the token's `firebase.sign_in_provider`). */
  signInProvider: string;
}

export function identityProviderUnavailable(cause?: string): ApiError {
  const error = new ApiError(
    503,
    ERROR_CODES.IDENTITY_PROVIDER_UNAVAILABLE,
    'Sign-in with the identity provider is not available right now',
  );
  // The error handler logs 5xx errors with their cause: the provider's code is enough to find the failure.
  if (cause) Object.defineProperty(error, 'cause', { value: new Error(`identity provider: ${cause}`) });
  return error;
}

/** The ID token is not one we accept: malformed, tampered, expired, for another project, or its user is gone. */
export const identityTokenRejected = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The sign-in could not be verified');

type Mode = 'emulator' | 'credentials';

function currentMode(env: NodeJS.ProcessEnv = process.env): Mode | undefined {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) return 'emulator';
  if (env.GOOGLE_APPLICATION_CREDENTIALS) return 'credentials';
  return undefined;
}

function appFor(projectId: string, mode: Mode): FirebaseApp {
  // A named app per project and mode, so that the product never collides with another default app.
  const name = `freight-desk-iam:${projectId}:${mode}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  return initializeApp(mode === 'credentials' ? { projectId, credential: applicationDefault() } : { projectId }, name);
}

function authFor(config: ServerConfig): { auth: Auth; mode: Mode } {
  const mode = currentMode();
  if (!mode) throw identityProviderUnavailable('no emulator host and no credentials configured');
  try {
    return { auth: getAuth(appFor(config.firebaseProjectId, mode)), mode };
  } catch (error) {
    throw identityProviderUnavailable(providerCode(error));
  }
}

function providerCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'unknown';
}

/** A provider error that means "this token or user is not acceptable", as opposed to "provider is down". */
function isRejection(error: unknown): boolean {
  const code = providerCode(error);
  return code.startsWith('auth/') && code !== 'auth/internal-error';
}

/**
 * Verifies a Firebase ID token (signature, project, issuer, expiry; `checkRevoked` off: one fewer call
 * to the provider per sign-in, and the product session is what gets revoked afterwards).
 */
export async function verifyIdentityToken(config: ServerConfig, idToken: string): Promise<VerifiedIdentity> {
  const { auth, mode } = authFor(config);
  try {
    const decoded = await auth.verifyIdToken(idToken, false);
    const email = typeof decoded.email === 'string' ? decoded.email.toLowerCase() : undefined;
    if (mode === 'emulator') {
      // Emulator tokens are unsigned, so firebase-admin accepts any payload: a token edited to carry
      // another address would pass. Ask the emulator for the account and require it to agree.
      const record = await auth.getUser(decoded.uid);
      if (record.disabled || record.email?.toLowerCase() !== email) throw identityTokenRejected();
    }
    return {
      uid: decoded.uid,
      email,
      emailVerified: decoded.email_verified === true,
      signInProvider: decoded.firebase.sign_in_provider,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isRejection(error)) throw identityTokenRejected();
    throw identityProviderUnavailable(providerCode(error));
  }
}

/** A custom token that signs `uid` in to the identity provider, with `claims` on its ID tokens. */
export async function createIdentityCustomToken(
  config: ServerConfig,
  uid: string,
  claims: Record<string, string>,
): Promise<string> {
  const { auth } = authFor(config);
  try {
    return await auth.createCustomToken(uid, claims);
  } catch (error) {
    throw identityProviderUnavailable(providerCode(error));
  }
}

/** Deletes the admin apps (tests, shutdown): their HTTP agents would otherwise keep the process alive. */
export async function closeIdentityProvider(): Promise<void> {
  await Promise.all(
    getApps()
      .filter((app) => app.name.startsWith('freight-desk-iam:'))
      .map((app) => deleteApp(app)),
  );
}
