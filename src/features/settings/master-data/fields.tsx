import { chakra } from '@chakra-ui/react';
import { PageHeader } from '../../../lib/ui/page-header';
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

/** A master-data screen's title: the settings sections' one title style. */
export function ScreenHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return <PageHeader level={2} title={title} subtitle={subtitle} />;
}
