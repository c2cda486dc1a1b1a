/**
 * The app's strings in two languages (issue 11), on i18next. English is bundled with the entry (it is the
 * fallback and the sign-in page's first paint); Spanish is a lazy chunk loaded on first use, precached by
 * the service worker like every chunk, so a switch works offline too. Keys are flat (`login.title`) and
 * typed: `es.ts` must translate every key of `en.ts` or the build fails.
 *
 * Components read strings through `useT()`; code outside React through `t()`.
 */
import i18next from 'i18next';
import { en, type MessageKey, type PluralKey } from './locales/en';
import { resolveLanguage, toLanguage, type Language } from './languages';

let interpolatedNumber: (value: number) => string = String;

/** How a number inside a string is written; `format.ts` sets it to the user's number format. */
export function setInterpolatedNumberFormat(format: (value: number) => string): void {
  interpolatedNumber = format;
}

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; escaping here too would show &amp; in the page. Every number a string
  // carries ("17,513 matches") is written in the user's conventions: `format.ts` plugs its formatter in.
  interpolation: {
    escapeValue: false,
    alwaysFormat: true,
    format: (value: unknown) => (typeof value === 'number' ? interpolatedNumber(value) : value),
  },
  initAsync: false,
  showSupportNotice: false,
} as Parameters<typeof i18n.init>[0]);

const USER_CHOICE_KEY = 'fd.language';
const listeners = new Set<() => void>();
let current: Language = 'en';

/** Features whose Spanish strings are a chunk of their own, loaded the first time Spanish is shown. */
const lazySpanish = new Map<string, () => Promise<Record<string, string>>>();

async function loadLazySpanish(namespaces: Iterable<string>): Promise<void> {
  await Promise.all(
    [...namespaces].map(async (namespace) => {
      const load = lazySpanish.get(namespace);
      if (!load || i18n.hasResourceBundle('es', namespace)) return;
      i18n.addResourceBundle('es', namespace, await load(), true, true);
    }),
  );
}

async function ensureResources(language: Language): Promise<void> {
  if (language !== 'es') return;
  if (!i18n.hasResourceBundle('es', 'translation')) {
    i18n.addResourceBundle('es', 'translation', (await import('./locales/es')).es);
  }
  await loadLazySpanish(lazySpanish.keys());
}

/** Switches every string of the app; `<html lang>` follows, so screen readers and hyphenation do too. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureResources(language);
  await i18n.changeLanguage(language);
  current = language;
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

export function getLanguage(): Language {
  return current;
}

let revision = 0;

/** Changes with the language and with the user's formats: what translated components re-render on. */
export function getTranslationRevision(): string {
  return `${current}:${revision}`;
}

/** Re-renders every component that reads strings (the formats changed). */
export function refreshTranslatedComponents(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The string of `key` in the current language, with `{{name}}` placeholders filled from `values`. */
export function t(key: MessageKey | PluralKey, values?: Record<string, string | number>): string {
  // Keys are checked by MessageKey above; i18next's own key typing is not configured, so go through `string`.
  const translate = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
  return translate(key, values);
}

/**
 * A feature's own strings (`defineStrings`): registered in both languages when the feature's chunk loads,
 * under their own namespace, so a screen's strings travel with its lazy chunk instead of the sign-in page.
 */
export function registerStrings(
  namespace: string,
  english: Record<string, string>,
  spanish: Record<string, string> | (() => Promise<Record<string, string>>),
) {
  i18n.addResourceBundle('en', namespace, english, true, true);
  if (typeof spanish !== 'function') {
    i18n.addResourceBundle('es', namespace, spanish, true, true);
    return;
  }
  lazySpanish.set(namespace, spanish);
  // Defined while Spanish is already showing (a lazy screen opened): load it now, then re-render.
  if (current === 'es') void loadLazySpanish([namespace]).then(refreshTranslatedComponents);
}

/** `t` inside a namespace registered by `registerStrings`. */
export function translateIn(namespace: string, key: string, values?: Record<string, string | number>): string {
  const translate = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
  return translate(key, { ...values, ns: namespace });
}

function storedChoice(): string | null {
  try {
    return localStorage.getItem(USER_CHOICE_KEY);
  } catch {
    return null;
  }
}

/** The user's own choice, kept on this device (and by the app settings where the server keeps it). */
export function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(USER_CHOICE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice still holds for this visit.
  }
  return setLanguage(language);
}

/**
 * Applies the language of this visit: the user's choice, else the company's default (once signed in),
 * else the browser's. Cheap when nothing changes.
 */
export function applyLanguage(sources: { userChoice?: string | null; companyDefault?: string | null } = {}) {
  if (sources.companyDefault !== undefined) companyDefault = sources.companyDefault;
  const language = resolveLanguage({
    userChoice: sources.userChoice ?? storedChoice(),
    companyDefault,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
  if (language !== current || document.documentElement.lang !== language) return setLanguage(language);
  return Promise.resolve();
}

let companyDefault: string | null | undefined;

/** "The company's default" chosen again: the stored choice goes, and the company's language applies. */
export function forgetLanguageChoice(): Promise<void> {
  try {
    localStorage.removeItem(USER_CHOICE_KEY);
  } catch {
    // Storage refused: nothing was stored either.
  }
  return applyLanguage();
}

export { toLanguage };
