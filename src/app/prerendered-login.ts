/**
 * The page's side of the prerendered sign-in page (README "First load", src/shared/login-prerender.ts):
 * whether the markup the build put in #root is exactly what React is about to render, so it can be
 * hydrated, and the cookie that tells the web server and the service worker to stop sending it to a
 * browser that shows the app in another language or in dark mode.
 */
import { readAuthCookies } from '../lib/cookies';
import { currentColorMode } from '../lib/ui/color-mode';
import { LOGIN_PRERENDER_COOKIE, PRERENDERED_LOGIN_PATH } from '../shared/login-prerender';

/** Set on #root by the build (vite.config.ts) to the path it rendered. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Whether the page now looks the way login.html was rendered: English, light mode. */
function looksPrerendered(): boolean {
  return document.documentElement.lang === 'en' && currentColorMode() === 'light';
}

/**
 * True when `container` holds the prerendered sign-in page and this visit renders the same: the page is
 * /login, in English and light mode (after applyLanguage and applyInitialColorMode), with no session (a
 * signed-in visitor is redirected) and no notice in the history entry (`password-set` adds a line). Anything
 * else is rendered afresh: hydrating a different tree would be a mismatch React repairs by re-rendering,
 * with errors in the console.
 */
export function canHydrate(container: HTMLElement): boolean {
  const { pathname } = window.location;
  if (pathname !== PRERENDERED_LOGIN_PATH || container.getAttribute(PRERENDERED_ATTRIBUTE) !== pathname) return false;
  const routerState = (window.history.state as { usr?: unknown } | null)?.usr;
  return looksPrerendered() && !readAuthCookies() && (routerState === undefined || routerState === null);
}

function writePreferenceCookie(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = looksPrerendered()
    ? `${LOGIN_PRERENDER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    : `${LOGIN_PRERENDER_COOKIE}=off; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * Keeps LOGIN_PRERENDER_COOKIE in step with the page: now, and whenever the language (`<html lang>`) or
 * the colour mode (its class) changes. Watching <html> rather than the language and colour-mode modules
 * keeps this independent of how they store a choice.
 */
export function keepLoginPrerenderCookie(): void {
  writePreferenceCookie();
  let last = looksPrerendered();
  new MutationObserver(() => {
    if (looksPrerendered() === last) return;
    last = looksPrerendered();
    writePreferenceCookie();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'class'] });
}
