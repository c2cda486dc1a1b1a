/**
 * SQL for `server_secrets`: values the instances on one database share (system transaction).
 */
import type { Queryable } from '../db/database.ts';

/**
 * The stored value of `name`, storing `candidate` first if there is none. Concurrent first starts agree:
 * the first insert wins and every instance reads that one.
 */
export async function keepServerSecret(tx: Queryable, name: string, candidate: string): Promise<string> {
  await tx.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    candidate,
  ]);
  const { rows } = await tx.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return rows[0]!.value;
}
