/** SQL for the signed-in user's own account: password and sessions, inside a tenant transaction. */
import type { Queryable } from '../../../db/database.ts';
import { isoTimestamp } from '../../../http/list-sql-repository.ts';

export async function readPasswordHash(tx: Queryable, userId: string): Promise<string | null> {
  const { rows } = await tx.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.password_hash ?? null;
}

export async function writePasswordHash(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $2, version = version + 1, updated_at = now() WHERE id = $1', [
    userId,
    hash,
  ]);
}

export async function listActiveSessions(
  tx: Queryable,
  userId: string,
): Promise<{ id: string; createdAt: string; userAgent: string; ip: string }[]> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT id, created_at, user_agent, ip FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 100`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id as string,
    createdAt: isoTimestamp(r.created_at),
    userAgent: (r.user_agent as string) ?? '',
    ip: (r.ip as string) ?? '',
  }));
}

/** Revokes every active session of the user but `keepSessionId`; answers how many. */
export async function revokeOtherSessions(tx: Queryable, userId: string, keepSessionId: string, reason: string) {
  const { affectedRows } = await tx.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
      WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
    [userId, keepSessionId, reason],
  );
  return affectedRows;
}
