import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the picklist list arrives with its issue; nothing here pretends to work yet. */
export function PicklistScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Picklists
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
