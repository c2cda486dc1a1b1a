import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useT } from '../lib/i18n/use-t';

/**
 * The root error boundary. Shows no internals (stack traces, messages from libraries): only a way out.
 * A lazy chunk that failed after the one automatic reload also ends up here.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  // Logged so the cause is not lost; error reporting hooks in here with the Sentry issue.
  console.error(error);

  return (
    <Box as="main" padding={8} role="alert">
      <Heading as="h1" size="xl">
        {t('routeError.title')}
      </Heading>
      <Text marginY={4}>{status === undefined ? t('routeError.body') : t('routeError.bodyStatus', { status })}</Text>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </Box>
  );
}
