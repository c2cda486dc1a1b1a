import { Box, Flex, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One section of the shipment screen below its form (milestones, documents, paperwork, charges): a panel
 * named by its heading, with the section's actions, if any, beside that heading.
 */
export function DetailSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Box as="h2" textStyle="lg" fontWeight="semibold" id={`section-${id}`} marginBottom={actions ? 0 : 3}>
      {title}
    </Box>
  );
  return (
    <SectionPanel id={id} marginBottom={5}>
      {actions ? (
        <Flex justifyContent="space-between" alignItems="center" gap={3} marginBottom={3} wrap="wrap">
          {heading}
          {actions}
        </Flex>
      ) : (
        heading
      )}
      {children}
    </SectionPanel>
  );
}

/** The panel of a section of the shipment screen, named by the heading whose id is `section-{id}`. */
export function SectionPanel({ id, children, ...rest }: { id: string; children: ReactNode } & BoxProps) {
  return (
    <Box
      as="section"
      aria-labelledby={`section-${id}`}
      data-section={id}
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.panel"
      padding={{ base: 3, md: 5 }}
      minWidth={0}
      {...rest}
    >
      {children}
    </Box>
  );
}
