import { Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';

/**
 * Placeholder for the profile screen, which serves both the user's own profile (/settings/profile)
 * and editing another user (/settings/users/:id), as SPEC.md section 2 prescribes.
 */
export function ProfileScreen() {
  const { id } = useParams();
  return (
    <section>
      <Heading as="h2" size="xl">
        {id === undefined ? 'Your profile' : 'Edit user'}
      </Heading>
      <Text marginTop={2}>{id === undefined ? '' : `User ${id}. `}This screen arrives with its issue.</Text>
    </section>
  );
}
