/**
 * Password reset end to end through the API and the local mailbox: the link, its single use and expiry,
 * the sessions it ends, no account enumeration, the password policy, and bad input.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAccountFlowKit, IAM, linkToken, type AccountFlowKit } from './account-recovery-test-kit.ts';

const DEMO_PASSWORD = 'Freight!2026';
const RESET_PATH = '/account-reset/confirm';
let kit: AccountFlowKit;

beforeAll(async () => {
  kit = await startAccountFlowKit();
});
afterAll(async () => kit?.close());
// The clock only moves forward, past the one-mail-a-minute throttle between tests.
afterEach(() => kit.advance(5 * 60_000));

async function userRow(email: string) {
  return kit.system(async (tx) => {
    const { rows } = await tx.query<{ id: string; password_hash: string; email_verified: boolean; version: number }>(
      'SELECT id, password_hash, email_verified, version FROM users WHERE email = $1',
      [email],
    );
    return rows[0]!;
  });
}

const outboxCount = () =>
  kit.system(async (tx) => Number((await tx.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox')).rows[0]!.n));

/** Asks for a link and returns its token, read from the mail. */
async function requestLink(email: string): Promise<string> {
  const res = await kit.post('/auth/reset-password-link', { emailId: email });
  expect(res.statusCode).toBe(202);
  const [mail] = await kit.inbox(email);
  return linkToken(mail!, RESET_PATH);
}

describe('asking for a reset link', () => {
  it('mails a one-hour link to the web app and stores only the token’s hash', async () => {
    const res = await kit.post('/auth/reset-password-link', { emailId: 'Ops@Demo.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { ok: true } });

    const mails = await kit.inbox('ops@demo.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Reset your Freight Desk password');
    expect(mail.to).toBe('ops@demo.test');
    const token = linkToken(mail, RESET_PATH);
    expect(mail.text).toContain(`${kit.deps.config.publicWebUrl}${RESET_PATH}?token=${token}`);
    expect(mail.html).toContain(`${RESET_PATH}?token=${token}`);

    const stored = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
        "SELECT token_hash, expires_at, created_at FROM account_tokens WHERE purpose = 'password_reset' AND email = 'ops@demo.test'",
      );
      return rows;
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(new Date(stored[0]!.expires_at).getTime() - new Date(stored[0]!.created_at).getTime()).toBe(3600_000);
    // The token itself is nowhere in the tokens table.
    const dump = await kit.system(async (tx) => JSON.stringify((await tx.query('SELECT * FROM account_tokens')).rows));
    expect(dump).not.toContain(token);
  });

  it('answers the same for an unknown or disabled address and mails nothing', async () => {
    await kit.system((tx) =>
      tx.query(
        `INSERT INTO users (company_id, email, name, password_hash, disabled)
         SELECT company_id, 'gone@demo.test', 'Gone', password_hash, true FROM users WHERE email = 'admin@demo.test'`,
      ),
    );
    const before = await outboxCount();
    const known = await kit.post('/auth/reset-password-link', { emailId: 'admin@harbor.test' });
    for (const emailId of ['nobody@demo.test', 'gone@demo.test']) {
      const res = await kit.post('/auth/reset-password-link', { emailId });
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    expect(await outboxCount()).toBe(before + 1);
    expect(await kit.inbox('nobody@demo.test')).toEqual([]);
    expect(await kit.inbox('gone@demo.test')).toEqual([]);
  });

  it('sends at most one mail a minute, and a newer link replaces the older one', async () => {
    const email = 'admin@expired.test';
    const first = await requestLink(email);
    await kit.post('/auth/reset-password-link', { emailId: email });
    expect(await kit.inbox(email)).toHaveLength(1);

    kit.advance(61_000);
    const second = await requestLink(email);
    expect(second).not.toBe(first);
    expect(await kit.inbox(email)).toHaveLength(2);
    expect((await kit.post('/auth/valid-url', { token: first })).json()).toEqual({ data: { valid: false } });
    expect((await kit.post('/auth/valid-url', { token: second })).json()).toEqual({
      data: { valid: true, emailId: email },
    });
  });
});

describe('resetting the password with the link', () => {
  it('sets the new password, uses the link up, ends every session and writes the audit log', async () => {
    const email = 'admin@demo.test';
    const oldAccess = await kit.signIn(email, DEMO_PASSWORD);
    await kit.signIn(email, DEMO_PASSWORD);
    const before = await userRow(email);
    const token = await requestLink(email);

    expect((await kit.post('/auth/valid-url', { token })).json()).toEqual({ data: { valid: true, emailId: email } });
    const res = await kit.post(
      '/auth/reset-password',
      { token, password: 'Harbour-Crane-42' },
      { 'x-request-id': 'req-reset-1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, emailId: email } });

    const after = await userRow(email);
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.password_hash).toMatch(/^scrypt\$/);
    expect(after.version).toBe(before.version + 1);

    const sessions = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ revoked_at: Date | null; revoked_reason: string | null }>(
        'SELECT revoked_at, revoked_reason FROM sessions WHERE user_id = $1',
        [after.id],
      );
      return rows;
    });
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    for (const s of sessions) {
      expect(s.revoked_at).not.toBeNull();
      expect(s.revoked_reason).toBe('password_reset');
    }
    const stale = await kit.iam.inject({
      method: 'GET',
      url: `${IAM}/fetch-user`,
      headers: { authorization: `Bearer ${oldAccess}` },
    });
    expect(stale.statusCode).toBe(401);

    // The new password signs in; the old one does not.
    await expect(kit.signIn(email, 'Harbour-Crane-42')).resolves.toEqual(expect.any(String));
    expect((await kit.post('/auth/login', { emailId: email, password: DEMO_PASSWORD })).statusCode).toBe(401);

    // Single use.
    expect((await kit.post('/auth/valid-url', { token })).json()).toEqual({ data: { valid: false } });
    const again = await kit.post('/auth/reset-password', { token, password: 'Another-Crane-43' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('ACTION_TOKEN_INVALID');
    expect((await userRow(email)).password_hash).toBe(after.password_hash);

    const audit = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ action: string; actor_user_id: string; entity: string; request_id: string }>(
        `SELECT action, actor_user_id, entity, entity_id, changes, request_id FROM audit_log
          WHERE entity_id = $1 AND action LIKE 'auth.password_reset%' ORDER BY id`,
        [after.id],
      );
      return rows;
    });
    expect(audit.map((a) => a.action)).toEqual(['auth.password_reset_requested', 'auth.password_reset']);
    expect(audit[1]).toMatchObject({ actor_user_id: after.id, entity: 'user', request_id: 'req-reset-1' });
    const auditText = JSON.stringify(audit);
    expect(auditText).not.toContain(token);
    expect(auditText).not.toContain('Harbour-Crane-42');

    const logs = kit.captured.raw.join('');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('Harbour-Crane-42');
  });

  it('refuses an expired link and changes nothing', async () => {
    const email = 'admin@harbor.test';
    kit.advance(2 * 60_000);
    const token = await requestLink(email);
    const before = await userRow(email);
    kit.advance(60 * 60_000 + 1_000);
    expect((await kit.post('/auth/valid-url', { token })).json()).toEqual({ data: { valid: false } });
    const res = await kit.post('/auth/reset-password', { token, password: 'Harbour-Crane-42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ACTION_TOKEN_EXPIRED');
    expect(res.body).not.toContain(token);
    expect(await userRow(email)).toEqual(before);
  });

  it.each([
    ['too short', 'Ab1!', /at least 6 characters/],
    ['a common breached password', 'password1', /too common/],
    ['a common password in other case', 'Qwerty123', /too common/],
  ])('refuses a password that is %s, keeping the link usable', async (_label, password, message) => {
    const email = 'unverified@demo.test';
    const token = await requestLink(email);
    const before = await userRow(email);
    const res = await kit.post('/auth/reset-password', { token, password });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual([{ path: 'body.password', message: expect.stringMatching(message) }]);
    expect(res.body).not.toContain(password);
    expect(await userRow(email)).toEqual(before);
    expect((await kit.post('/auth/valid-url', { token })).json().data.valid).toBe(true);
  });
});

describe('bad input', () => {
  it.each([
    ['/auth/reset-password-link', '{"emailId": "x@y.test",', 'MALFORMED_JSON'],
    ['/auth/reset-password-link', { emailId: 'not-an-address' }, 'VALIDATION_FAILED'],
    ['/auth/reset-password-link', { emailId: 'admin@demo.test', admin: true }, 'VALIDATION_FAILED'],
    ['/auth/reset-password-link', { emailId: ['admin@demo.test'] }, 'VALIDATION_FAILED'],
    ['/auth/reset-password-link', {}, 'VALIDATION_FAILED'],
    ['/auth/valid-url', { token: 42 }, 'VALIDATION_FAILED'],
    ['/auth/valid-url', { token: 'short' }, 'VALIDATION_FAILED'],
    ['/auth/reset-password', { token: 'x'.repeat(43) }, 'VALIDATION_FAILED'],
    ['/auth/reset-password', { token: 'x'.repeat(43), password: 'Harbour-Crane-42', userId: 'u' }, 'VALIDATION_FAILED'],
    ['/auth/reset-password', { token: 'x'.repeat(43), password: 12345678 }, 'VALIDATION_FAILED'],
    ['/auth/reset-password', { token: 'x'.repeat(43), password: 'Harbour-Crane-42' }, 'ACTION_TOKEN_INVALID'],
  ])('POST %s %j → 400 %s, nothing stored', async (path, body, code) => {
    const before = await outboxCount();
    const hashes = await kit.system(async (tx) =>
      JSON.stringify((await tx.query('SELECT password_hash FROM users ORDER BY id')).rows),
    );
    const res = await kit.post(path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await outboxCount()).toBe(before);
    expect(
      await kit.system(async (tx) =>
        JSON.stringify((await tx.query('SELECT password_hash FROM users ORDER BY id')).rows),
      ),
    ).toBe(hashes);
  });

  it('refuses a form body', async () => {
    const res = await kit.post('/auth/reset-password-link', 'emailId=admin@demo.test', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
  });
});
