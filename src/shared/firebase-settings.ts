/**
 * Which identity-provider project a host uses (docs/product-rules.md section 1): the production project on the
 * production host, the test project on dev/io hosts; locally the Auth emulator when
 * VITE_FIREBASE_AUTH_EMULATOR is set, else the demo project (which only an emulator can serve).
 * Shared: the app signs in with it, and the web server's Content-Security-Policy allows its hosts.
 */
import type { AppEnvironment } from './session-hosts';

export interface FirebaseSettings {
  options: { apiKey: string; authDomain: string; projectId: string; appId?: string; databaseURL?: string };
  /** Auth emulator URL (local only). */
  emulatorUrl: string | null;
  /** False when nothing could serve a sign-in (local without an emulator): skip it. */
  usable: boolean;
}

type Env = Record<string, unknown>;

function read(env: Env, key: string, fallback = ''): string {
  const value = env[key];
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

export function firebaseSettingsFor(environment: AppEnvironment, env: Env): FirebaseSettings {
  if (environment === 'local') {
    const emulator = read(env, 'VITE_FIREBASE_AUTH_EMULATOR');
    const emulatorUrl = emulator
      ? emulator === '1' || emulator === 'true'
        ? 'http://localhost:9099'
        : emulator
      : null;
    const projectId = 'demo-freight-desk';
    return {
      options: { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId },
      emulatorUrl,
      usable: emulatorUrl !== null,
    };
  }
  const prefix = environment === 'production' ? 'VITE_FIREBASE_PROD_' : 'VITE_FIREBASE_TEST_';
  const projectId = read(
    env,
    `${prefix}PROJECT_ID`,
    environment === 'production' ? 'freight-desk-prod' : 'freight-desk-test',
  );
  const apiKey = read(env, `${prefix}API_KEY`);
  return {
    options: {
      apiKey,
      authDomain: read(env, `${prefix}AUTH_DOMAIN`, `${projectId}.firebaseapp.com`),
      projectId,
      appId: read(env, `${prefix}APP_ID`) || undefined,
      databaseURL: read(env, `${prefix}DATABASE_URL`) || undefined,
    },
    emulatorUrl: null,
    usable: apiKey !== '',
  };
}
