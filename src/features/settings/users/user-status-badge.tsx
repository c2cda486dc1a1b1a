import { chakra } from '@chakra-ui/react';
import type { User } from '../../../shared/contracts/users';
import { userStatus, userStatusLabel } from './user-status';

const PALETTE = { active: 'green', invited: 'orange', disabled: 'red' } as const;

/** A small coloured label; the word carries the meaning, the colour only repeats it. */
export function UserStatusBadge({ user }: { user: Pick<User, 'disabled' | 'emailVerified' | 'lastSignInAt'> }) {
  const status = userStatus(user);
  return (
    <chakra.span
      data-status={status}
      colorPalette={PALETTE[status]}
      display="inline-flex"
      alignItems="center"
      gap={1.5}
      paddingX={2}
      paddingY={0.5}
      borderRadius="full"
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      textStyle="xs"
      fontWeight="semibold"
      whiteSpace="nowrap"
    >
      <chakra.span width={1.5} height={1.5} borderRadius="full" bg="colorPalette.solid" aria-hidden="true" />
      {userStatusLabel(status)}
    </chakra.span>
  );
}
