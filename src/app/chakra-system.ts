import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemContext } from '@chakra-ui/react';
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
import { selectRecipe } from '../lib/ui/select-recipe';

/**
 * The brand blue: the colour of the app icon (public/icons, #1d4ed8 is `brand.700`), one step deeper
 * than Chakra's blue so that it reads as ink on paper rather than a link.
 */
const brand = {
  50: { value: '#eff5ff' },
  100: { value: '#dbe8fe' },
  200: { value: '#bfd5fe' },
  300: { value: '#93b8fd' },
  400: { value: '#6093fa' },
  500: { value: '#3b6ef6' },
  600: { value: '#2554eb' },
  700: { value: '#1d4ed8' },
  800: { value: '#1e38af' },
  900: { value: '#1e338a' },
  950: { value: '#141f4f' },
};

/**
 * Status text at WCAG AA on the page background: Chakra's defaults (red.500, orange.500, green.600 on
 * white) measure 3.2–3.8:1, below the 4.5:1 axe asks of body text.
 */
const readableStatusText = {
  error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
  warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
  success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
};

/** `colorPalette="brand"` works like Chakra's own palettes in light and dark mode. */
const brandSemantic = {
  // White on brand.500 measures 4.42:1 (axe asks 4.5:1 of body text); brand.600 measures 5.6:1.
  solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.600}' } },
  contrast: { value: { _light: '{colors.white}', _dark: '{colors.white}' } },
  fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
  muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
  subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
  emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
  focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
};

/**
 * Chakra's palettes the app does not use. Kept: gray, red, orange, green and blue, which the app names
 * (`colorPalette`, `red.solid`, …) or Chakra's semantic tokens refer to (`bg.error` is red, …). Each
 * palette left out is some 30 tokens and CSS variables Chakra no longer builds on the main thread of every
 * first load. A palette missing here renders as no colour at all: take it off this list before using it.
 */
const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'purple', 'pink']);

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/** The system font of each platform: nothing is downloaded, and text renders at once. */
const systemFonts =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif';

/**
 * Chakra's default theme (every token, semantic token, text, layer and animation style of
 * `defaultSystem`, less the palettes of UNUSED_PALETTES) plus the brand palette and the system font stack, with only the component recipes the
 * app uses. `defaultSystem` carries all ~80 recipes: about 22 KB gzipped more on the first load, which
 * would put /login over its budget.
 *
 * Light and dark: every semantic token has a `_dark` value, switched by the `dark` class on <html>
 * (src/lib/ui/color-mode.ts), Chakra v3's color-mode convention.
 *
 * Adding a Chakra component that has a recipe? Add the recipe here, or the component renders unstyled
 * (Chakra falls back to an empty recipe rather than failing). Each recipe costs first-load bytes.
 * Recipes are only dropped from the bundle because vite.config.ts declares Chakra's define* helpers pure.
 *
 * Built on the first call, not at import: turning every token into CSS variables is the largest piece of
 * start-up work, and src/main.tsx gives it a task of its own (see there).
 */
export function getAppSystem(): SystemContext {
  appSystem ??= createAppSystem();
  return appSystem;
}

let appSystem: SystemContext | undefined;

/**
 * The id of the <style> in which the production build puts the theme's global CSS (the reset, the global
 * styles and every token as a CSS variable: `system._global`, rendered at build time by vite.config.ts,
 * `themeCss`). The page then draws with it from its first byte, and the browser does not build that CSS
 * again on every load: Chakra computed it in `createSystem` and emotion serialized it at the first render,
 * together about a third of the start-up's main-thread work (issue 24, items 7 and 8; README "First load").
 */
export const THEME_CSS_ELEMENT_ID = 'fd-theme-css';

/**
 * Whether the page already carries the theme's global CSS: in the browser, when the HTML has the build's
 * <style>; in the build's own prerender (no document), always, since the page it renders goes into that
 * HTML. In development and in tests there is no such <style>, and Chakra renders the CSS as usual.
 */
export function pageHasThemeCss(): boolean {
  if (typeof document === 'undefined') return import.meta.env.PROD;
  return document.getElementById(THEME_CSS_ELEMENT_ID) !== null;
}

/**
 * The system `ChakraProvider` gets: the app's, less its global CSS when the page carries it already
 * (`pageHasThemeCss`). Everything else reads through to the app's system. In the production build Chakra
 * computes `_global` only when read (vite.config.ts, `lazyChakraGlobalCss`), so then it is never computed.
 */
export function getProviderSystem(): SystemContext {
  if (!pageHasThemeCss()) return getAppSystem();
  providerSystem ??= Object.create(getAppSystem(), { _global: { value: [] } }) as SystemContext;
  return providerSystem;
}

let providerSystem: SystemContext | undefined;

const createAppSystem = () =>
  createSystem(
    mergeConfigs(
      defaultBaseConfig,
      defineConfig({
        preflight: true,
        cssVarsPrefix,
        cssVarsRoot,
        globalCss: {
          ...globalCss,
          // The page is a shade off white (panels and cards stand on it in `bg.panel`).
          // In dark mode the page is black, so that panels (`bg.panel`) still stand out.
          // (`_dark` would select `.dark html`: the class sits on <html> itself, hence `&.dark`.)
          html: { ...globalCss.html, bg: 'bg.subtle', '&.dark': { bg: 'bg' } },
        },
        theme: {
          breakpoints,
          keyframes,
          tokens: {
            ...tokens,
            colors: { ...withoutUnusedPalettes(tokens.colors ?? {}), brand },
            fonts: {
              ...tokens.fonts,
              heading: { value: systemFonts },
              body: { value: systemFonts },
            },
          },
          semanticTokens: {
            ...semanticTokens,
            colors: {
              ...withoutUnusedPalettes(semanticTokens.colors ?? {}),
              brand: brandSemantic,
              fg: { ...(semanticTokens.colors?.fg as object), ...readableStatusText },
            },
          },
          textStyles,
          layerStyles,
          animationStyles,
          recipes: {
            button: buttonRecipe,
            heading: headingRecipe,
            input: inputRecipe,
            link: linkRecipe,
            // Every dropdown: the input's look with a chevron (src/lib/ui/select-recipe.ts).
            select: selectRecipe,
          },
          slotRecipes: {},
        },
      }),
    ),
  );
