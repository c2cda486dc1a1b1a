import { Flex, chakra, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * The Freight Desk mark: an "F" stacked from three containers on a brand-blue tile, with an amber
 * parcel waiting on the desk. Inline SVG, so it costs a few hundred bytes and follows the color mode.
 */
export function LogoMark(props: HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 32 32" width="8" height="8" aria-hidden="true" flexShrink={0} {...props}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <rect x="8" y="7" width="17" height="5" rx="1.25" fill="#ffffff" />
      <rect x="8" y="13.5" width="12" height="5" rx="1.25" fill="#dbe8fe" />
      <rect x="8" y="20" width="5" height="5" rx="1.25" fill="#bfd5fe" />
      <rect x="17" y="20" width="7" height="5" rx="1.25" fill="#f59e0b" />
    </chakra.svg>
  );
}

/** Mark and name. `inverted` for the name on a dark brand surface. */
export function Logo({ size = 'md', inverted = false }: { size?: 'md' | 'lg'; inverted?: boolean }) {
  return (
    <Flex alignItems="center" gap={size === 'lg' ? 3 : 2.5}>
      <LogoMark width={size === 'lg' ? 10 : 8} height={size === 'lg' ? 10 : 8} />
      <chakra.span
        fontWeight="bold"
        letterSpacing="-0.02em"
        fontSize={size === 'lg' ? '2xl' : 'lg'}
        color={inverted ? 'white' : 'fg'}
        whiteSpace="nowrap"
      >
        Freight Desk
      </chakra.span>
    </Flex>
  );
}
