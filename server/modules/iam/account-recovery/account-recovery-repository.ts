/**
 * SQL of the mail-borne account flows (password reset, e-mail verification, invitations): the single-use
 * link tokens (table `account_tokens`, stored as SHA-256 hashes), the user fields they change, session
 * revocation and the audit log.
 */
import type { Queryable } from '../../../db/database.ts';

export type AccountTokenPurpose = 'password_reset' | 'email_verification' | 'invitation';

export interface AccountUser {
  id: string;
  companyId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  disabled: boolean;
}

interface UserRow {
  id: string;
  company_id: string;
  email: string;
  name: string;
  email_verified: boolean;
  disabled: boolean;
}

const USER_COLUMNS = 'id, company_id, email, name, email_verified, disabled';

function toUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    companyId: row.company_id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    disabled: row.disabled,
  };
}

/** Across companies (system role): addresses are unique product-wide. */
export async function findUserByEmail(tx: Queryable, email: string): Promise<AccountUser | undefined> {
  const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function findUserById(tx: Queryable, userId: string): Promise<AccountUser | undefined> {
  const { rows } = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function findCompanyName(tx: Queryable, companyId: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId]);
  return rows[0]?.name;
}

/** Whether a token of `purpose` was issued to the user after `since` (mail throttling). */
export async function tokenIssuedSince(
  tx: Queryable,
  userId: string,
  purpose: AccountTokenPurpose,
  since: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND created_at > $3 LIMIT 1',
    [userId, purpose, since],
  );
  return rows.length > 0;
}

/** Uses up every outstanding token of `purpose` for the user: a newer link, or the action done, replaces them. */
export async function retireTokens(
  tx: Queryable,
  userId: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE account_tokens SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL',
    [userId, purpose, now],
  );
}

export async function insertAccountToken(
  tx: Queryable,
  token: {
    hash: string;
    purpose: AccountTokenPurpose;
    companyId: string;
    userId: string;
    email: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO account_tokens (token_hash, purpose, company_id, user_id, email, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [token.hash, token.purpose, token.companyId, token.userId, token.email, token.expiresAt, token.now],
  );
}

export interface TokenHolder {
  companyId: string;
  userId: string;
  email: string;
  expiresAt: Date;
  user: AccountUser;
}

interface TokenHolderRow extends UserRow {
  token_company_id: string;
  token_email: string;
  expires_at: Date | string;
}

/**
 * The token's holder if the token is unused, of one of `purposes`, still addressed to the user's current
 * e-mail and the user is enabled; expiry is left to the caller (so that it can say "expired").
 */
export async function findUnusedToken(
  tx: Queryable,
  hash: string,
  purposes: AccountTokenPurpose[],
): Promise<TokenHolder | undefined> {
  const { rows } = await tx.query<TokenHolderRow>(
    `SELECT u.id, u.company_id, u.email, u.name, u.email_verified, u.disabled,
            t.company_id AS token_company_id, t.email AS token_email, t.expires_at
       FROM account_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.purpose = ANY($2) AND t.consumed_at IS NULL
        AND lower(u.email) = lower(t.email) AND NOT u.disabled`,
    [hash, purposes],
  );
  const row = rows[0];
  return row
    ? {
        companyId: row.token_company_id,
        userId: row.id,
        email: row.token_email,
        expiresAt: new Date(row.expires_at),
        user: toUser(row),
      }
    : undefined;
}

/**
 * Uses the token up, once: of two concurrent callers only one gets the row back. Returns when it expires,
 * so that the caller can refuse (and roll back) an expired one.
 */
export async function consumeToken(
  tx: Queryable,
  hash: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const { rows } = await tx.query<{ user_id: string; expires_at: Date | string }>(
    `UPDATE account_tokens SET consumed_at = $3
      WHERE token_hash = $1 AND purpose = $2 AND consumed_at IS NULL
      RETURNING user_id, expires_at`,
    [hash, purpose, now],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, expiresAt: new Date(row.expires_at) } : undefined;
}

/** Sets a new password hash; following a mailed link also proves the address, so it is marked verified. */
export async function setPasswordAndVerifyEmail(
  tx: Queryable,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE users SET password_hash = $2, email_verified = true, version = version + 1, updated_at = $3
      WHERE id = $1`,
    [userId, passwordHash, now],
  );
}

export async function markEmailVerified(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx.query(
    'UPDATE users SET email_verified = true, version = version + 1, updated_at = $2 WHERE id = $1 AND NOT email_verified',
    [userId, now],
  );
}

/** Revokes every live session of the user; returns how many. */
export async function revokeAllSessions(tx: Queryable, userId: string, reason: string): Promise<number> {
  const { affectedRows } = await tx.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
  );
  return affectedRows;
}

export interface AccountAuditEntry {
  companyId: string;
  /** Defaults to the transaction's acting user (`app.user_id`). */
  actorUserId?: string | null;
  action: string;
  entityId: string;
  /** What changed; never a password, a hash or a token. */
  changes: Record<string, unknown>;
  requestId: string | null;
}

export async function insertAccountAudit(tx: Queryable, entry: AccountAuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (company_id, actor_user_id, action, entity, entity_id, changes, request_id)
     VALUES ($1, COALESCE($2::uuid, app_user_id()), $3, 'user', $4, $5, $6)`,
    [
      entry.companyId,
      entry.actorUserId ?? null,
      entry.action,
      entry.entityId,
      JSON.stringify(entry.changes),
      entry.requestId,
    ],
  );
}
