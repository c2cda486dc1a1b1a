import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the users list arrives with its issue; nothing here pretends to work yet. */
export function UsersScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Users
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
