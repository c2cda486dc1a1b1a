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

/** A determinate progress bar (`role="progressbar"`), value 0–100. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const bounded = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <chakra.div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={bounded}
      height="2"
      borderRadius="full"
      bg="bg.muted"
      overflow="hidden"
    >
      <chakra.div height="full" bg="brand.solid" style={{ width: `${bounded}%` }} transition="width 0.3s" />
    </chakra.div>
  );
}
