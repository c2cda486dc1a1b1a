import type { User } from '../../../shared/contracts/users';

export type UserStatus = 'active' | 'invited' | 'disabled';

/** Disabled wins; a user who never signed in and never confirmed an address is still an invitation. */
export function userStatus(user: Pick<User, 'disabled' | 'emailVerified' | 'lastSignInAt'>): UserStatus {
  if (user.disabled) return 'disabled';
  if (!user.emailVerified && user.lastSignInAt === null) return 'invited';
  return 'active';
}

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  disabled: 'Disabled',
};

const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "23 Nov 2026, 16:32", or "Never" for someone who has not signed in yet. */
export function lastSignInText(lastSignInAt: string | null, formatter: Intl.DateTimeFormat = format): string {
  if (!lastSignInAt) return 'Never';
  const date = new Date(lastSignInAt);
  return Number.isNaN(date.getTime()) ? 'Never' : formatter.format(date);
}
