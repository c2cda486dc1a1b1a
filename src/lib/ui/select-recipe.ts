import { defineRecipe } from '@chakra-ui/react';
import { inputRecipe } from '@chakra-ui/react/theme';

/**
 * The chevron of every dropdown, drawn by CSS: Chakra's preflight takes the browser's own arrow away
 * (`appearance: none`), which left every select looking like a text box. A mid grey that reads on the
 * light and the dark panel alike.
 */
const CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='%2371717a' stroke-width='1.75' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M4 6l4 4 4-4'/%3E%3C/svg%3E\")";

/** The input's sizes, with room for the chevron at the end. */
const size = (paddingStart: string, textStyle: string, height: string) => ({
  textStyle,
  paddingStart,
  paddingEnd: '2em',
  '--input-height': `sizes.${height}`,
});

/**
 * The `select` recipe (registered in src/app/chakra-system.ts): a native `<select>` in the input's style,
 * with a chevron at its end and room for it, in every size. Native rather than Chakra's Select component:
 * the phone's own picker, and no Ark machine on the first load.
 */
export const selectRecipe = defineRecipe({
  className: 'chakra-select',
  base: {
    ...inputRecipe.base,
    appearance: 'none',
    cursor: 'pointer',
    backgroundImage: CHEVRON,
    backgroundRepeat: 'no-repeat',
    backgroundSize: '1em',
    backgroundPosition: 'right 0.6em center',
    _rtl: { backgroundPosition: 'left 0.6em center' },
  },
  variants: {
    size: {
      xs: size('2', 'xs', '8'),
      sm: size('2.5', 'sm', '9'),
      md: size('3', 'sm', '10'),
      lg: size('4', 'md', '11'),
    },
    // The input's outline look, its background as a colour only: the `background` shorthand the input sets
    // would wipe the chevron.
    variant: {
      outline: {
        bgColor: 'transparent',
        borderWidth: '1px',
        borderColor: 'border',
        focusVisibleRing: 'inside',
        focusRingColor: 'var(--focus-color)',
      },
    },
  },
  defaultVariants: { size: 'md', variant: 'outline' },
});
