import { chakra, useRecipe } from '@chakra-ui/react';
import { chooseLanguage } from './i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from './languages';
import { useLanguage, useT } from './use-t';

/**
 * The language of the app for this user on this device; the choice wins over the company's default. On the
 * prerendered sign-in page, a choice made before React has hydrated it is kept by the page's starter and made
 * again once it has (vite.config.ts, loginStarter).
 */
export function LanguageSelect() {
  const t = useT();
  const language = useLanguage();
  // The app's `select` recipe: Chakra's NativeSelect has no recipe registered, and drew its chevron unstyled.
  const css = useRecipe({ key: 'select' })({ size: 'sm' });
  return (
    <chakra.select
      css={css}
      width="auto"
      aria-label={t('common.language')}
      value={language}
      onChange={(event) => void chooseLanguage(event.currentTarget.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </chakra.select>
  );
}
