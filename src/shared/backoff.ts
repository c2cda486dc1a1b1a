/**
 * The one exponential back-off of the product (issue 22 item 5): the outbox's replay, the live feed's
 * reconnection and the mail delivery retries each wait by it, with their own figures, so that the growth,
 * the cap and the jitter are written (and tested) once. No imports: the server loads it too.
 */

/** The figures of one back-off. */
export interface BackoffPolicy {
  /** The first wait (step 0); each later step doubles it. */
  baseMs: number;
  /** The longest wait, before jitter; none when absent. */
  maxMs?: number;
  /** Up to this share of the wait is added at random (0.2: up to 20 % more), so that clients spread out. */
  jitter?: number;
}

/** Doublings past this add nothing a cap does not already give, and keep an uncapped wait finite. */
const MAX_DOUBLINGS = 30;

/**
 * The wait before retry `step` (0-based: the first retry is step 0), in whole milliseconds.
 * `random` (0 ≤ x < 1, e.g. `Math.random()`) picks the jitter; 0 gives the plain doubling.
 */
export function backoffDelay(step: number, policy: BackoffPolicy, random = 0): number {
  const doublings = Math.min(MAX_DOUBLINGS, Math.max(0, Math.floor(step)));
  const wait = Math.min(policy.maxMs ?? Number.POSITIVE_INFINITY, policy.baseMs * 2 ** doublings);
  return Math.round(wait + wait * (policy.jitter ?? 0) * random);
}
