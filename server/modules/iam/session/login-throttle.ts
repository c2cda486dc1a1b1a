/**
 * Slows down password guessing, per account and per client address, in PostgreSQL (so that it holds
 * across instances). From the 5th failure in a row each further failure blocks the key for 2^(n-5)
 * seconds, capped at 15 minutes; a key quiet for 24 hours starts again. Nobody can lock a victim out
 * for good: a block never outlasts 15 minutes, attempts refused while blocked do not lengthen it, a
 * successful sign-in clears the account's count, and a password reset by mail always works.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import { blockThrottleKey, clearThrottleKey, readThrottle, recordThrottleFailure } from './login-repository.ts';

export const THROTTLE_FREE_FAILURES = 4;
export const THROTTLE_MAX_BLOCK_SECONDS = 15 * 60;
const DECAY_SECONDS = 24 * 3600;

export function throttleKeys(email: string, ip: string): { account: string; address: string } {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${ip}` };
}

export function blockSecondsAfter(failures: number): number {
  if (failures <= THROTTLE_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - THROTTLE_FREE_FAILURES - 1), THROTTLE_MAX_BLOCK_SECONDS);
}

export async function assertNotThrottled(tx: Queryable, keys: string[], now: Date): Promise<void> {
  const states = await readThrottle(tx, keys);
  let waitMs = 0;
  for (const state of states.values()) {
    if (state.blockedUntil && state.blockedUntil > now)
      waitMs = Math.max(waitMs, state.blockedUntil.getTime() - now.getTime());
  }
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new ApiError(429, ERROR_CODES.TOO_MANY_ATTEMPTS, `Too many sign-in attempts. Try again in ${seconds} s.`, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
}

export async function recordFailure(tx: Queryable, keys: string[], now: Date): Promise<void> {
  for (const key of keys) {
    const failures = await recordThrottleFailure(tx, key, now, DECAY_SECONDS);
    const seconds = blockSecondsAfter(failures);
    if (seconds > 0) await blockThrottleKey(tx, key, new Date(now.getTime() + seconds * 1000));
  }
}

export async function recordSuccess(tx: Queryable, accountKey: string): Promise<void> {
  await clearThrottleKey(tx, accountKey);
}
