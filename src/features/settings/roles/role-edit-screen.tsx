import { Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';

/** Placeholder: the role edit form arrives with its issue; nothing here pretends to work yet. */
export function RoleEditScreen() {
  const { id } = useParams();
  return (
    <section>
      <Heading as="h1" size="2xl">
        Edit role
      </Heading>
      <Text marginTop={2}>Role {id}. This screen arrives with its issue.</Text>
    </section>
  );
}
