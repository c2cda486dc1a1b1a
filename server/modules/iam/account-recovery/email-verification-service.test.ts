/**
 * E-mail verification end to end: the signed-in user asks for a link, reads it in the local mailbox and
 * follows it; the link works once and for 24 hours.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAccountFlowKit, linkToken, type AccountFlowKit } from './account-recovery-test-kit.ts';

const DEMO_PASSWORD = 'Freight!2026';
const VERIFY_PATH = '/verify-email';
let kit: AccountFlowKit;

beforeAll(async () => {
  kit = await startAccountFlowKit();
});
afterAll(async () => kit?.close());
afterEach(() => kit.advance(5 * 60_000));

const verified = (email: string) =>
  kit.system(
    async (tx) =>
      (await tx.query<{ v: boolean }>('SELECT email_verified AS v FROM users WHERE email = $1', [email])).rows[0]!.v,
  );

const sendVerifyEmail = (access?: string, body: unknown = {}) =>
  kit.post('/auth/send-verify-email', body, access ? { authorization: `Bearer ${access}` } : {});

async function resetVerified(email: string): Promise<void> {
  await kit.system((tx) => tx.query('UPDATE users SET email_verified = false WHERE email = $1', [email]));
}

describe('e-mail verification', () => {
  it('mails the signed-in user a link that verifies the address once', async () => {
    const email = 'unverified@demo.test';
    const access = await kit.signIn(email, DEMO_PASSWORD);
    expect(await verified(email)).toBe(false);

    const res = await sendVerifyEmail(access);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { ok: true } });
    const [mail] = await kit.inbox(email);
    expect(mail!.subject).toBe('Verify your e-mail address for Freight Desk');
    const token = linkToken(mail!, VERIFY_PATH);
    expect(mail!.text).toContain(`${kit.deps.config.publicWebUrl}${VERIFY_PATH}?token=${token}`);

    const done = await kit.post('/auth/verify-email', { token }, { 'x-request-id': 'req-verify-1' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { ok: true, emailId: email } });
    expect(await verified(email)).toBe(true);

    const again = await kit.post('/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('ACTION_TOKEN_INVALID');

    const audit = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ action: string; request_id: string | null; changes: unknown }>(
        `SELECT a.action, a.request_id, a.changes FROM audit_log a JOIN users u ON u.id::text = a.entity_id
          WHERE u.email = $1 AND a.action LIKE 'auth.email_%' ORDER BY a.id`,
        [email],
      );
      return rows;
    });
    expect(audit.map((a) => a.action)).toEqual(['auth.email_verification_sent', 'auth.email_verified']);
    expect(audit[1]!.request_id).toBe('req-verify-1');
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(kit.captured.raw.join('')).not.toContain(token);
  });

  it('sends nothing to an already verified address', async () => {
    const access = await kit.signIn('ops@demo.test', DEMO_PASSWORD);
    const res = await sendVerifyEmail(access);
    expect(res.statusCode).toBe(202);
    expect(await kit.inbox('ops@demo.test')).toEqual([]);
  });

  it('refuses a link older than 24 hours', async () => {
    const email = 'admin@harbor.test';
    await resetVerified(email);
    const access = await kit.signIn(email, DEMO_PASSWORD);
    expect((await sendVerifyEmail(access)).statusCode).toBe(202);
    const token = linkToken((await kit.inbox(email))[0]!, VERIFY_PATH);
    kit.advance(24 * 3600_000 + 1_000);
    const res = await kit.post('/auth/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ACTION_TOKEN_EXPIRED');
    expect(await verified(email)).toBe(false);
  });

  it('does not verify an address that changed after the link was sent', async () => {
    const email = 'admin@expired.test';
    await resetVerified(email);
    const access = await kit.signIn(email, DEMO_PASSWORD);
    await sendVerifyEmail(access);
    const token = linkToken((await kit.inbox(email))[0]!, VERIFY_PATH);
    await kit.system((tx) => tx.query("UPDATE users SET email = 'renamed@expired.test' WHERE email = $1", [email]));
    try {
      const res = await kit.post('/auth/verify-email', { token });
      expect(res.json().code).toBe('ACTION_TOKEN_INVALID');
      expect(await verified('renamed@expired.test')).toBe(false);
    } finally {
      await kit.system((tx) => tx.query("UPDATE users SET email = $1 WHERE email = 'renamed@expired.test'", [email]));
    }
  });

  it('needs a signed-in user', async () => {
    const res = await sendVerifyEmail();
    expect(res.statusCode).toBe(401);
    const forged = await sendVerifyEmail('not-a-token');
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    [{ token: 123 }, 'VALIDATION_FAILED'],
    [{ token: 'x'.repeat(43), extra: true }, 'VALIDATION_FAILED'],
    [{}, 'VALIDATION_FAILED'],
    [{ token: 'x'.repeat(43) }, 'ACTION_TOKEN_INVALID'],
  ])('refuses verify-email %j with %s', async (body, code) => {
    const res = await kit.post('/auth/verify-email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('refuses unknown fields when asking for a link', async () => {
    const access = await kit.signIn('unverified@demo.test', DEMO_PASSWORD);
    const res = await sendVerifyEmail(access, { emailId: 'someone-else@example.test' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(await kit.inbox('someone-else@example.test')).toEqual([]);
  });
});
