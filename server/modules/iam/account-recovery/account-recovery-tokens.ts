/**
 * The tokens of mailed links: 256 random bits, URL-safe; only their SHA-256 hash is ever stored, so that a
 * copy of the database opens no account.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/database.ts';
import { insertAccountToken, retireTokens, type AccountTokenPurpose } from './account-recovery-repository.ts';

export function hashActionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createActionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashActionToken(token) };
}

/** Lifetimes of the links, in milliseconds. */
export const ACTION_TOKEN_TTL_MS = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
} as const;

/** A second mail of the same kind to the same user within this window is not sent (mail-bombing guard). */
export const ACTION_MAIL_THROTTLE_MS = 60 * 1000;

/**
 * A new link for `purpose`: older ones of that purpose stop working, the token's hash is stored with its
 * expiry, and the token itself is returned once, for the mail.
 */
export async function issueActionToken(
  tx: Queryable,
  input: { purpose: AccountTokenPurpose; companyId: string; userId: string; email: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + ACTION_TOKEN_TTL_MS[input.purpose]);
  await retireTokens(tx, input.userId, input.purpose, input.now);
  const { token, hash } = createActionToken();
  await insertAccountToken(tx, { hash, ...input, expiresAt });
  return { token, expiresAt };
}
