/** SQL for the signed-in user's app settings (`users.preferences`), inside a tenant transaction. */
import type { Queryable } from '../../../db/database.ts';

export async function readPreferences(tx: Queryable, userId: string): Promise<unknown> {
  const { rows } = await tx.query<{ preferences: unknown }>('SELECT preferences FROM users WHERE id = $1', [userId]);
  const value = rows[0]?.preferences;
  return typeof value === 'string' ? JSON.parse(value) : (value ?? {});
}

export async function writePreferences(tx: Queryable, userId: string, preferences: object): Promise<void> {
  await tx.query('UPDATE users SET preferences = $2::jsonb, updated_at = now() WHERE id = $1', [
    userId,
    JSON.stringify(preferences),
  ]);
}
