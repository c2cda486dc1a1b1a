import { describe, expect, it } from 'vitest';
import { lastSignInText, userStatus } from './user-status';

describe('user status', () => {
  it('names disabled, invited and active users', () => {
    expect(userStatus({ disabled: true, emailVerified: true, lastSignInAt: '2026-11-01T08:00:00Z' })).toBe('disabled');
    expect(userStatus({ disabled: false, emailVerified: false, lastSignInAt: null })).toBe('invited');
    expect(userStatus({ disabled: false, emailVerified: true, lastSignInAt: null })).toBe('active');
    expect(userStatus({ disabled: false, emailVerified: false, lastSignInAt: '2026-11-01T08:00:00Z' })).toBe('active');
  });

  it('shows the last sign-in, or Never', () => {
    const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    expect(lastSignInText('2026-11-23T16:32:00Z', utc)).toBe('23 Nov 2026, 16:32');
    expect(lastSignInText(null, utc)).toBe('Never');
    expect(lastSignInText('garbage', utc)).toBe('Never');
  });
});
