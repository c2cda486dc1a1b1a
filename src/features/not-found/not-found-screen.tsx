import { Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Shown for /notFound and for any path the route table does not know. */
export function NotFoundScreen() {
  return (
    <section>
      <Heading as="h1" size="2xl">
        Page not found
      </Heading>
      <Text marginTop={2}>There is nothing at this address.</Text>
      <Link asChild marginTop={4} colorPalette="blue">
        <RouterLink to="/dashboard">Go to the dashboard</RouterLink>
      </Link>
    </section>
  );
}
