/**
 * Invitations end to end: `inviteUser` in the transaction that creates the user (as `POST /users` will call
 * it), the mailed link, choosing the first password, single use, expiry and rollback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../db/database.ts';
import { startAccountFlowKit, linkToken, type AccountFlowKit } from './account-recovery-test-kit.ts';
import { inviteUser } from './invitation-service.ts';

const RESET_PATH = '/account-reset/confirm';
let kit: AccountFlowKit;
let demo: { companyId: string; adminId: string };

beforeAll(async () => {
  kit = await startAccountFlowKit();
  demo = await kit.system(async (tx) => {
    const { rows } = await tx.query<{ company_id: string; id: string }>(
      "SELECT company_id, id FROM users WHERE email = 'admin@demo.test'",
    );
    return { companyId: rows[0]!.company_id, adminId: rows[0]!.id };
  });
});
afterAll(async () => kit?.close());
afterEach(() => kit.advance(5 * 60_000));

/** What `POST /users` does: create the user and invite them, in one tenant transaction of the admin. */
function createAndInvite(email: string, fail = false): Promise<string> {
  return kit.t.db.transaction({ role: 'freight_app', companyId: demo.companyId, userId: demo.adminId }, async (tx) => {
    const userId = await insertUser(tx, email);
    await inviteUser(tx, kit.deps, {
      companyId: demo.companyId,
      userId,
      email,
      invitedByName: 'Ada <Admin>',
      requestId: 'req-invite-1',
    });
    if (fail) throw new Error('the rest of the user creation failed');
    return userId;
  });
}

async function insertUser(tx: Queryable, email: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO users (company_id, email, name) VALUES ($1, $2, $3) RETURNING id',
    [demo.companyId, email, 'New Colleague'],
  );
  return rows[0]!.id;
}

const userRow = (email: string) =>
  kit.system(async (tx) => {
    const { rows } = await tx.query<{ password_hash: string | null; email_verified: boolean }>(
      'SELECT password_hash, email_verified FROM users WHERE email = $1',
      [email],
    );
    return rows[0];
  });

describe('invitations', () => {
  it('mails a seven-day link with which the new user chooses a first password and signs in', async () => {
    const email = 'new.colleague@demo.test';
    const userId = await createAndInvite(email);
    const [mail] = await kit.inbox(email);
    expect(mail!.subject).toBe('Ada <Admin> invited you to Freight Desk');
    expect(mail!.text).toContain('Ada <Admin> invited you to join Demo Freight on Freight Desk.');
    expect(mail!.html).toContain('Ada &lt;Admin&gt;');
    expect(mail!.html).not.toContain('<Admin>');
    const token = linkToken(mail!, RESET_PATH);
    expect(mail!.text).toContain(`${kit.deps.config.publicWebUrl}${RESET_PATH}?token=${token}&invite=1`);

    expect((await kit.post('/auth/valid-url', { token })).json()).toEqual({ data: { valid: true, emailId: email } });
    // A reset is not an invitation: the reset call does not take an invitation token.
    const wrongCall = await kit.post('/auth/reset-password', { token, password: 'Harbour-Crane-42' });
    expect(wrongCall.json().code).toBe('ACTION_TOKEN_INVALID');

    const weak = await kit.post('/auth/accept-invitation', { token, password: 'abc123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.password' }] });
    expect(await userRow(email)).toEqual({ password_hash: null, email_verified: false });

    const res = await kit.post('/auth/accept-invitation', { token, password: 'Harbour-Crane-42' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true, emailId: email } });
    expect(await userRow(email)).toEqual({ password_hash: expect.stringMatching(/^scrypt\$/), email_verified: true });
    await expect(kit.signIn(email, 'Harbour-Crane-42')).resolves.toEqual(expect.any(String));

    const again = await kit.post('/auth/accept-invitation', { token, password: 'Other-Crane-43' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('ACTION_TOKEN_INVALID');

    const audit = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ action: string; actor_user_id: string; request_id: string | null }>(
        "SELECT action, actor_user_id, request_id, changes FROM audit_log WHERE entity_id = $1 AND action LIKE 'auth.invitation%' ORDER BY id",
        [userId],
      );
      return rows;
    });
    expect(audit.map((a) => [a.action, a.actor_user_id])).toEqual([
      ['auth.invitation_sent', demo.adminId],
      ['auth.invitation_accepted', userId],
    ]);
    expect(audit[0]!.request_id).toBe('req-invite-1');
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(audit)).not.toContain('Harbour-Crane-42');
  });

  it('keeps the invitation mail out of the company’s own mail list', async () => {
    await createAndInvite('listed.not@demo.test');
    const visible = await kit.t.db.transaction({ role: 'freight_app', companyId: demo.companyId }, async (tx) =>
      tx.query("SELECT id FROM mail_outbox WHERE kind = 'invitation'"),
    );
    expect(visible.rows).toEqual([]);
  });

  it('sends nothing and leaves no link when the user creation rolls back', async () => {
    const email = 'rolled.back@demo.test';
    await expect(createAndInvite(email, true)).rejects.toThrow('the rest of the user creation failed');
    expect(await kit.inbox(email)).toEqual([]);
    const tokens = await kit.system(async (tx) => tx.query('SELECT 1 FROM account_tokens WHERE email = $1', [email]));
    expect(tokens.rows).toEqual([]);
  });

  it('refuses a link older than seven days, and a resent invitation replaces the first', async () => {
    const email = 'late.colleague@demo.test';
    const userId = await createAndInvite(email);
    const first = linkToken((await kit.inbox(email))[0]!, RESET_PATH);
    kit.advance(7 * 24 * 3600_000 + 1_000);
    const late = await kit.post('/auth/accept-invitation', { token: first, password: 'Harbour-Crane-42' });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('ACTION_TOKEN_EXPIRED');
    expect(await userRow(email)).toEqual({ password_hash: null, email_verified: false });

    await kit.t.db.transaction({ role: 'freight_app', companyId: demo.companyId, userId: demo.adminId }, (tx) =>
      inviteUser(tx, kit.deps, { companyId: demo.companyId, userId, email, invitedByName: 'Ada' }),
    );
    const second = linkToken((await kit.inbox(email))[0]!, RESET_PATH);
    expect(second).not.toBe(first);
    expect((await kit.post('/auth/valid-url', { token: first })).json().data.valid).toBe(false);
    const ok = await kit.post('/auth/accept-invitation', { token: second, password: 'Harbour-Crane-42' });
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    [{ token: 'x'.repeat(43) }, 'VALIDATION_FAILED'],
    [{ token: 'x'.repeat(43), password: 'Harbour-Crane-42', emailVerified: true }, 'VALIDATION_FAILED'],
    [{ token: ['x'.repeat(43)], password: 'Harbour-Crane-42' }, 'VALIDATION_FAILED'],
    [{ token: 'x'.repeat(43), password: 'Harbour-Crane-42' }, 'ACTION_TOKEN_INVALID'],
  ])('refuses accept-invitation %j with %s', async (body, code) => {
    const res = await kit.post('/auth/accept-invitation', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });
});
