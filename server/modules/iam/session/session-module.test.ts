/**
 * The session calls of docs/api.md section 4, through the real iamserver on a real database.
 */
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { buildTestApp, setUpTestApp } from '../../../testing/test-apps.ts';
import type { TestDatabase } from '../../../testing/test-database.ts';
import type { App } from '../../../http/build-service-app.ts';

let t: TestDatabase;
let app: App;
let clock = Date.now();
const base = '/iamserver/api/v1';

setUpTestApp('iamserver', (built) => ({ t, app } = built), {
  now: () => new Date(clock),
  config: { accessTokenTtl: 60, refreshTokenTtl: 3600 },
});
beforeEach(async () => {
  clock = Date.now();
  await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) => tx.query('DELETE FROM login_throttle'));
});

let ipCounter = 0;
async function signIn(emailId: string, password = DEMO_PASSWORD, ip = `10.1.0.${++ipCounter % 250}`) {
  return app.inject({ method: 'POST', url: `${base}/auth/login`, payload: { emailId, password }, remoteAddress: ip });
}

async function tokensFor(emailId: string): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await signIn(emailId);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const withTokens = (access: string, refresh?: string) => ({
  authorization: `Bearer ${access}`,
  ...(refresh ? { 'x-refresh-token': `Bearer ${refresh}` } : {}),
});

const fetchUser = (access: string) =>
  app.inject({ method: 'GET', url: `${base}/fetch-user`, headers: withTokens(access) });

describe('sign-in', () => {
  it('signs in with e-mail and password and answers fetch-user with the SPEC fields', async () => {
    const { accessToken, refreshToken } = await tokensFor('admin@demo.test');
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken.length).toBeGreaterThan(40);
    const res = await fetchUser(accessToken);
    expect(res.statusCode).toBe(200);
    const [user] = res.json().data;
    expect(user).toMatchObject({
      name: 'Admin Demo',
      emailId: 'admin@demo.test',
      emailVerified: true,
      firstName: 'Admin',
      lastName: 'Demo',
      isExpired: false,
      company: { name: 'Demo Freight', short_name: 'DEMO', twoFactorAuth: false },
    });
    expect(user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.companyId).toBe(user.company._id);
    expect(user.company.subscripedPlan.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(user.products.map((p: { code: string }) => p.code)).toEqual(['contacts', 'freight', 'reports']);
  });

  it('marks the expired company’s user as expired and the unverified user as unverified', async () => {
    const expired = (await fetchUser((await tokensFor('admin@expired.test')).accessToken)).json().data[0];
    expect(expired.isExpired).toBe(true);
    const unverified = (await fetchUser((await tokensFor('unverified@demo.test')).accessToken)).json().data[0];
    expect(unverified.emailVerified).toBe(false);
  });

  it('refuses a wrong password and an unknown address alike, and audits the failure', async () => {
    const wrong = await signIn('ops@demo.test', 'not-the-password');
    const unknown = await signIn('nobody@demo.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const audit = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) =>
      (
        await tx.query<{ action: string }>(
          "SELECT action FROM audit_log a JOIN users u ON u.id = a.actor_user_id WHERE u.email = 'ops@demo.test' ORDER BY a.id",
        )
      ).rows.map((r) => r.action),
    );
    expect(audit).toContain('auth.login_failed');
  });

  it('rejects bad bodies with VALIDATION_FAILED and signs nobody in', async () => {
    for (const payload of [
      {},
      { emailId: 'not-an-email', password: 'x' },
      { emailId: 'admin@demo.test', password: DEMO_PASSWORD, extra: 1 },
    ]) {
      const res = await app.inject({ method: 'POST', url: `${base}/auth/login`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('tokens', () => {
  it('answers an expired access token with 401 "jwt expired", and /auth/token renews it', async () => {
    const { accessToken, refreshToken } = await tokensFor('admin@demo.test');
    clock += 61_000;
    const expired = await fetchUser(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'jwt expired', code: 'ACCESS_TOKEN_EXPIRED' });
    const renewed = await app.inject({
      method: 'GET',
      url: `${base}/auth/token`,
      headers: withTokens(accessToken, refreshToken),
    });
    expect(renewed.statusCode).toBe(200);
    expect((await fetchUser(renewed.json().data.accessToken)).statusCode).toBe(200);
    // The refresh token is not used up by /auth/token.
    const again = await app.inject({
      method: 'GET',
      url: `${base}/auth/token`,
      headers: withTokens(accessToken, refreshToken),
    });
    expect(again.statusCode).toBe(200);
  });

  it('rotates both tokens on /auth/refresh; a used refresh token revokes the whole session', async () => {
    const first = await tokensFor('admin@demo.test');
    const rotated = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: withTokens(first.accessToken, first.refreshToken),
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await fetchUser(second.accessToken)).statusCode).toBe(200);

    const reuse = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: withTokens(first.accessToken, first.refreshToken),
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'refresh token is invalid or expired', code: 'REFRESH_TOKEN_INVALID' });
    expect((await fetchUser(second.accessToken)).statusCode).toBe(401);
    const afterReuse = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: withTokens(second.accessToken, second.refreshToken),
    });
    expect(afterReuse.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('lets exactly one of 50 concurrent refreshes with one token succeed, then revokes the session', async () => {
    const { accessToken, refreshToken } = await tokensFor('ops@demo.test');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({ method: 'GET', url: `${base}/auth/refresh`, headers: withTokens(accessToken, refreshToken) }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(49);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    expect((await fetchUser(winner.accessToken)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const { accessToken, refreshToken } = await tokensFor('admin@demo.test');
    clock += 3601_000;
    const res = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: withTokens(accessToken, refreshToken),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('rejects forged and foreign tokens with 401 and the CONTRACT codes', async () => {
    const { accessToken } = await tokensFor('admin@demo.test');
    const [, payload] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const otherKey = new TextEncoder().encode('x'.repeat(48));
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(otherKey);
    const none = new UnsecuredJWT(claims).encode();
    const otherEnv = await buildTestApp('iamserver', t.db, { config: { tokenAudience: 'freight-desk-staging' } });
    const stagingToken = (
      await otherEnv.app.inject({
        method: 'POST',
        url: `${base}/auth/login`,
        payload: { emailId: 'admin@demo.test', password: DEMO_PASSWORD },
        remoteAddress: '10.9.9.9',
      })
    ).json().data.accessToken;
    await otherEnv.app.close();
    for (const token of ['garbage', `${accessToken}x`, forged, none, stagingToken]) {
      const res = await fetchUser(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('ACCESS_TOKEN_INVALID');
    }
    const missing = await app.inject({ method: 'GET', url: `${base}/fetch-user` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('UNAUTHENTICATED');
    const badRefresh = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: withTokens(accessToken, 'nonsense'),
    });
    expect(badRefresh.json().code).toBe('REFRESH_TOKEN_INVALID');
  });
});

describe('revocation', () => {
  it('logout revokes the session at once', async () => {
    const { accessToken, refreshToken } = await tokensFor('admin@demo.test');
    const out = await app.inject({
      method: 'POST',
      url: `${base}/auth/logout`,
      headers: withTokens(accessToken, refreshToken),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { ok: true } });
    expect((await fetchUser(accessToken)).statusCode).toBe(401);
    const refresh = await app.inject({
      method: 'GET',
      url: `${base}/auth/refresh`,
      headers: withTokens(accessToken, refreshToken),
    });
    expect(refresh.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('disabling a user ends their sessions on the very next call', async () => {
    const { accessToken } = await tokensFor('unverified@demo.test');
    expect((await fetchUser(accessToken)).statusCode).toBe(200);
    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query("UPDATE users SET disabled = true WHERE email = 'unverified@demo.test'"),
    );
    try {
      const res = await fetchUser(accessToken);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_REVOKED');
      expect((await signIn('unverified@demo.test')).statusCode).toBe(401);
    } finally {
      await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
        tx.query("UPDATE users SET disabled = false WHERE email = 'unverified@demo.test'"),
      );
    }
  });
});

describe('brute force', () => {
  it('slows an account down from the 5th failure with 429 and Retry-After, and lets it in after the wait', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i += 1) expect((await signIn('ops@demo.test', 'wrong-guess', ip)).statusCode).toBe(401);
    const blocked = await signIn('ops@demo.test', DEMO_PASSWORD, '10.2.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    clock += (Number(blocked.headers['retry-after']) + 1) * 1000;
    expect((await signIn('ops@demo.test', DEMO_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('checks at most five of 40 wrong passwords sent at once to one account; the rest get 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn('ops@demo.test', `wrong-guess-${i}`, `10.2.1.${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    for (const res of results.filter((r) => r.statusCode === 429)) {
      expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);

  it('does not sign in the right password sent among 60 tries at once, once the allowance is spent', async () => {
    const passwords = [...Array.from({ length: 59 }, (_, i) => `wrong-guess-${i}`), DEMO_PASSWORD];
    const results = await Promise.all(passwords.map((password, i) => signIn('ops@demo.test', password, `10.2.2.${i}`)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses).not.toContain(200);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.at(-1)).toBe(429);
  }, 120_000);

  it('checks no more than the address ceiling allows of 40 guesses sent at once from one address', async () => {
    const attacker = '10.3.8.8';
    // 95 failures already spent from this address in the last hour (cheaper than checking 95 passwords).
    await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
      tx.query('INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ($1, 95, $2)', [
        `address:${attacker}`,
        new Date(clock),
      ]),
    );
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`victim-${i}@demo.test`, 'Summer2026!', attacker)),
    );
    const statuses = results.map((r) => r.statusCode);
    // Failures 96 to 101 are checked (the 101st is the one that blocks); nothing after them is.
    expect(statuses.filter((s) => s === 401)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(34);
  }, 120_000);

  it('lets the rest of an office in after 20 failures on 3 accounts from its one address', async () => {
    const office = '10.3.0.1';
    // One colleague mistypes the password, two mistype their e-mail address: 20 failures in all.
    const typos: Array<[email: string, password: string]> = [
      ...Array.from({ length: 7 }, (): [string, string] => ['ops@demo.test', 'Freight!2025']),
      ...Array.from({ length: 7 }, (): [string, string] => ['opps@demo.test', DEMO_PASSWORD]),
      ...Array.from({ length: 6 }, (): [string, string] => ['admin@demo.tset', DEMO_PASSWORD]),
    ];
    const failed = [];
    for (const [email, password] of typos) failed.push((await signIn(email, password, office)).statusCode);
    // Each account is slowed on its own (the 5th failure blocks ops@demo.test)…
    expect(failed.filter((s) => s === 401)).toHaveLength(15);
    expect(failed.filter((s) => s === 429)).toHaveLength(5);
    expect((await signIn('ops@demo.test', DEMO_PASSWORD, office)).statusCode).toBe(429);
    // …while four other people in the office sign in at the same moment, from the same address.
    const others = ['admin@demo.test', 'unverified@demo.test', 'admin@harbor.test', 'admin@expired.test'];
    const results = await Promise.all(others.map((email) => signIn(email, DEMO_PASSWORD, office)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    for (const res of results) expect(res.json().data.accessToken).toEqual(expect.any(String));
  });

  it('still slows a thousand guesses from one address across many accounts', async () => {
    const attacker = '10.3.9.9';
    const statuses: number[] = [];
    let blocked: Awaited<ReturnType<typeof signIn>> | undefined;
    // Ten at a time, as a script would send them.
    for (let i = 0; i < 1000; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, j) => signIn(`victim-${i + j}@demo.test`, 'Summer2026!', attacker)),
      );
      for (const res of batch) {
        statuses.push(res.statusCode);
        if (res.statusCode === 429) blocked ??= res;
      }
    }
    // Only the first hundred or so were even checked (a batch in flight may pass); everything after waits.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(110);
    expect(statuses.slice(-100).every((s) => s === 429)).toBe(true);
    expect(blocked!.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(blocked!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The address is now blocked even for a right password; another address is not.
    expect((await signIn('admin@harbor.test', DEMO_PASSWORD, attacker)).statusCode).toBe(429);
    expect((await signIn('admin@harbor.test', DEMO_PASSWORD, '10.3.9.10')).statusCode).toBe(200);
    // A patient attacker who waits out every block gets 20 more guesses in no less than two hours: the
    // blocks double up to 15 minutes, and waiting one out does not start the count again.
    let waited = 0;
    let guesses = 0;
    while (guesses < 20) {
      const res = await signIn(`patient-${guesses}@demo.test`, 'guess', attacker);
      if (res.statusCode === 429) {
        const seconds = Number(res.headers['retry-after']);
        waited += seconds;
        clock += seconds * 1000;
      } else {
        expect(res.statusCode).toBe(401);
        guesses += 1;
      }
    }
    expect(waited).toBeGreaterThan(2 * 3600);
  }, 300_000);

  it('counts the address a trusted proxy forwards, and the socket’s address otherwise', async () => {
    const { app: behindProxy } = await buildTestApp('iamserver', t.db, {
      now: () => new Date(clock),
      config: { trustProxy: ['10.5.0.1'] },
    });
    try {
      const attempt = (remoteAddress: string, forwarded: string) =>
        behindProxy.inject({
          method: 'POST',
          url: `${base}/auth/login`,
          payload: { emailId: 'nobody@demo.test', password: 'guess' },
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress,
        });
      expect((await attempt('10.5.0.1', '203.0.113.7')).statusCode).toBe(401);
      expect((await attempt('10.5.0.2', '203.0.113.8')).statusCode).toBe(401);
      // Through the default app (no proxy trusted) the header changes nothing either.
      await app.inject({
        method: 'POST',
        url: `${base}/auth/login`,
        payload: { emailId: 'nobody@demo.test', password: 'guess' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '10.5.0.3',
      });
      const { rows } = await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
        tx.query<{ key: string }>("SELECT key FROM login_throttle WHERE key LIKE 'address:%' ORDER BY key"),
      );
      expect(rows.map((r) => r.key)).toEqual(['address:10.5.0.2', 'address:10.5.0.3', 'address:203.0.113.7']);
    } finally {
      await behindProxy.close();
    }
  });

  it('never blocks for longer than 15 minutes, however many failures', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 30; i += 1) {
      await signIn('admin@harbor.test', 'guess', ip);
      clock += 16 * 60 * 1000;
    }
    const res = await signIn('admin@harbor.test', 'guess', ip);
    expect(Number(res.headers['retry-after'] ?? 0)).toBeLessThanOrEqual(15 * 60);
  });
});
