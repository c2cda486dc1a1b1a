import { describe, expect, it } from 'vitest';
import {
  ACCESS_REFRESH_WINDOW_MS,
  Cooldown,
  REFRESH_RENEW_WINDOW_MS,
  REFRESH_SPACING_MS,
  SESSION_EXPIRED_MESSAGE,
  SETUP_COOLDOWN_MS,
  isPlanExpired,
  silentRefreshDue,
} from './session-rules';

const H = 3_600_000;
const D = 24 * H;

describe('silent refresh windows', () => {
  const now = 100 * D;
  it.each([
    [2 * H - 1, null],
    [2 * H, 'token'],
    [3 * H, 'token'],
    [4 * H, 'token'],
    [4 * H + 1, null],
  ])('access token %i ms old → %s', (age, expected) => {
    expect(silentRefreshDue(now, now - age, now - H)).toBe(expected);
  });

  it.each([
    [20 * D - 1, null],
    [20 * D, 'refresh'],
    [25 * D, 'refresh'],
    [30 * D, 'refresh'],
    [30 * D + 1, null],
  ])('refresh token %i ms old → %s', (age, expected) => {
    expect(silentRefreshDue(now, now - H, now - age)).toBe(expected);
  });

  it('prefers renewing both tokens when both windows are open, and needs issue times', () => {
    expect(silentRefreshDue(now, now - 3 * H, now - 25 * D)).toBe('refresh');
    expect(silentRefreshDue(now, null, null)).toBeNull();
  });

  it('uses the constants of docs/product-rules.md section 9', () => {
    expect(ACCESS_REFRESH_WINDOW_MS).toEqual({ from: 2 * H, to: 4 * H });
    expect(REFRESH_RENEW_WINDOW_MS).toEqual({ from: 20 * D, to: 30 * D });
    expect(REFRESH_SPACING_MS).toBe(3000);
    expect(SETUP_COOLDOWN_MS).toBe(3000);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired, please login again.');
  });
});

describe('Cooldown', () => {
  it('lets one caller in per spacing, boundary included', () => {
    const cooldown = new Cooldown(3000);
    expect(cooldown.tryEnter(10_000)).toBe(true);
    expect(cooldown.tryEnter(12_999)).toBe(false);
    expect(cooldown.tryEnter(13_000)).toBe(true);
  });

  it('is per caller', () => {
    const a = new Cooldown(3000);
    const b = new Cooldown(3000);
    expect(a.tryEnter(0)).toBe(true);
    expect(b.tryEnter(0)).toBe(true);
  });
});

describe('isPlanExpired', () => {
  const now = new Date(2026, 4, 10, 15, 0);
  it('is true only before today', () => {
    expect(isPlanExpired('2026-05-09', now)).toBe(true);
    expect(isPlanExpired(new Date(2026, 4, 10).toISOString(), now)).toBe(false);
    expect(isPlanExpired('2027-01-01', now)).toBe(false);
    expect(isPlanExpired('', now)).toBe(false);
    expect(isPlanExpired('garbage', now)).toBe(false);
  });
});
