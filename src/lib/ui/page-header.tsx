import { Box, Heading, Text, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The one page-title style (issue 24): a main screen's `h1` ("Dashboard", "Contacts", "Settings") at one
 * size on every screen. A section's title inside a layout that has the `h1` (the settings) is PageHeader's
 * level 2, again one size for every section.
 */
export function PageTitle({ children, ...props }: { children: ReactNode } & HTMLChakraProps<'h1'>) {
  return (
    <Heading as="h1" size="2xl" letterSpacing="-0.02em" {...props}>
      {children}
    </Heading>
  );
}

/** The size of a settings section's title (its `h2`), for a screen that lays its title out itself. */
export const SECTION_TITLE_SIZE = 'xl';

/**
 * A screen's title and the line under it: a main screen's one `h1`, or (`level` 2) the title of a screen
 * inside a layout that has its own `h1`, such as the settings. Every screen's title goes through here (or
 * PageTitle), so that titles share one size and one space under them.
 */
export function PageHeader({
  title,
  subtitle,
  marginBottom = 5,
  level = 1,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  marginBottom?: number;
  level?: 1 | 2;
}) {
  return (
    <Box marginBottom={marginBottom} minWidth={0}>
      {level === 1 ? (
        <PageTitle>{title}</PageTitle>
      ) : (
        <Heading as="h2" size={SECTION_TITLE_SIZE}>
          {title}
        </Heading>
      )}
      {subtitle && (
        <Text color="fg.muted" textStyle="sm" marginTop={1}>
          {subtitle}
        </Text>
      )}
    </Box>
  );
}
