import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A list cell that opens the record's dialog: a real button, styled as the row's link. */
export function OpenRecordButton({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <chakra.button
      type="button"
      fontWeight="medium"
      color="brand.fg"
      textAlign="start"
      _hover={{ textDecoration: 'underline' }}
      onClick={onOpen}
    >
      {children}
    </chakra.button>
  );
}
