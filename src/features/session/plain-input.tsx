import { chakra, useRecipe, type HTMLChakraProps } from '@chakra-ui/react';

/**
 * A native <input> styled by the theme's input recipe, so it looks exactly like Chakra's Input.
 * Chakra's Input is built on Ark UI's Field (ids, aria wiring, textarea auto-resize), about 4 KB
 * gzipped that the first screen cannot afford under its 150 KB budget; labels here are plain
 * <label htmlFor> elements, which give the same accessible names.
 */
export function PlainInput(props: HTMLChakraProps<'input'>) {
  const recipe = useRecipe({ key: 'input' });
  return <chakra.input css={recipe({ size: 'md', variant: 'outline' })} {...props} />;
}
