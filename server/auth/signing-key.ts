/**
 * The HMAC key that signs access tokens: `JWT_SECRET` when configured, otherwise generated on first
 * start and kept in the database, so that every instance on one database shares it and a restart
 * does not sign everybody out. Never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

const NAME = 'access_token_hmac_key';

export async function loadSigningKey(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(configured);
  }
  const value = await db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    await tx.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      NAME,
      randomBytes(48).toString('base64url'),
    ]);
    const { rows } = await tx.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [NAME]);
    return rows[0]!.value;
  });
  return new TextEncoder().encode(value);
}
