import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (every token, semantic token, text, layer and animation style of
 * `defaultSystem`, so screens look exactly as with it) with only the component recipes the app uses.
 * `defaultSystem` carries all ~80 recipes: about 22 KB gzipped more on the first load, which would put
 * /login at about 169 KB against its 150 KB budget.
 *
 * Adding a Chakra component that has a recipe? Add the recipe here, or the component renders unstyled
 * (Chakra falls back to an empty recipe rather than failing). Each recipe costs first-load bytes.
 * Recipes are only dropped from the bundle because vite.config.ts declares Chakra's define* helpers pure.
 */
export const appSystem = createSystem(
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          button: buttonRecipe,
          heading: headingRecipe,
          input: inputRecipe,
          link: linkRecipe,
        },
        slotRecipes: {},
      },
    }),
  ),
);
