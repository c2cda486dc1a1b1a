/**
 * SQL for `Idempotency-Key` (CONTRACT.md section 7): one stored response per company and key.
 */
import type { Queryable } from '../db/database.ts';

export interface StoredIdempotentResponse {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/**
 * Serialises writes that carry the same key (two concurrent retries: the second waits for the first,
 * then finds its stored response), for the rest of the transaction.
 */
export async function lockIdempotencyKey(tx: Queryable, companyId: string, key: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('idempotency:' || $1 || ':' || $2))", [companyId, key]);
}

export async function findIdempotentResponse(
  tx: Queryable,
  companyId: string,
  key: string,
): Promise<StoredIdempotentResponse | undefined> {
  const { rows } = await tx.query<{ request_hash: string; status_code: number; response: unknown }>(
    'SELECT request_hash, status_code, response FROM idempotency_keys WHERE company_id = $1 AND key = $2',
    [companyId, key],
  );
  const row = rows[0];
  if (!row) return undefined;
  const response = typeof row.response === 'string' ? (JSON.parse(row.response) as unknown) : row.response;
  return { requestHash: row.request_hash, statusCode: row.status_code, response };
}

export async function storeIdempotentResponse(
  tx: Queryable,
  entry: {
    companyId: string;
    key: string;
    method: string;
    path: string;
    requestHash: string;
    statusCode: number;
    response: unknown;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO idempotency_keys (company_id, key, method, path, request_hash, status_code, response)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.companyId,
      entry.key,
      entry.method,
      entry.path,
      entry.requestHash,
      entry.statusCode,
      JSON.stringify(entry.response ?? null),
    ],
  );
}
