/**
 * Two-factor sign-in (issue 3 item 1): when the company has twoFactorAuth, the password alone yields a
 * challenge, a 6-digit code is mailed, valid 10 minutes and 5 tries, and /auth/verify-code completes it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { startAccountFlowKit, type AccountFlowKit } from '../account-recovery/account-recovery-test-kit.ts';

let kit: AccountFlowKit;

beforeAll(async () => {
  kit = await startAccountFlowKit();
  await kit.system((tx) => tx.query("UPDATE companies SET two_factor_auth = true WHERE name = 'Harbor Logistics'"));
});
afterAll(async () => kit?.close());
beforeEach(async () => {
  kit.resetClock();
  await kit.system((tx) => tx.query('DELETE FROM login_throttle'));
});

async function challenge(): Promise<{ challengeId: string; code: string }> {
  const res = await kit.post('/auth/login', { emailId: 'admin@harbor.test', password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data).toEqual({ twoFactorRequired: true, challengeId: expect.any(String) });
  expect(data.accessToken).toBeUndefined();
  const [mail] = await kit.inbox('admin@harbor.test');
  expect(mail?.subject).toBe('Your Freight Desk sign-in code');
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { challengeId: data.challengeId, code: code! };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('two-factor sign-in', () => {
  it('mails a code and signs in with it, once', async () => {
    const { challengeId, code } = await challenge();
    const ok = await kit.post('/auth/verify-code', { challengeId, code });
    expect(ok.statusCode).toBe(200);
    const { accessToken, refreshToken } = ok.json().data;
    expect(refreshToken.length).toBeGreaterThan(40);
    const me = await kit.iam.inject({
      method: 'GET',
      url: '/iamserver/api/v1/fetch-user',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.json().data[0].emailId).toBe('admin@harbor.test');
    expect((await kit.post('/auth/verify-code', { challengeId, code })).statusCode).toBe(401);
  });

  it('allows 5 tries: the right code after 5 wrong ones is refused', async () => {
    const { challengeId, code } = await challenge();
    for (let i = 0; i < 5; i += 1) {
      const res = await kit.post('/auth/verify-code', { challengeId, code: wrong(code) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    expect((await kit.post('/auth/verify-code', { challengeId, code })).statusCode).toBe(401);
  });

  it('expires the code after 10 minutes', async () => {
    const { challengeId, code } = await challenge();
    kit.advance(10 * 60 * 1000 + 1000);
    expect((await kit.post('/auth/verify-code', { challengeId, code })).statusCode).toBe(401);
  });

  it('rejects malformed codes without counting them as a try', async () => {
    const { challengeId, code } = await challenge();
    for (const bad of ['12345', 'abcdef', '1234567']) {
      const res = await kit.post('/auth/verify-code', { challengeId, code: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await kit.post('/auth/verify-code', { challengeId, code })).statusCode).toBe(200);
  });

  it('never writes the code to a log line', async () => {
    kit.captured.raw.length = 0;
    const { challengeId, code } = await challenge();
    await kit.post('/auth/verify-code', { challengeId, code });
    // As a number of its own: the same six digits may occur by chance inside a timestamp.
    expect(kit.captured.raw.join('')).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
