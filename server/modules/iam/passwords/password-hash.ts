/**
 * Passwords are stored as scrypt hashes (memory-hard) and compared in constant time.
 * Format: `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`, so that the cost can rise without a migration.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
/** N = 2^15, r = 8: 32 MiB and about 60 ms per hash on this machine's cores. */
const DEFAULT_COST = { N: 1 << 15, r: 8, p: 1 };

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash to compare against when the account does not exist, so that timing does not tell. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const encoded = stored ?? (await (decoyHash ??= hashPassword('decoy-password-for-timing')));
  const [scheme, n, r, p, saltB64, keyB64] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored != null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
