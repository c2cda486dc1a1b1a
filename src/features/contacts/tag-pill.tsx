import { chakra } from '@chakra-ui/react';
import { Pill } from '../../lib/ui/pill';
import type { ContactTag } from '../../shared/contracts/contacts';

/** A tag as the contacts list and the tags screen show it: its colour dot and its name. */
export function TagPill({ tag }: { tag: ContactTag }) {
  return (
    <Pill colorPalette="gray" gap={1}>
      <chakra.span width="2" height="2" borderRadius="full" bg={tag.color} aria-hidden="true" />
      {tag.name}
    </Pill>
  );
}
