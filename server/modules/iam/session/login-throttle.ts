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
 * Concurrency: a try is reserved before its password is checked, as a failure, in one transaction that
 * locks the account's and the address's rows; a try that turns out right gives its reservation back. So
 * forty wrong passwords sent at once meet the same allowance as forty in a row (five are checked, the
 * rest get 429), and a right password sent among them cannot slip through once that allowance is spent.
 * A try that dies half-way (a crash, a lost connection) stays counted, which errs on the safe side.
 *
 * Nobody can lock a victim out for good: a block never outlasts 15 minutes, attempts refused while blocked
 * are not counted and do not lengthen it, and a password reset by mail always works.
 */
import { ERROR_CODES } from '../../../../src/shared/api-envelope.ts';
import type { Queryable } from '../../../db/database.ts';
import { ApiError } from '../../../http/api-error.ts';
import { clearThrottleKey, lockThrottle, releaseThrottleTry, writeThrottle } from './login-repository.ts';

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

/** A try counted in advance: what its success must give back. */
export interface ReservedTry {
  keys: ThrottleKeys;
  /** The block this try set on the address, if it was the one that crossed the ceiling. */
  addressBlockSet: Date | null;
}

function tooManyAttempts(waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError(429, ERROR_CODES.TOO_MANY_ATTEMPTS, `Too many sign-in attempts. Try again in ${seconds} s.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * Counts the try as a failure of both the account and the address before the password is checked, or
 * refuses it with 429 (uncounted) while either is blocked. Commit the transaction before the check, so
 * that a concurrent try sees it.
 */
export async function reserveTry(tx: Queryable, keys: ThrottleKeys, now: Date): Promise<ReservedTry> {
  const states = await lockThrottle(tx, [keys.account, keys.address], now);
  let waitMs = 0;
  for (const state of states.values()) {
    if (state.blockedUntil && state.blockedUntil > now)
      waitMs = Math.max(waitMs, state.blockedUntil.getTime() - now.getTime());
  }
  if (waitMs > 0) throw tooManyAttempts(waitMs);

  let addressBlockSet: Date | null = null;
  for (const [key, policy] of [
    [keys.account, ACCOUNT_THROTTLE],
    [keys.address, ADDRESS_THROTTLE],
  ] as const) {
    const state = states.get(key)!;
    const quiet = state.lastFailureAt.getTime() < now.getTime() - policy.quietSeconds * 1000;
    const failures = (quiet ? 0 : state.failures) + 1;
    const seconds = blockSecondsAfter(failures, policy);
    const blockedUntil = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : state.blockedUntil;
    if (key === keys.address && seconds > 0) addressBlockSet = blockedUntil;
    await writeThrottle(tx, key, { failures, lastFailureAt: now, blockedUntil });
  }
  return { keys, addressBlockSet };
}

/**
 * A right password: the account's count is cleared, and the address gets its one reserved try back (a
 * valid sign-in must not wipe the failures others made from its address).
 */
export async function releaseTry(tx: Queryable, reserved: ReservedTry, now: Date): Promise<void> {
  await clearThrottleKey(tx, reserved.keys.account);
  await releaseThrottleTry(tx, reserved.keys.address, reserved.addressBlockSet, now);
}
