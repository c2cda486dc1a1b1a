/**
 * Slows down password guessing, in PostgreSQL (so that it holds across instances), with two counters:
 *
 * - per account: from the 5th failure in a row each further failure blocks the account for 2^(n-5)
 *   seconds, capped at 15 minutes; an account quiet for 24 hours starts again. A successful sign-in clears
 *   the count.
 * - per client address, with a ceiling far above an office's failures: freight offices sit behind one NAT,
 *   so one colleague's typos must not lock out everyone else in the office (issue 9, "one office, one
 *   address"). The address is slowed only from its 101st failure without an hour's pause, across all
 *   accounts; from there each failure blocks it for 2^(n-101) seconds, capped at 15 minutes. An office of a
 *   few hundred people mistypes a handful of times an hour; a thousand guesses from one address still meet
 *   429 after the first hundred, and then get about four tries an hour. The pause that starts a count again
 *   (an hour) is longer than the longest block, so waiting out a block never resets the count.
 *
 * Chosen over OWASP's device cookie because the services are cross-origin to the web app (a cookie would
 * need credentialed CORS on every service) and a ceiling needs no client change; a device cookie can be
 * added later without changing these counters. The address is the socket's (`req.ip`; no proxy is
 * trusted), so a client cannot pick it.
 *
 * Nobody can lock a victim out for good: a block never outlasts 15 minutes, attempts refused while blocked
 * are not counted and do not lengthen it, and a password reset by mail always works.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import { blockThrottleKey, clearThrottleKey, readThrottle, recordThrottleFailure } from './login-repository.ts';

export interface ThrottlePolicy {
  /** Failures in a row that cost nothing. */
  freeFailures: number;
  /** A key with no failure for this long starts counting again. */
  quietSeconds: number;
}

export const THROTTLE_MAX_BLOCK_SECONDS = 15 * 60;
export const ACCOUNT_THROTTLE: ThrottlePolicy = { freeFailures: 4, quietSeconds: 24 * 3600 };
export const ADDRESS_THROTTLE: ThrottlePolicy = { freeFailures: 100, quietSeconds: 3600 };

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(email: string, ip: string): ThrottleKeys {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${ip}` };
}

export function blockSecondsAfter(failures: number, policy: ThrottlePolicy = ACCOUNT_THROTTLE): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(2 ** (failures - policy.freeFailures - 1), THROTTLE_MAX_BLOCK_SECONDS);
}

export async function assertNotThrottled(tx: Queryable, keys: ThrottleKeys, now: Date): Promise<void> {
  const states = await readThrottle(tx, [keys.account, keys.address]);
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

export async function recordFailure(tx: Queryable, keys: ThrottleKeys, now: Date): Promise<void> {
  for (const [key, policy] of [
    [keys.account, ACCOUNT_THROTTLE],
    [keys.address, ADDRESS_THROTTLE],
  ] as const) {
    const failures = await recordThrottleFailure(tx, key, now, policy.quietSeconds);
    const seconds = blockSecondsAfter(failures, policy);
    if (seconds > 0) await blockThrottleKey(tx, key, new Date(now.getTime() + seconds * 1000));
  }
}

/** Clears the account's count only: a valid sign-in must not wipe the failures others made from its address. */
export async function recordSuccess(tx: Queryable, keys: ThrottleKeys): Promise<void> {
  await clearThrottleKey(tx, keys.account);
}
