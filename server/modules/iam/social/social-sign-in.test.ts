/**
 * Social sign-in and custom tokens through the real iamserver, a real database and the real Firebase
 * Auth emulator (started once per run by server/testing/firebase-emulator-global-setup.ts).
 */
import { createHash } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  signInWithCredential,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import type { App } from '../../../http/build-service-app.ts';
import type { CapturedLogs } from '../../../testing/test-apps.ts';
import { buildTestApp } from '../../../testing/test-apps.ts';
import { EMULATOR_PROJECT_ID } from '../../../testing/firebase-emulator.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { closeIdentityProvider } from '../firebase/firebase-admin.ts';

// The global setup starts the emulator for this file because it mentions firebaseAuthEmulatorHost.
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || inject('firebaseAuthEmulatorHost');
if (!emulatorHost) throw new Error('No Firebase Auth emulator: see server/testing/firebase-emulator-global-setup.ts');
process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;

const base = '/iamserver/api/v1';
const system = { role: 'freight_system', companyId: null } as const;
let t: TestDatabase;
let app: App;
let captured: CapturedLogs;
let clock = Date.now();
let web: FirebaseApp;
let webAuth: Auth;
const secretsSeen: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  ({ app, captured } = await buildTestApp('iamserver', t.db, {
    now: () => new Date(clock),
    config: { firebaseProjectId: EMULATOR_PROJECT_ID, publicWebUrl: 'http://localhost:8080' },
  }));
  web = initializeApp({ apiKey: 'demo-api-key', projectId: EMULATOR_PROJECT_ID }, `social-test-${Math.random()}`);
  webAuth = getAuth(web);
  connectAuthEmulator(webAuth, `http://${emulatorHost}`, { disableWarnings: true });
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  if (web) await deleteApp(web);
  await closeIdentityProvider();
});

beforeEach(async () => {
  clock = Date.now();
  await signOut(webAuth);
});

/** An ID token from the emulator for a Google account (created on first use). */
async function googleIdToken(sub: string, email: string, emailVerified = true): Promise<string> {
  const credential = GoogleAuthProvider.credential(JSON.stringify({ sub, email, email_verified: emailVerified }));
  const { user } = await signInWithCredential(webAuth, credential);
  const token = await user.getIdToken();
  secretsSeen.push(token);
  return token;
}

const socialLogin = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${base}/auth/social/login`, payload });
const exchange = (code: string) =>
  app.inject({ method: 'POST', url: `${base}/auth/social/exchange`, payload: { code } });
const fetchUser = (access: string) =>
  app.inject({ method: 'GET', url: `${base}/fetch-user`, headers: { authorization: `Bearer ${access}` } });

async function auditFor(email: string): Promise<Array<{ action: string; changes: Record<string, unknown> }>> {
  return t.db.transaction(system, async (tx) => {
    const { rows } = await tx.query<{ action: string; changes: Record<string, unknown> }>(
      `SELECT a.action, a.changes FROM audit_log a JOIN users u ON u.id = a.actor_user_id
        WHERE u.email = $1 ORDER BY a.id`,
      [email],
    );
    return rows;
  });
}

/** Codes carried by a redirect URL, which must be the web app's page. */
function codeFrom(redirectUrl: string): string {
  const url = new URL(redirectUrl);
  expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8080/socialSignIn');
  const code = url.searchParams.get('code');
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  secretsSeen.push(code!);
  return code!;
}

describe('POST /auth/social/login', () => {
  it('turns a Google identity into a normal product session, audited as a google login', async () => {
    const idToken = await googleIdToken('google-uid-1', 'admin@demo.test');
    const res = await socialLogin({ idToken });
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json().data;
    secretsSeen.push(accessToken, refreshToken);
    expect(Object.keys(res.json().data).sort()).toEqual(['accessToken', 'refreshToken']);

    const me = await fetchUser(accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().data[0]).toMatchObject({ emailId: 'admin@demo.test', company: { name: 'Demo Freight' } });

    // The same refresh machinery as a password sign-in.
    const refreshed = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: { authorization: `Bearer ${accessToken}`, 'x-refresh-token': `Bearer ${refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(200);

    const logins = (await auditFor('admin@demo.test')).filter((a) => a.action === 'auth.login');
    expect(logins.at(-1)?.changes).toMatchObject({ method: 'google' });
  });

  it('matches the address case-insensitively', async () => {
    const idToken = await googleIdToken('google-uid-harbor', 'Admin@Harbor.Test');
    const res = await socialLogin({ idToken });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an identity whose e-mail has no product user with 401 INVALID_CREDENTIALS', async () => {
    const res = await socialLogin({ idToken: await googleIdToken('google-uid-stranger', 'stranger@nowhere.test') });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a disabled user and audits the refusal', async () => {
    await t.db.transaction(system, (tx) => tx.query(`UPDATE users SET disabled = true WHERE email = 'ops@demo.test'`));
    try {
      const res = await socialLogin({ idToken: await googleIdToken('google-uid-ops', 'ops@demo.test') });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      const failed = (await auditFor('ops@demo.test')).filter((a) => a.action === 'auth.login_failed');
      expect(failed.at(-1)?.changes).toMatchObject({ method: 'google', reason: 'disabled' });
    } finally {
      await t.db.transaction(system, (tx) =>
        tx.query(`UPDATE users SET disabled = false WHERE email = 'ops@demo.test'`),
      );
    }
  });

  it('refuses an unverified address from a provider other than Google', async () => {
    const email = 'unverified@demo.test';
    const user = await createUserWithEmailAndPassword(webAuth, email, 'emulator-pass-1').then(
      (c) => c.user,
      async () => (await signInWithEmailAndPassword(webAuth, email, 'emulator-pass-1')).user,
    );
    const res = await socialLogin({ idToken: await user.getIdToken() });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses garbage and tampered tokens with 401, and a bad body with 400', async () => {
    for (const idToken of ['garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.']) {
      const res = await socialLogin({ idToken });
      expect(res.statusCode, idToken).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }

    // A stranger's emulator token edited to claim the admin's address (emulator tokens are unsigned).
    const stranger = await googleIdToken('google-uid-stranger', 'stranger@nowhere.test');
    const [header, payload] = stranger.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forge = (changes: Record<string, unknown>) =>
      `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.`;
    for (const forged of [
      forge({ email: 'admin@demo.test' }),
      forge({ aud: 'another-project', email: 'admin@demo.test' }),
      forge({ exp: Math.floor(Date.now() / 1000) - 10 }),
    ]) {
      const res = await socialLogin({ idToken: forged });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }

    for (const body of [{}, { idToken: '' }, { idToken: 'x', extra: 1 }]) {
      const res = await socialLogin(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('redirect with a one-time code', () => {
  it('answers a redirect URL whose code is exchanged once for a session, stored only hashed', async () => {
    const res = await socialLogin({ idToken: await googleIdToken('google-uid-1', 'admin@demo.test'), redirect: true });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data)).toEqual(['redirectUrl']);
    const code = codeFrom(res.json().data.redirectUrl);

    const stored = await t.db.transaction(system, async (tx) => {
      const { rows } = await tx.query<{ code_hash: string }>('SELECT code_hash FROM social_sign_in_codes');
      return rows.map((r) => r.code_hash);
    });
    expect(stored).toContain(createHash('sha256').update(code).digest('hex'));
    expect(stored).not.toContain(code);

    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const { accessToken } = first.json().data;
    secretsSeen.push(accessToken, first.json().data.refreshToken);
    expect((await fetchUser(accessToken)).json().data[0].emailId).toBe('admin@demo.test');

    const second = await exchange(code);
    expect(second.statusCode).toBe(401);
    expect(second.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('honours the code for 60 seconds only', async () => {
    const idToken = await googleIdToken('google-uid-1', 'admin@demo.test');
    const early = codeFrom((await socialLogin({ idToken, redirect: true })).json().data.redirectUrl);
    const late = codeFrom((await socialLogin({ idToken, redirect: true })).json().data.redirectUrl);

    clock += 59_000;
    expect((await exchange(early)).statusCode).toBe(200);
    clock += 2_000;
    const expired = await exchange(late);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses the code of a user disabled between the redirect and the exchange, and spends it', async () => {
    const idToken = await googleIdToken('google-uid-ops', 'ops@demo.test');
    const code = codeFrom((await socialLogin({ idToken, redirect: true })).json().data.redirectUrl);
    const setDisabled = (on: boolean) =>
      t.db.transaction(system, (tx) => tx.query(`UPDATE users SET disabled = $1 WHERE email = 'ops@demo.test'`, [on]));
    await setDisabled(true);
    try {
      const refused = await exchange(code);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('INVALID_CREDENTIALS');
    } finally {
      await setDisabled(false);
    }
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('refuses an unknown code with 401 and a malformed one with 400', async () => {
    expect((await exchange('A'.repeat(43))).statusCode).toBe(401);
    expect((await exchange('not a code')).statusCode).toBe(400);
  });

  it('does not issue a code to an unknown identity', async () => {
    const res = await socialLogin({
      idToken: await googleIdToken('google-uid-stranger', 'stranger@nowhere.test'),
      redirect: true,
    });
    expect(res.statusCode).toBe(401);
  });

  it('has no GET /social/home/redirect that could carry a token in its URL', async () => {
    const res = await app.inject({ method: 'GET', url: `${base}/social/home/redirect?idToken=whatever` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /social/home/redirect (a browser form)', () => {
  const WEB_ORIGIN = 'http://localhost:8080';
  const formPost = (body: Record<string, string>, origin: string | null = WEB_ORIGIN) =>
    app.inject({
      method: 'POST',
      url: `${base}/social/home/redirect`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
      },
      payload: new URLSearchParams(body).toString(),
    });
  const storedCodes = () =>
    t.db.transaction(system, async (tx) => {
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM social_sign_in_codes');
      return rows[0]!.n;
    });

  it('sends the browser to /socialSignIn with a one-time code that becomes the session', async () => {
    const res = await formPost({ idToken: await googleIdToken('google-uid-1', 'admin@demo.test') });
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    const code = codeFrom(String(res.headers.location));
    const session = await exchange(code);
    expect(session.statusCode).toBe(200);
    secretsSeen.push(session.json().data.accessToken, session.json().data.refreshToken);
    expect((await fetchUser(session.json().data.accessToken)).json().data[0].emailId).toBe('admin@demo.test');
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('sends a refused identity or a forged token to /socialSignIn/failure, with no code issued', async () => {
    const before = await storedCodes();
    const stranger = await formPost({ idToken: await googleIdToken('google-uid-stranger', 'stranger@nowhere.test') });
    const forged = await formPost({ idToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    for (const res of [stranger, forged]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${WEB_ORIGIN}/socialSignIn/failure`);
    }
    expect(await storedCodes()).toBe(before);
  });

  it('refuses forms from other sites (login CSRF) and bodies that are not one ID token', async () => {
    const idToken = await googleIdToken('google-uid-1', 'admin@demo.test');
    const before = await storedCodes();
    for (const origin of ['https://evil.example', null]) {
      const res = await formPost({ idToken }, origin);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await formPost({})).statusCode).toBe(400);
    expect((await formPost({ idToken, extra: 'x' })).statusCode).toBe(400);
    expect(await storedCodes()).toBe(before);
  });
});

describe('GET /auth/getCustomToken', () => {
  it('answers a custom token that signs in to the identity provider as the product user', async () => {
    const login = await app.inject({
      method: 'POST',
      url: `${base}/auth/login`,
      payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
      remoteAddress: '10.9.0.1',
    });
    const { accessToken } = login.json().data;
    const me = (await fetchUser(accessToken)).json().data[0] as { _id: string; companyId: string };

    const res = await app.inject({
      method: 'GET',
      url: `${base}/auth/getCustomToken`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json().data;
    secretsSeen.push(token);

    const { user } = await signInWithCustomToken(webAuth, token);
    expect(user.uid).toBe(me._id);
    const { claims } = await user.getIdTokenResult();
    expect(claims.companyId).toBe(me.companyId);
  });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: `${base}/auth/getCustomToken` });
    expect(res.statusCode).toBe(401);
  });
});

describe('without an identity provider', () => {
  it('answers 503 IDENTITY_PROVIDER_UNAVAILABLE when neither the emulator nor credentials are configured', async () => {
    const idToken = await googleIdToken('google-uid-1', 'admin@demo.test');
    const login = await socialLogin({ idToken });
    const { accessToken } = login.json().data;
    const saved = {
      emulator: process.env.FIREBASE_AUTH_EMULATOR_HOST,
      credentials: process.env.GOOGLE_APPLICATION_CREDENTIALS,
    };
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    try {
      const social = await socialLogin({ idToken });
      expect(social.statusCode).toBe(503);
      expect(social.json().code).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
      const custom = await app.inject({
        method: 'GET',
        url: `${base}/auth/getCustomToken`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(custom.statusCode).toBe(503);
      expect(custom.json().code).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = saved.emulator;
      if (saved.credentials) process.env.GOOGLE_APPLICATION_CREDENTIALS = saved.credentials;
    }
  });
});

describe('a company with two-factor sign-in', () => {
  const HARBOR = 'admin@harbor.test';
  const setTwoFactor = (on: boolean) =>
    t.db.transaction(system, (tx) =>
      tx.query(`UPDATE companies SET two_factor_auth = $1 WHERE name = 'Harbor Logistics'`, [on]),
    );
  beforeAll(() => setTwoFactor(true));
  afterAll(() => setTwoFactor(false));

  /** The 6-digit code of the newest sign-in mail to `email`, from the outbox. */
  const mailedCode = () =>
    t.db.transaction(system, async (tx) => {
      const { rows } = await tx.query<{ body_text: string }>(
        `SELECT body_text FROM mail_outbox WHERE kind = 'two_factor_code' AND $1 = ANY (to_addresses)
          ORDER BY created_at DESC, id LIMIT 1`,
        [HARBOR],
      );
      const code = /\b(\d{6})\b/.exec(rows[0]?.body_text ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      secretsSeen.push(code!);
      return code!;
    });
  const verify = (challengeId: string, code: string) =>
    app.inject({ method: 'POST', url: `${base}/auth/verify-code`, payload: { challengeId, code } });

  /** A sign-in answer must be the challenge, with no token in it. */
  function challengeOf(res: { statusCode: number; json(): { data: Record<string, unknown> } }): string {
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ twoFactorRequired: true, challengeId: expect.any(String) });
    return data.challengeId as string;
  }

  it('asks Google sign-in for the mailed code too, and audits the session as a google login', async () => {
    const challengeId = challengeOf(await socialLogin({ idToken: await googleIdToken('google-uid-h', HARBOR) }));
    const ok = await verify(challengeId, await mailedCode());
    expect(ok.statusCode).toBe(200);
    const { accessToken, refreshToken } = ok.json().data;
    secretsSeen.push(accessToken, refreshToken);
    expect((await fetchUser(accessToken)).json().data[0].emailId).toBe(HARBOR);
    const logins = (await auditFor(HARBOR)).filter((a) => a.action === 'auth.login');
    expect(logins.at(-1)?.changes).toMatchObject({ method: 'google' });
    expect((await verify(challengeId, await mailedCode())).statusCode).toBe(401);
  });

  it('answers the challenge, not the session, when a redirect code is exchanged', async () => {
    const redirect = await socialLogin({ idToken: await googleIdToken('google-uid-h', HARBOR), redirect: true });
    const code = codeFrom(redirect.json().data.redirectUrl);
    const challengeId = challengeOf(await exchange(code));
    expect((await exchange(code)).statusCode).toBe(401);
    const ok = await verify(challengeId, await mailedCode());
    expect(ok.statusCode).toBe(200);
    secretsSeen.push(ok.json().data.accessToken, ok.json().data.refreshToken);
  });

  it('keeps a password sign-in of the same company on the same second step, audited as password', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${base}/auth/login`,
      payload: { emailId: HARBOR, password: DEMO_PASSWORD },
      remoteAddress: '10.9.0.2',
    });
    const ok = await verify(challengeOf(res), await mailedCode());
    expect(ok.statusCode).toBe(200);
    secretsSeen.push(ok.json().data.accessToken, ok.json().data.refreshToken);
    const logins = (await auditFor(HARBOR)).filter((a) => a.action === 'auth.login');
    expect(logins.at(-1)?.changes).toMatchObject({ method: 'password' });
  });
});

describe('logs', () => {
  it('never carry an ID token, a one-time code, a session token or a custom token', () => {
    const all = captured.raw.join('');
    expect(all.length).toBeGreaterThan(0);
    expect(secretsSeen.length).toBeGreaterThan(5);
    for (const secret of secretsSeen) expect(all.includes(secret)).toBe(false);
  });
});
