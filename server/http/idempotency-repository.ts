/**
 * SQL for `Idempotency-Key` (docs/api.md section 7): one stored response per company, user and key, kept
 * for the idempotency window (`src/shared/idempotency-window.ts`).
 */
import type { Queryable } from '../db/database.ts';

export interface StoredIdempotentResponse {
  fingerprint: string;
  statusCode: number;
  response: unknown;
}

/** Whose key it is: the same key of another user, or of the same user in another company, is another key. */
export interface IdempotencyKeyOwner {
  companyId: string;
  userId: string;
  key: string;
}

/**
 * Serialises writes that carry the same key (two concurrent retries: the second waits for the first,
 * then finds its stored response), for the rest of the transaction.
 */
export async function lockIdempotencyKey(tx: Queryable, owner: IdempotencyKeyOwner): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('idempotency:' || $1 || ':' || $2 || ':' || $3))", [
    owner.companyId,
    owner.userId,
    owner.key,
  ]);
}

/**
 * The stored answer for the key, if it was stored at `notBefore` or later. An older one is past the
 * window: it is deleted here (the key is about to be stored again) rather than left to the sweep.
 */
export async function findIdempotentResponse(
  tx: Queryable,
  owner: IdempotencyKeyOwner,
  notBefore: Date,
): Promise<StoredIdempotentResponse | undefined> {
  const { rows } = await tx.query<{
    request_fingerprint: string;
    status_code: number;
    response: unknown;
    live: boolean;
  }>(
    `SELECT request_fingerprint, status_code, response, created_at >= $4 AS live
       FROM idempotency_keys WHERE company_id = $1 AND user_id = $2 AND key = $3`,
    [owner.companyId, owner.userId, owner.key, notBefore.toISOString()],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.live) {
    await tx.query('DELETE FROM idempotency_keys WHERE company_id = $1 AND user_id = $2 AND key = $3', [
      owner.companyId,
      owner.userId,
      owner.key,
    ]);
    return undefined;
  }
  const response = typeof row.response === 'string' ? (JSON.parse(row.response) as unknown) : row.response;
  return { fingerprint: row.request_fingerprint, statusCode: row.status_code, response };
}

export async function storeIdempotentResponse(
  tx: Queryable,
  entry: IdempotencyKeyOwner & {
    method: string;
    path: string;
    fingerprint: string;
    statusCode: number;
    response: unknown;
    createdAt: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO idempotency_keys
       (company_id, user_id, key, method, path, request_fingerprint, status_code, response, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.companyId,
      entry.userId,
      entry.key,
      entry.method,
      entry.path,
      entry.fingerprint,
      entry.statusCode,
      JSON.stringify(entry.response ?? null),
      entry.createdAt.toISOString(),
    ],
  );
}

/** Deletes every stored key older than `notBefore` (system role: all companies); answers how many. */
export async function deleteExpiredIdempotencyKeys(tx: Queryable, notBefore: Date): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [notBefore.toISOString()],
  );
  return rows[0]?.n ?? 0;
}
