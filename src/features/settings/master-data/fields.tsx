import { Box, chakra } from '@chakra-ui/react';
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
