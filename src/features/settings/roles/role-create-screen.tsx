import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the role create form arrives with its issue; nothing here pretends to work yet. */
export function RoleCreateScreen() {
  return (
    <section>
      <Heading as="h1" size="2xl">
        Create role
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
