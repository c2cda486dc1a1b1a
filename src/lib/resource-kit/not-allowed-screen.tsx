import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A screen the role may not open: said plainly, with a way on. */
export function NotAllowedScreen() {
  return (
    <Box
      as="section"
      data-testid="not-allowed"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      padding={{ base: 6, md: 10 }}
      textAlign="center"
    >
      <Heading as="h2" size="xl">
        You do not have access to this page
      </Heading>
      <Text marginTop={2} color="fg.muted">
        Your role does not include it. If you need it for your work, ask an administrator of your company.
      </Text>
      <Link asChild marginTop={6} color="brand.fg" fontWeight="medium">
        <RouterLink to="/dashboard">Go to the dashboard</RouterLink>
      </Link>
    </Box>
  );
}
