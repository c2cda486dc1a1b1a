import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the roles list arrives with its issue; nothing here pretends to work yet. */
export function RolesScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Roles
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
