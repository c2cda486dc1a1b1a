import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { RequirePermission, useCan } from '../../../lib/resource-kit/permission-gate';
import { useSession } from '../../../lib/session/use-session';
import { OwnAccount } from './own-account';
import { UserProfile } from './user-profile';
import { useProfileT } from './strings';

/**
 * The profile screen, which serves both the user's own profile (/settings/profile) and editing another
 * user (/settings/users/:id), as SPEC.md section 2 prescribes: both render `UserProfile`.
 */
export function ProfileScreen() {
  const { id } = useParams();
  const { user } = useSession();
  const canReadUsers = useCan('users', 'read');
  const t = useProfileT();
  if (id !== undefined) {
    return (
      <RequirePermission module="users" action="read">
        <UserProfile key={id} userId={id} />
      </RequirePermission>
    );
  }
  if (user && canReadUsers) return <UserProfile userId={user._id} />;
  // A role without access to the users resource still sees who it is signed in as.
  return (
    <Stack gap={6}>
      <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={6}>
        <Heading as="h2" size="xl">
          {t('yourProfile')}
        </Heading>
        <Text marginTop={2}>{user?.name}</Text>
        <Text color="fg.muted">{user?.emailId}</Text>
        <Text color="fg.muted" marginTop={4} textStyle="sm">
          {t('ownDetails')}
        </Text>
      </Box>
      <OwnAccount />
    </Stack>
  );
}
