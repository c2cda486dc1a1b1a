import { chakra } from '@chakra-ui/react';

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
