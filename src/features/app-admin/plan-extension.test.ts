import { describe, expect, it } from 'vitest';
import { endedExpiry, extendedExpiry, extensionBase, isLaterExpiry } from './plan-extension';

const NOW = new Date('2026-03-15T18:30:00Z');

describe('plan extension', () => {
  it('extends a valid plan from its expiry day', () => {
    expect(extensionBase('2026-06-30', NOW)).toBe('2026-06-30');
    expect(extendedExpiry('2026-06-30', 'month', NOW)).toBe('2026-07-30');
    expect(extendedExpiry('2026-06-30', 'year', NOW)).toBe('2027-06-30');
    // A plan that ends today is still valid today.
    expect(extendedExpiry('2026-03-15', 'month', NOW)).toBe('2026-04-15');
  });

  it('extends an expired plan from today', () => {
    expect(extensionBase('2026-03-14', NOW)).toBe('2026-03-15');
    expect(extendedExpiry('2025-01-01', 'year', NOW)).toBe('2027-03-15');
    expect(extendedExpiry('2026-03-14', 'month', NOW)).toBe('2026-04-15');
  });

  it('keeps a month within the month: 31 January plus a month is the end of February', () => {
    expect(extendedExpiry('2027-01-31', 'month', NOW)).toBe('2027-02-28');
    expect(extendedExpiry('2028-01-31', 'month', NOW)).toBe('2028-02-29');
    expect(extendedExpiry('2026-12-31', 'month', NOW)).toBe('2027-01-31');
    expect(extendedExpiry('2028-02-29', 'year', NOW)).toBe('2029-02-28');
  });

  it('ends a plan yesterday, so it is expired from today on', () => {
    expect(endedExpiry(NOW)).toBe('2026-03-14');
    expect(endedExpiry(new Date('2026-03-01T00:00:00Z'))).toBe('2026-02-28');
  });

  it('accepts a chosen date only when it is later than the expiry and not already past', () => {
    expect(isLaterExpiry('2026-07-01', '2026-06-30', NOW)).toBe(true);
    expect(isLaterExpiry('2026-06-30', '2026-06-30', NOW)).toBe(false);
    expect(isLaterExpiry('2026-03-14', '2025-01-01', NOW)).toBe(false);
    expect(isLaterExpiry('2026-03-15', '2025-01-01', NOW)).toBe(true);
    expect(isLaterExpiry('not a date', '2025-01-01', NOW)).toBe(false);
  });
});
