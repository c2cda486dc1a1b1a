import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/**
 * The root error boundary. Shows no internals (stack traces, messages from libraries): only a way out.
 * A lazy chunk that failed after the one automatic reload also ends up here.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  // Logged so the cause is not lost; error reporting hooks in here with the Sentry issue.
  console.error(error);

  return (
    <Box as="main" padding={8} role="alert">
      <Heading as="h1" size="xl">
        Something went wrong
      </Heading>
      <Text marginY={4}>
        {status === undefined
          ? 'This screen could not be shown. Reloading usually helps.'
          : `This screen could not be shown (status ${status}).`}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Box>
  );
}
