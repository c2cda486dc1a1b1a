/**
 * The languages the app speaks, and which one a visit uses: the user's own choice wins, then the company's
 * `prefered_language`, then the browser's languages, then English (issue 11: "the company's
 * prefered_language sets the default, and the user's choice wins").
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** `es-MX`, `ES`, `spanish`… → a language the app has, or undefined. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'spanish' || base === 'espanol' || base === 'español') return 'es';
  if (base === 'english') return 'en';
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : undefined;
}

export function resolveLanguage(sources: {
  userChoice?: string | null;
  companyDefault?: string | null;
  browser?: readonly string[];
}): Language {
  return (
    toLanguage(sources.userChoice) ??
    toLanguage(sources.companyDefault) ??
    sources.browser?.map(toLanguage).find((language) => language !== undefined) ??
    'en'
  );
}
