import { Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';

/**
 * Placeholder for the ports list at /settings/:port. Which values the parameter takes (sea ports,
 * airports, …) is not shown in SPEC.md; the screen's issue decides.
 */
export function PortsScreen() {
  const { port } = useParams();
  return (
    <section>
      <Heading as="h2" size="xl">
        Ports
      </Heading>
      <Text marginTop={2}>List “{port}”. This screen arrives with its issue.</Text>
    </section>
  );
}
