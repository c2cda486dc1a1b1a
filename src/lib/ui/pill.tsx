import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * A small status label in a palette's subtle colours (`colorPalette="green"`). Chakra's Badge needs its
 * recipe in the first-load bundle (src/app/chakra-system.ts); this is a styled span with the same look.
 */
export function Pill(props: HTMLChakraProps<'span'>) {
  return (
    <chakra.span
      display="inline-flex"
      alignItems="center"
      paddingX={2}
      paddingY={0.5}
      borderRadius="full"
      textStyle="xs"
      fontWeight="medium"
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      whiteSpace="nowrap"
      {...props}
    />
  );
}
