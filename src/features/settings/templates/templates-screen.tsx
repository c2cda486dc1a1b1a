import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the templates list arrives with its issue; nothing here pretends to work yet. */
export function TemplatesScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Templates
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
