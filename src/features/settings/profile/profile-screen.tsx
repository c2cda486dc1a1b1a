import { Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { RequirePermission } from '../../../lib/resource-kit/permission-gate';
import { useSession } from '../../../lib/session/use-session';
import { useProfileT } from './strings';
import { UserProfile } from './user-profile';

/**
 * The profile screen, which serves both the user's own profile (/settings/profile) and editing another
 * user (/settings/users/:id), as docs/product-rules.md section 2 prescribes: both render `UserProfile`.
 */
export function ProfileScreen() {
  const { id } = useParams();
  const { user } = useSession();
  const t = useProfileT();
  if (id !== undefined) {
    return (
      <RequirePermission module="users" action="read">
        <UserProfile key={id} userId={id} />
      </RequirePermission>
    );
  }
  // Signed in, the session's user is known; until then the screen says it is on its way.
  return user ? (
    <UserProfile self userId={user._id} />
  ) : (
    <Text role="status" color="fg.muted">
      {t('loading')}
    </Text>
  );
}
