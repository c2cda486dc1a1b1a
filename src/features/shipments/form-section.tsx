import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SystemStyleObject } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';
import { SectionPanel } from './detail-section';

/** The error message at a dotted path of the form (`containers.1.number`). */
export function errorAt(form: { formState: { errors: object } }, path: string): string | undefined {
  let node: unknown = form.formState.errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as FieldError | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionPanel id={id}>
      <Heading as="h2" size="md" id={`section-${id}`} marginBottom={3}>
        {title}
      </Heading>
      <Stack gap={4}>{children}</Stack>
    </SectionPanel>
  );
}

type Counts = { base?: number; sm?: number; md?: number; lg?: number };

/**
 * Equal columns per breakpoint, on a plain grid box (Chakra's SimpleGrid would be split into a chunk of its
 * own that the dashboard's first load then pays for).
 */
export function Columns({
  columns,
  gap = 4,
  alignItems,
  children,
  ...rest
}: {
  columns: Counts;
  gap?: number;
  alignItems?: SystemStyleObject['alignItems'];
  children: ReactNode;
  marginTop?: number;
  'aria-live'?: 'polite';
}) {
  const template = Object.fromEntries(
    Object.entries(columns).map(([size, count]) => [size, `repeat(${count}, minmax(0, 1fr))`]),
  );
  return (
    <Box display="grid" gridTemplateColumns={template} gap={gap} alignItems={alignItems} {...rest}>
      {children}
    </Box>
  );
}
