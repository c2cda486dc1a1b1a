import { describe, expect, it } from 'vitest';
import { activeBanners, SUBSCRIPTION_EXPIRED_MESSAGE, UNVERIFIED_EMAIL_BANNER } from './banner-messages';

const messages = (input: Parameters<typeof activeBanners>[0]) => activeBanners(input).map((b) => b.message);

describe('activeBanners', () => {
  it('shows nothing for a verified user with a valid plan', () => {
    expect(messages({ user: { emailVerified: true }, isExpired: false })).toEqual([]);
  });

  it('asks an unverified user to verify', () => {
    expect(messages({ user: { emailVerified: false }, isExpired: false })).toEqual([UNVERIFIED_EMAIL_BANNER]);
    expect(UNVERIFIED_EMAIL_BANNER).toBe('Please verify your email to activate your account.');
  });

  it('tells an expired company so', () => {
    expect(messages({ user: { emailVerified: true }, isExpired: true })).toEqual([SUBSCRIPTION_EXPIRED_MESSAGE]);
    expect(SUBSCRIPTION_EXPIRED_MESSAGE).toBe('Your Subscription has been expired. Please Contact Support Team');
  });

  it('shows both, verification first', () => {
    expect(messages({ user: { emailVerified: false }, isExpired: true })).toEqual([
      UNVERIFIED_EMAIL_BANNER,
      SUBSCRIPTION_EXPIRED_MESSAGE,
    ]);
  });

  it('shows nothing before the user is known', () => {
    expect(messages({ user: null, isExpired: true })).toEqual([]);
  });
});
