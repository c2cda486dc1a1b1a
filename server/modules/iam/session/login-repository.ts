/**
 * SQL for signing in: the user behind an e-mail address (across companies, so as the system role),
 * two-factor challenges and the sign-in throttle.
 */
import type { Queryable } from '../../../db/database.ts';
import { findById } from '../../../http/list-sql-repository.ts';

export interface LoginCandidate {
  userId: string;
  companyId: string;
  email: string;
  name: string;
  passwordHash: string | null;
  disabled: boolean;
  twoFactorAuth: boolean;
}

const LOGIN_CANDIDATE_SELECT = `SELECT u.id, u.company_id, u.email, u.name, u.password_hash, u.disabled, c.two_factor_auth
       FROM users u JOIN companies c ON c.id = u.company_id`;

interface LoginCandidateRow {
  id: string;
  company_id: string;
  email: string;
  name: string;
  password_hash: string | null;
  disabled: boolean;
  two_factor_auth: boolean;
}

function toLoginCandidate(row: LoginCandidateRow | undefined): LoginCandidate | undefined {
  return row
    ? {
        userId: row.id,
        companyId: row.company_id,
        email: row.email,
        name: row.name,
        passwordHash: row.password_hash,
        disabled: row.disabled,
        twoFactorAuth: row.two_factor_auth,
      }
    : undefined;
}

export async function findLoginCandidate(tx: Queryable, email: string): Promise<LoginCandidate | undefined> {
  const { rows } = await tx.query<LoginCandidateRow>(`${LOGIN_CANDIDATE_SELECT} WHERE lower(u.email) = lower($1)`, [
    email,
  ]);
  return toLoginCandidate(rows[0]);
}

/** The same, by user id (a challenge or a one-time code names the user, not the address). */
export async function findLoginCandidateById(tx: Queryable, userId: string): Promise<LoginCandidate | undefined> {
  const { rows } = await tx.query<LoginCandidateRow>(`${LOGIN_CANDIDATE_SELECT} WHERE u.id = $1`, [userId]);
  return toLoginCandidate(rows[0]);
}

export async function createTwoFactorChallenge(
  tx: Queryable,
  challenge: { companyId: string; userId: string; codeHash: string; expiresAt: Date; method: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO two_factor_challenges (company_id, user_id, code_hash, expires_at, method)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [challenge.companyId, challenge.userId, challenge.codeHash, challenge.expiresAt, challenge.method],
  );
  return rows[0]!.id;
}

export interface TwoFactorChallenge {
  id: string;
  companyId: string;
  userId: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumed: boolean;
  /** How the first factor was proven (`password`, `google`, …). */
  method: string;
}

interface ChallengeRow {
  id: string;
  company_id: string;
  user_id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed: boolean;
  method: string;
}

const SELECT_CHALLENGE = `SELECT id, company_id, user_id, code_hash, attempts, expires_at, consumed_at IS NOT NULL AS consumed, method
  FROM two_factor_challenges`;

function toChallenge(row: ChallengeRow): TwoFactorChallenge {
  return {
    id: row.id,
    companyId: row.company_id,
    userId: row.user_id,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expiresAt: new Date(row.expires_at),
    consumed: row.consumed,
    method: row.method,
  };
}

/** The challenge, locked until the transaction ends: two answers to one challenge cannot both count. */
export async function lockTwoFactorChallenge(tx: Queryable, id: string): Promise<TwoFactorChallenge | undefined> {
  return findById(tx, SELECT_CHALLENGE, id, toChallenge, { lock: true });
}

export async function recordChallengeAttempt(tx: Queryable, id: string, consumed: boolean): Promise<void> {
  await tx.query(
    `UPDATE two_factor_challenges SET attempts = attempts + 1, consumed_at = CASE WHEN $2 THEN now() ELSE consumed_at END
      WHERE id = $1`,
    [id, consumed],
  );
}

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

/**
 * Locks the throttle rows of `keys` for the rest of the transaction, creating missing ones at zero, so
 * that concurrent tries on one account or address queue here one after the other. Rows are created in
 * the order given and locked in key order; every caller passes one account key and one address key, and
 * `account:` sorts before `address:`, so two tries never wait on each other in a cycle.
 */
export async function lockThrottle(tx: Queryable, keys: string[], now: Date): Promise<Map<string, ThrottleState>> {
  await tx.query(
    `INSERT INTO login_throttle (key, failures, last_failure_at)
     SELECT key, 0, $2 FROM unnest($1::text[]) AS key
     ON CONFLICT (key) DO NOTHING`,
    [keys, now],
  );
  const { rows } = await tx.query<{ key: string; failures: number; last_failure_at: Date; blocked_until: Date | null }>(
    'SELECT key, failures, last_failure_at, blocked_until FROM login_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE',
    [keys],
  );
  return new Map(
    rows.map((r) => [
      r.key,
      {
        failures: r.failures,
        lastFailureAt: new Date(r.last_failure_at),
        blockedUntil: r.blocked_until ? new Date(r.blocked_until) : null,
      },
    ]),
  );
}

export async function writeThrottle(tx: Queryable, key: string, state: ThrottleState): Promise<void> {
  await tx.query('UPDATE login_throttle SET failures = $2, last_failure_at = $3, blocked_until = $4 WHERE key = $1', [
    key,
    state.failures,
    state.lastFailureAt,
    state.blockedUntil,
  ]);
}

/**
 * Gives back one try reserved on `key`: one failure fewer, and the block that try set lifted unless a
 * later try has set another since. A row back at zero and unblocked is removed.
 */
export async function releaseThrottleTry(tx: Queryable, key: string, blockSet: Date | null, now: Date): Promise<void> {
  await tx.query(
    `UPDATE login_throttle SET failures = greatest(failures - 1, 0),
            blocked_until = CASE WHEN blocked_until = $2 THEN NULL ELSE blocked_until END
      WHERE key = $1`,
    [key, blockSet],
  );
  await tx.query(
    'DELETE FROM login_throttle WHERE key = $1 AND failures = 0 AND (blocked_until IS NULL OR blocked_until <= $2)',
    [key, now],
  );
}

export async function clearThrottleKey(tx: Queryable, key: string): Promise<void> {
  await tx.query('DELETE FROM login_throttle WHERE key = $1', [key]);
}
