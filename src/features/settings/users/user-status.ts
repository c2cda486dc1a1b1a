import type { User } from '../../../shared/contracts/users';
import { formatDateTime } from '../../../lib/i18n/format';
import { usersT } from './strings';

export type UserStatus = 'active' | 'invited' | 'disabled';

/** Disabled wins; a user who never signed in and never confirmed an address is still an invitation. */
export function userStatus(user: Pick<User, 'disabled' | 'emailVerified' | 'lastSignInAt'>): UserStatus {
  if (user.disabled) return 'disabled';
  if (!user.emailVerified && user.lastSignInAt === null) return 'invited';
  return 'active';
}

export function userStatusLabel(status: UserStatus): string {
  return usersT(`status.${status}`);
}

const format = { format: (date: Date) => formatDateTime(date) };

/** "23 Nov 2026, 16:32", or "Never" for someone who has not signed in yet. */
export function lastSignInText(
  lastSignInAt: string | null,
  formatter: { format: (date: Date) => string } = format,
): string {
  if (!lastSignInAt) return usersT('never');
  const date = new Date(lastSignInAt);
  return Number.isNaN(date.getTime()) ? usersT('never') : formatter.format(date);
}
