import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the countries list arrives with its issue; nothing here pretends to work yet. */
export function CountriesScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Countries
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
