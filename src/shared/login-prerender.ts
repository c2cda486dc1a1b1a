/**
 * The prerendered sign-in page (issue 24 item 8, README "First load"): the build renders /login once, in
 * English, light mode, logged out, into `dist/login.html`, so the form paints before any script has run.
 * It must only be sent to a visitor who will see exactly that page: anyone else would watch it flash and
 * change (another language, dark mode, a signed-in visitor sent on to the dashboard). What is known
 * before the page's script runs decides, the same way in the web server (server/web/static-site.ts) and
 * the service worker (sw/navigation.ts):
 *
 * - the auth cookies: with a session, /login redirects;
 * - the cookie LOGIN_PRERENDER_COOKIE, which the page (src/app/prerendered-login.ts) writes whenever this
 *   browser shows the app in another language or in dark mode (a choice kept in localStorage, which
 *   neither the server nor the worker can read) and removes when it shows it in English and light again;
 * - the browser's languages (Accept-Language, or the worker's `navigator.languages`), which decide the
 *   language of a visitor who never chose one.
 *
 * A dark system theme with no choice stored is handled in the page itself: login.html hides its
 * prerendered content under `prefers-color-scheme: dark` (vite.config.ts), and the script renders afresh.
 */
import { parseCookieString, tokensFromCookies } from './session-cookies';

/** The path that is prerendered, and the file the build writes it to. */
export const PRERENDERED_LOGIN_PATH = '/login';
export const PRERENDERED_LOGIN_FILE = 'login.html';

/**
 * Dispatched on `document` once React has hydrated a page (src/lib/ui/use-hydration-announcement.ts). login.html's starter
 * (vite.config.ts) holds the clicks and submits made before it, and replays them on this event.
 */
export const PRERENDER_HYDRATED_EVENT = 'freight-desk:hydrated';

/** Present (value `off`) while this browser's app is not in English and light mode. */
export const LOGIN_PRERENDER_COOKIE = 'fd-login-prerender';

/**
 * The first language of `tags` the app speaks (`en` or `es`), as src/lib/i18n/languages.ts resolves a
 * browser's languages; undefined when it speaks none of them (English then).
 */
function firstSpokenLanguage(tags: readonly string[]): 'en' | 'es' | undefined {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (base === 'en' || base === 'es') return base;
  }
  return undefined;
}

/** The language tags of an Accept-Language header, most wanted first (`q=0` ones left out). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Whether a visitor with these cookies (a `Cookie` header) and browser languages gets login.html. */
export function servesPrerenderedLogin(cookieHeader: string | undefined, languages: readonly string[]): boolean {
  const cookies = parseCookieString(cookieHeader ?? '');
  if (cookies.has(LOGIN_PRERENDER_COOKIE)) return false;
  if (tokensFromCookies(cookies)) return false;
  return (firstSpokenLanguage(languages) ?? 'en') === 'en';
}
