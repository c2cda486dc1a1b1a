/**
 * SQL for social sign-in: the one-time codes of the redirect flow. They are created and redeemed as the
 * system role (the company is not known from a code until it is found).
 */
import type { Queryable } from '../../../db/database.ts';

export async function insertSignInCode(
  tx: Queryable,
  code: { hash: string; companyId: string; userId: string; provider: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO social_sign_in_codes (code_hash, company_id, user_id, provider, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [code.hash, code.companyId, code.userId, code.provider, code.expiresAt],
  );
}

/** Codes expired for more than a day are of no use even to an investigation; keeps the table small. */
export async function deleteStaleSignInCodes(tx: Queryable, now: Date): Promise<void> {
  await tx.query(`DELETE FROM social_sign_in_codes WHERE expires_at < $1::timestamptz - interval '1 day'`, [now]);
}

export interface RedeemedSignInCode {
  userId: string;
  companyId: string;
  provider: string;
}

/**
 * Marks the code used and returns whom it names, in one statement, so that two concurrent exchanges of
 * the same code cannot both succeed. Undefined when the code is unknown, used or expired; the caller
 * checks the user (disabled, two-factor) as for any other sign-in.
 */
export async function redeemSignInCode(
  tx: Queryable,
  hash: string,
  now: Date,
): Promise<RedeemedSignInCode | undefined> {
  const { rows } = await tx.query<{ user_id: string; company_id: string; provider: string }>(
    `UPDATE social_sign_in_codes SET consumed_at = $2
      WHERE code_hash = $1 AND consumed_at IS NULL AND expires_at > $2
      RETURNING user_id, company_id, provider`,
    [hash, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, companyId: row.company_id, provider: row.provider } : undefined;
}
