import { Heading, Text } from '@chakra-ui/react';

/** Placeholder: the company profile arrives with its issue; nothing here pretends to work yet. */
export function CompanyScreen() {
  return (
    <section>
      <Heading as="h2" size="xl">
        Company profile
      </Heading>
      <Text marginTop={2}>This screen arrives with its issue.</Text>
    </section>
  );
}
