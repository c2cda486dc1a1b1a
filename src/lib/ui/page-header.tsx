import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A main screen's title (the page's one `h1`) and the line under it. */
export function PageHeader({
  title,
  subtitle,
  marginBottom = 5,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  marginBottom?: number;
}) {
  return (
    <Box marginBottom={marginBottom}>
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        {title}
      </Heading>
      <Text color="fg.muted" textStyle="sm" marginTop={1}>
        {subtitle}
      </Text>
    </Box>
  );
}
