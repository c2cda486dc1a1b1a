import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('starts at the base and doubles with each step', () => {
    expect([0, 1, 2, 3, 4].map((step) => backoffDelay(step, { baseMs: 1000 }))).toEqual([
      1000, 2000, 4000, 8000, 16_000,
    ]);
  });

  it('stops growing at the cap', () => {
    const policy = { baseMs: 1000, maxMs: 30_000 };
    expect(backoffDelay(4, policy)).toBe(16_000);
    expect(backoffDelay(5, policy)).toBe(30_000);
    expect(backoffDelay(50, policy)).toBe(30_000);
  });

  it('stays finite without a cap, and treats a negative step as the first', () => {
    expect(Number.isFinite(backoffDelay(10_000, { baseMs: 5000 }))).toBe(true);
    expect(backoffDelay(-3, { baseMs: 5000 })).toBe(5000);
  });

  it('adds jitter between nothing and its share of the wait, on top of the cap', () => {
    const policy = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };
    expect(backoffDelay(0, policy, 0)).toBe(1000);
    expect(backoffDelay(0, policy, 0.5)).toBe(1100);
    for (const random of [0, 0.01, 0.5, 0.999_999]) {
      const delay = backoffDelay(10, policy, random);
      expect(delay).toBeGreaterThanOrEqual(30_000);
      expect(delay).toBeLessThanOrEqual(36_000);
    }
  });

  it('adds no jitter when the policy has none, whatever the random draw', () => {
    expect(backoffDelay(2, { baseMs: 500, maxMs: 60_000 }, 0.9)).toBe(2000);
  });
});
