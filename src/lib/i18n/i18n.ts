/**
 * The app's strings in two languages (issue 11). English is bundled with the entry (it is the fallback and
 * the sign-in page's first paint); Spanish is a lazy chunk loaded on first use, precached by the service
 * worker like every chunk, so a switch works offline too. Keys are flat (`login.title`) and typed: `es.ts`
 * must translate every key of `en.ts` or the build fails.
 *
 * Components read strings through `useT()`; code outside React through `t()`.
 *
 * The translating is rosetta (300 bytes: the tables and `{{name}}` interpolation) and the few lines below:
 * i18next did the same for 43 kB of the sign-in page's entry (about 12 kB brotli), which issue 24 wants at
 * most 130 kB brotli. What i18next did for us and these lines keep: flat keys with dots in them, namespaces
 * (`registerStrings`), English for a key missing in Spanish, plural forms chosen by the language's
 * `Intl.PluralRules` from `_one`/`_other`/`_many` keys (i18next's v4 JSON), numbers written in the user's
 * format, no HTML escaping (React escapes what it renders), the key itself for a key missing everywhere.
 */
import rosetta from 'rosetta';
import { en, type MessageKey, type PluralKey } from './locales/en';
import { resolveLanguage, toLanguage, type Language } from './languages';

type Values = Record<string, string | number>;
type Strings = Record<string, string>;

/** The namespace of `en.ts` / `es.ts`; features register their own (`registerStrings`). */
const APP = 'app';

// One table per language, of namespaces, of flat keys. Keys are looked up as a path of [namespace, key]:
// rosetta's path lookup splits a plain string on its dots, and `login.title` is one key, not two.
const tables = rosetta<Record<string, Strings>>({ en: { [APP]: en } });

function addStrings(language: Language, namespace: string, strings: Strings): void {
  tables.set(language, { [namespace]: { ...tables.table(language)?.[namespace], ...strings } });
}

function hasStrings(language: Language, namespace: string): boolean {
  return tables.table(language)?.[namespace] !== undefined;
}

let interpolatedNumber: (value: number) => string = String;

/** How a number inside a string is written; `format.ts` sets it to the user's number format. */
export function setInterpolatedNumberFormat(format: (value: number) => string): void {
  interpolatedNumber = format;
}

const USER_CHOICE_KEY = 'fd.language';
const listeners = new Set<() => void>();
let current: Language = 'en';

/** Features whose Spanish strings are a chunk of their own, loaded the first time Spanish is shown. */
const lazySpanish = new Map<string, () => Promise<Strings>>();

async function loadLazySpanish(namespaces: Iterable<string>): Promise<void> {
  await Promise.all(
    [...namespaces].map(async (namespace) => {
      const load = lazySpanish.get(namespace);
      if (!load || hasStrings('es', namespace)) return;
      addStrings('es', namespace, await load());
    }),
  );
}

async function ensureResources(language: Language): Promise<void> {
  if (language !== 'es') return;
  if (!hasStrings('es', APP)) addStrings('es', APP, (await import('./locales/es')).es);
  await loadLazySpanish(lazySpanish.keys());
}

/** Switches every string of the app; `<html lang>` follows, so screen readers and hyphenation do too. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureResources(language);
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

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The plural category of `count` in `language`: `one`, `other`, and in Spanish `many` (round millions). */
function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * The keys to try in `language` for `key`, most specific first. A numeric `count` picks the plural form;
 * a language's `_other` stands in for its missing `_many` (feature strings carry none), so a round million
 * still reads in Spanish rather than in English. A `count` that is a string (already formatted) is only a
 * value to interpolate, as i18next took it.
 */
function candidates(language: Language, key: string, count: unknown): string[] {
  if (typeof count !== 'number') return [key];
  return [`${key}_${pluralCategory(language, count)}`, `${key}_other`, key];
}

/** Numbers are written in the user's format (`format.ts`), the rest as given. */
function written(values: Values | undefined): Values | undefined {
  if (!values) return values;
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] = typeof value === 'number' ? interpolatedNumber(value) : value;
  }
  return out;
}

/** `key` of `namespace` in the current language, else in English, else the key itself. */
function translate(namespace: string, key: string, values?: Values): string {
  for (const language of current === 'en' ? (['en'] as const) : [current, 'en' as const]) {
    const strings = tables.table(language)?.[namespace];
    if (!strings) continue;
    const found = candidates(language, key, values?.count).find((candidate) => typeof strings[candidate] === 'string');
    // rosetta fills `{{name}}` from the values (a missing value writes nothing).
    if (found !== undefined) return tables.t([namespace, found], written(values), language);
  }
  return key;
}

/** The string of `key` in the current language, with `{{name}}` placeholders filled from `values`. */
export function t(key: MessageKey | PluralKey, values?: Values): string {
  return translate(APP, key, values);
}

/**
 * A feature's own strings (`defineStrings`): registered in both languages when the feature's chunk loads,
 * under their own namespace, so a screen's strings travel with its lazy chunk instead of the sign-in page.
 */
export function registerStrings(namespace: string, english: Strings, spanish: Strings | (() => Promise<Strings>)) {
  addStrings('en', namespace, english);
  if (typeof spanish !== 'function') {
    addStrings('es', namespace, spanish);
    return;
  }
  lazySpanish.set(namespace, spanish);
  // Defined while Spanish is already showing (a lazy screen opened): load it now, then re-render.
  if (current === 'es') void loadLazySpanish([namespace]).then(refreshTranslatedComponents);
}

/** `t` inside a namespace registered by `registerStrings`. */
export function translateIn(namespace: string, key: string, values?: Values): string {
  return translate(namespace, key, values);
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
