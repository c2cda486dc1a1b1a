/**
 * `Idempotency-Key` as callers meet it, on the real iamserver routes and database: a key belongs to its
 * company and user, the stored fingerprint is an HMAC that leaves secrets out (a password change keeps no
 * digest of its body), and a key older than the window is a new write, swept away by the hourly sweep.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_RETENTION_MS } from '../../src/shared/idempotency-window.ts';
import { IAM, signIn } from '../modules/iam/iam-resources-test-kit.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { setUpTestApp } from '../testing/test-apps.ts';
import type { TestDatabase } from '../testing/test-database.ts';
import type { App } from './build-service-app.ts';
import { fingerprintSecret, requestFingerprint, sweepExpiredIdempotencyKeys } from './idempotency.ts';

let t: TestDatabase;
let iam: App;

setUpTestApp('iamserver', (built) => ({ t, app: iam } = built));

type Who = { authorization: string };

const preferences = (timeZone: string) => ({
  language: 'es',
  dateFormat: 'iso',
  numberFormat: 'comma',
  timeZone,
  theme: 'dark',
  toasts: { notifications: false, mail: true },
});

const putPreferences = (who: Who, key: string, body: object) =>
  iam.inject({
    method: 'PUT',
    url: `${IAM}/profile/preferences`,
    headers: { ...who, 'idempotency-key': key },
    payload: body,
  });

async function preferencesOf(who: Who): Promise<unknown> {
  const res = await iam.inject({ method: 'GET', url: `${IAM}/profile/preferences`, headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

interface KeyRow {
  company_id: string;
  user_id: string;
  key: string;
  method: string;
  path: string;
  request_fingerprint: string;
  status_code: number;
  response: unknown;
  created_at: string;
}

async function keyRows(key: string): Promise<KeyRow[]> {
  return t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const { rows } = await tx.query<KeyRow>(
      `SELECT company_id::text, user_id::text, key, method, path, request_fingerprint, status_code,
              response::text AS response, created_at::text
         FROM idempotency_keys WHERE key = $1 ORDER BY created_at`,
      [key],
    );
    return rows;
  });
}

/** Moves a stored key `ms` into the past, as if it had been sent then. */
async function age(key: string, ms: number): Promise<void> {
  await t.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    tx.query('UPDATE idempotency_keys SET created_at = $2 WHERE key = $1', [
      key,
      new Date(Date.now() - ms).toISOString(),
    ]),
  );
}

const PAST_THE_WINDOW = IDEMPOTENCY_KEY_RETENTION_MS + 60_000;

describe('Idempotency-Key', () => {
  it('belongs to its user: two users of one company with the same key each get their own write', async () => {
    const admin = await signIn(iam, 'admin@demo.test');
    const ops = await signIn(iam, 'ops@demo.test');
    const body = preferences('Asia/Tokyo');

    const first = await putPreferences(admin, 'shared-key-1', body);
    expect(first.statusCode, first.body).toBe(200);
    const second = await putPreferences(ops, 'shared-key-1', body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await preferencesOf(ops)).toEqual(body);
    expect(await preferencesOf(admin)).toEqual(body);
    expect(new Set((await keyRows('shared-key-1')).map((r) => r.user_id)).size).toBe(2);

    // Within one user's key, nothing changed: the same request replays, another request is refused.
    const retry = await putPreferences(ops, 'shared-key-1', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(second.json());
    const other = await putPreferences(admin, 'shared-key-1', preferences('Europe/Madrid'));
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await preferencesOf(admin)).toEqual(body);
  });

  it('a password change keeps no digest of the passwords with its key; sign-in keeps nothing', async () => {
    const harbor = await signIn(iam, 'admin@harbor.test');
    const change = async (key: string, currentPassword: string, newPassword: string) => {
      const res = await iam.inject({
        method: 'POST',
        url: `${IAM}/profile/password`,
        headers: { ...harbor, 'idempotency-key': key },
        payload: { currentPassword, newPassword },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const firstPassword = 'Harbor-Secret-2027!';
    const secondPassword = 'Another-Secret-2028?';
    await change('password-key-1', DEMO_PASSWORD, firstPassword);
    await change('password-key-2', firstPassword, secondPassword);

    const [one] = await keyRows('password-key-1');
    const [two] = await keyRows('password-key-2');
    expect(one && two).toBeTruthy();
    // Two different bodies, one fingerprint: nothing of the body is in it.
    expect(one!.request_fingerprint).toBe(two!.request_fingerprint);
    const stored = JSON.stringify([one, two]);
    for (const secret of [DEMO_PASSWORD, firstPassword, secondPassword]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(createHash('sha256').update(secret).digest('hex'));
    }

    // A retry of the first change, whatever it carries, is its stored answer; the password stays the second.
    const retry = await change('password-key-1', DEMO_PASSWORD, firstPassword);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const login = await iam.inject({
      method: 'POST',
      url: `${IAM}/auth/login`,
      headers: { 'idempotency-key': 'sign-in-key-1' },
      payload: { emailId: 'admin@harbor.test', password: secondPassword },
      remoteAddress: '10.99.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await keyRows('sign-in-key-1')).toEqual([]);
  });

  it('is a new write once it is older than the window, and the sweep deletes it', async () => {
    const admin = await signIn(iam, 'admin@demo.test');
    expect((await putPreferences(admin, 'old-key-1', preferences('America/Lima'))).statusCode).toBe(200);
    await age('old-key-1', PAST_THE_WINDOW);

    const later = preferences('Africa/Nairobi');
    const again = await putPreferences(admin, 'old-key-1', later);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await preferencesOf(admin)).toEqual(later);
    expect(await keyRows('old-key-1')).toHaveLength(1);

    // Just inside the window the key still replays.
    await age('old-key-1', IDEMPOTENCY_KEY_RETENTION_MS - 60_000);
    const retry = await putPreferences(admin, 'old-key-1', later);
    expect(retry.headers['idempotent-replayed']).toBe('true');

    expect((await putPreferences(admin, 'old-key-2', later)).statusCode).toBe(200);
    await age('old-key-2', PAST_THE_WINDOW);
    const swept = await sweepExpiredIdempotencyKeys(t.db, new Date());
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await keyRows('old-key-2')).toEqual([]);
    expect(await keyRows('old-key-1')).toHaveLength(1);
  });

  it('fingerprints with an HMAC under its own server secret, leaving secret fields out', async () => {
    const secret = await fingerprintSecret(t.db);
    const stored = await t.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
      const { rows } = await tx.query<{ name: string; value: string }>('SELECT name, value FROM server_secrets');
      return new Map(rows.map((r) => [r.name, r.value]));
    });
    expect(new TextDecoder().decode(secret)).toBe(stored.get('idempotency_fingerprint_key'));
    expect(stored.get('idempotency_fingerprint_key')).not.toBe(stored.get('access_token_hmac_key'));

    const request = (body: unknown) => ({
      method: 'POST',
      url: '/x',
      routeOptions: { url: '/x' },
      params: {},
      query: {},
      headers: {},
      body,
    });
    const print = (body: unknown, key = secret) => requestFingerprint(key, request(body));
    const base = print({ name: 'a', password: 'one', nested: [{ refreshToken: 'r1' }] });
    expect(print({ name: 'a', password: 'two', nested: [{ refreshToken: 'r2' }] })).toBe(base);
    expect(print({ name: 'b', password: 'one', nested: [{ refreshToken: 'r1' }] })).not.toBe(base);
    expect(print({ name: 'a', password: 'one', nested: [{ refreshToken: 'r1' }] }, new Uint8Array(48))).not.toBe(base);
  });
});
