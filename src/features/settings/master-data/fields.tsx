import { Box, Link, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Pill } from '../../../lib/ui/pill';
import { useMasterT } from './strings';

/** A labelled checkbox (`register`'s props spread on it). */
export function CheckboxField({ label, ...props }: { label: string } & React.ComponentProps<'input'>) {
  return (
    <chakra.label display="flex" alignItems="center" gap={2} textStyle="sm" cursor="pointer">
      <chakra.input type="checkbox" width="4" height="4" accentColor="var(--chakra-colors-brand-solid)" {...props} />
      {label}
    </chakra.label>
  );
}

export function ActivePill({ active }: { active: boolean }) {
  const t = useMasterT();
  return <Pill colorPalette={active ? 'green' : 'gray'}>{active ? t('active') : t('inactive')}</Pill>;
}

/** A list cell that opens the record's dialog. */
export function OpenLink({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Link
      as="button"
      fontWeight="medium"
      color="brand.fg"
      textAlign="start"
      onClick={onOpen}
      _hover={{ textDecoration: 'underline' }}
    >
      {children}
    </Link>
  );
}

export function ScreenHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Box marginBottom={5}>
      <chakra.h2 textStyle="2xl" fontWeight="semibold">
        {title}
      </chakra.h2>
      <chakra.p color="fg.muted" textStyle="sm" marginTop={1}>
        {subtitle}
      </chakra.p>
    </Box>
  );
}
