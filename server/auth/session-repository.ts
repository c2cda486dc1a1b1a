/**
 * SQL for sessions and refresh tokens. Lookups by refresh token run as the system role (the company is
 * not known until the token is found); everything keyed by a verified access token runs inside that
 * token's company.
 */
import type { Permissions } from '../../src/shared/permissions.ts';
import type { Database, Queryable } from '../db/database.ts';

export interface SessionPrincipal {
  userId: string;
  companyId: string;
  email: string;
  roleId: string | null;
  permissions: Permissions;
  isSuperAdmin: boolean;
  subscriptionExpired: boolean;
  sessionRevoked: boolean;
  userDisabled: boolean;
}

interface PrincipalRow {
  user_id: string;
  company_id: string;
  email: string;
  role_id: string | null;
  permissions: Permissions | null;
  is_super_admin: boolean;
  expired: boolean;
  revoked: boolean;
  disabled: boolean;
}

function toSessionPrincipal(row: PrincipalRow | undefined): SessionPrincipal | undefined {
  if (!row) return undefined;
  return {
    userId: row.user_id,
    companyId: row.company_id,
    email: row.email,
    roleId: row.role_id,
    permissions: row.permissions ?? {},
    isSuperAdmin: row.is_super_admin,
    subscriptionExpired: row.expired,
    sessionRevoked: row.revoked,
    userDisabled: row.disabled,
  };
}

/**
 * The caller behind a live session, with its role and plan; undefined when the session is unknown. One
 * statement outside a transaction (the hot path of every authenticated call): `app_session_principal` of
 * migration 009 scopes itself to the token's company.
 */
export async function readSessionPrincipal(
  db: Database,
  claims: { sessionId: string; userId: string; companyId: string },
): Promise<SessionPrincipal | undefined> {
  const rows = await db.scopedRead<PrincipalRow>('app_session_principal', [
    claims.sessionId,
    claims.userId,
    claims.companyId,
  ]);
  return toSessionPrincipal(rows[0]);
}

export async function createSession(
  tx: Queryable,
  session: { companyId: string; userId: string; userAgent: string; ip: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO sessions (company_id, user_id, user_agent, ip) VALUES ($1, $2, $3, $4) RETURNING id',
    [session.companyId, session.userId, session.userAgent.slice(0, 300), session.ip],
  );
  return rows[0]!.id;
}

export async function insertRefreshToken(
  tx: Queryable,
  token: { hash: string; sessionId: string; companyId: string; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO refresh_tokens (token_hash, session_id, company_id, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [token.hash, token.sessionId, token.companyId, token.issuedAt, token.expiresAt],
  );
}

export interface RefreshTokenRow {
  sessionId: string;
  companyId: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  sessionRevoked: boolean;
  userDisabled: boolean;
}

/** Locks the token row, so that two refreshes with one token are decided one after the other. */
export async function lockRefreshToken(tx: Queryable, hash: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await tx.query<{
    session_id: string;
    company_id: string;
    user_id: string;
    expires_at: Date;
    used_at: Date | null;
    revoked: boolean;
    disabled: boolean;
  }>(
    `SELECT t.session_id, t.company_id, s.user_id, t.expires_at, t.used_at, s.revoked_at IS NOT NULL AS revoked, u.disabled
       FROM refresh_tokens t
       JOIN sessions s ON s.id = t.session_id
       JOIN users u ON u.id = s.user_id
      WHERE t.token_hash = $1
      FOR UPDATE OF t`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    companyId: row.company_id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at ? new Date(row.used_at) : null,
    sessionRevoked: row.revoked,
    userDisabled: row.disabled,
  };
}

export async function markRefreshTokenUsed(tx: Queryable, hash: string, at: Date): Promise<void> {
  await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [hash, at]);
}

export async function revokeSession(tx: Queryable, sessionId: string, reason: string): Promise<boolean> {
  const { affectedRows } = await tx.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
  return affectedRows > 0;
}

export async function revokeUserSessions(tx: Queryable, userId: string, reason: string): Promise<number> {
  const { affectedRows } = await tx.query(
    'UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
  );
  return affectedRows;
}
