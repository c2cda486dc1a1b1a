import { t } from '../lib/i18n/i18n';
import { en } from '../lib/i18n/locales/en';
import { ERROR_MESSAGES } from '../shared/api-envelope';

/** The English texts (docs/product-rules.md's words); the banners show them in the user's language. */
export const UNVERIFIED_EMAIL_BANNER = en['banner.unverifiedEmail'];
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
 * The banners a signed-in user sees (docs/product-rules.md section 2), in display order. No user, no banners: the
 * unverified banner waits for the user record instead of flashing while it loads.
 */
export function activeBanners({ user, isExpired }: BannerInput): Banner[] {
  if (!user) return [];
  const banners: Banner[] = [];
  if (user.emailVerified !== true) banners.push({ id: 'unverified-email', message: t('banner.unverifiedEmail') });
  if (isExpired) banners.push({ id: 'subscription-expired', message: t('banner.subscriptionExpired') });
  return banners;
}
