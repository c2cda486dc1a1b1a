import { ERROR_MESSAGES } from '../shared/api-envelope';

export const UNVERIFIED_EMAIL_BANNER = 'Please verify your email to activate your account.';
export const SUBSCRIPTION_EXPIRED_MESSAGE = ERROR_MESSAGES.SUBSCRIPTION_EXPIRED;

export interface BannerInput {
  user: { emailVerified?: boolean } | null | undefined;
  isExpired: boolean;
}

export interface Banner {
  id: 'unverified-email' | 'subscription-expired';
  message: string;
}

/**
 * The banners a signed-in user sees (SPEC.md section 2), in display order. No user, no banners: the
 * unverified banner waits for the user record instead of flashing while it loads.
 */
export function activeBanners({ user, isExpired }: BannerInput): Banner[] {
  if (!user) return [];
  const banners: Banner[] = [];
  if (user.emailVerified !== true) banners.push({ id: 'unverified-email', message: UNVERIFIED_EMAIL_BANNER });
  if (isExpired) banners.push({ id: 'subscription-expired', message: SUBSCRIPTION_EXPIRED_MESSAGE });
  return banners;
}
