import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the dashboard arrives with its issue; nothing here pretends to work yet. */
export function DashboardScreen() {
  return (
    <section>
      <Heading as="h1" size="2xl">
        Dashboard
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
