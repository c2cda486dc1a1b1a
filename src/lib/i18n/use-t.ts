import { useSyncExternalStore } from 'react';
import { getLanguage, getTranslationRevision, subscribeLanguage, t } from './i18n';

/**
 * `t` for components: re-renders the caller when the language changes. The few lines react-i18next would
 * add 5 kB gzip to the sign-in page for; `i18n.ts` does the translating.
 */
export function useT() {
  useSyncExternalStore(subscribeLanguage, getTranslationRevision, getTranslationRevision);
  return t;
}

/** The current language, for `Intl` formatting and language pickers. */
export function useLanguage() {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}
