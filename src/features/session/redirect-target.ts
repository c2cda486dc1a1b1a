/** Where a signed-in visitor goes when nothing (or nothing safe) was asked for (docs/product-rules.md section 2). */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/**
 * A same-origin relative path, or undefined. Refuses anything that could leave the app: absolute URLs,
 * protocol-relative `//host`, backslash tricks (`/\host`, which browsers read as `//host`), control
 * characters, and `javascript:` or other schemes. The check parses the value against a dummy origin
 * and insists the origin did not change, so no hand-written pattern has to foresee every trick.
 */
export function safeRelativePath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = 'https://same-origin.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return undefined;
  }
  if (parsed.origin !== base) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * Where /login sends a signed-in visitor: the first `redirect_uri` value (a repeated parameter is a
 * list; the first wins), if it is a safe same-origin path, else the dashboard. A comma-separated list in
 * one value also counts as a list. A target that is itself the sign-in page would loop, so it falls back.
 */
export function selectRedirectTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const first = params.getAll('redirect_uri')[0]?.split(',')[0]?.trim();
  const target = safeRelativePath(first);
  if (!target || isSignInPath(target)) return DEFAULT_SIGNED_IN_PATH;
  return target;
}

/** True for /login and any path containing "login" (docs/product-rules.md: such visits go to the dashboard after set-up). */
export function isSignInPath(pathOrUrl: string): boolean {
  const pathname = pathOrUrl.split(/[?#]/)[0] ?? '';
  return pathname.toLowerCase().includes('login');
}

/**
 * Where a signed-in visitor of `location` must go instead (docs/product-rules.md section 2, after session set-up): a
 * path containing "login" goes to the first safe `redirect_uri` (the dashboard without one), and a URL
 * carrying a token and a social sign-in marker goes to the dashboard. Undefined: stay.
 */
export function signedInRedirect(location: { pathname: string; search: string }): string | undefined {
  if (isSignInPath(location.pathname)) return selectRedirectTarget(location.search);
  const params = new URLSearchParams(location.search);
  const socialMarker = params.has('social') || params.has('socialSignIn') || /socialsignin/i.test(location.pathname);
  if (params.has('token') && socialMarker) return DEFAULT_SIGNED_IN_PATH;
  return undefined;
}
