/**
 * The HMAC key that signs access tokens: `JWT_SECRET` when configured, otherwise generated on first
 * start and kept in the database, so that every instance on one database shares it and a restart
 * does not sign everybody out. Never logged.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { keepServerSecret } from './server-secret-repository.ts';

const NAME = 'access_token_hmac_key';

export async function loadSigningKey(db: Database, configured: string | undefined): Promise<Uint8Array> {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(configured);
  }
  const value = await db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
    keepServerSecret(tx, NAME, randomBytes(48).toString('base64url')),
  );
  return new TextEncoder().encode(value);
}
