import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the currencies list arrives with its issue; nothing here pretends to work yet. */
export function CurrenciesScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Currencies
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
