import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A screen's title and the line under it: a main screen's one `h1`, or (`level` 2) the title of a screen
 * inside a layout that has its own `h1`, such as the settings.
 */
export function PageHeader({
  title,
  subtitle,
  marginBottom = 5,
  level = 1,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  marginBottom?: number;
  level?: 1 | 2;
}) {
  return (
    <Box marginBottom={marginBottom}>
      {level === 1 ? (
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {title}
        </Heading>
      ) : (
        <Heading as="h2" size="xl">
          {title}
        </Heading>
      )}
      <Text color="fg.muted" textStyle="sm" marginTop={1}>
        {subtitle}
      </Text>
    </Box>
  );
}
