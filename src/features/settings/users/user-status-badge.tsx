import { chakra } from '@chakra-ui/react';
import type { User } from '../../../shared/contracts/users';
import { Pill } from '../../../lib/ui/pill';
import { userStatus, userStatusLabel } from './user-status';

const PALETTE = { active: 'green', invited: 'orange', disabled: 'red' } as const;

/** A small coloured label; the word carries the meaning, the colour only repeats it. */
export function UserStatusBadge({ user }: { user: Pick<User, 'disabled' | 'emailVerified' | 'lastSignInAt'> }) {
  const status = userStatus(user);
  return (
    <Pill data-status={status} colorPalette={PALETTE[status]} gap={1.5} fontWeight="semibold">
      <chakra.span width={1.5} height={1.5} borderRadius="full" bg="colorPalette.solid" aria-hidden="true" />
      {userStatusLabel(status)}
    </Pill>
  );
}
