/**
 * The signed-in frame drawn before the app runs (issue 24 item 7, README "A repeat visit paints the frame
 * before the app runs"). While someone is signed in, the page keeps a picture of its frame in Cache Storage:
 * the navigation bar's markup (counts and status left out), the CSS rules that markup uses, and the
 * `<html>` element's language and theme. On a later visit the service worker puts that picture into the
 * precached shell's `#root`, so the bar paints as soon as the HTML is parsed, before any script has run.
 * The picture is inert and hidden from assistive technology; React's first render replaces it (a root made
 * with `createRoot` empties its container when it first commits).
 *
 * The content area is an empty skeleton, never the figures of the last visit. The picture is served only
 * for the session it was taken in (the user and company of the access token in the cookies), only for the
 * app's signed-in paths, and only for 24 hours, the age limit of the rest of what the device remembers
 * (`REFERENCE_DATA_MAX_AGE_MS`). Signing out deletes it with the other caches (purge-user-data.ts).
 *
 * Shared by the page (src/app/frame-snapshot-capture.ts) and the worker (sw/navigation.ts).
 */
import { REFERENCE_DATA_MAX_AGE_MS } from './session-rules';
import type { TokenIdentity } from './token-identity';

/** The Cache Storage cache and the key the picture is kept under. */
export const FRAME_SNAPSHOT_CACHE = 'freight-desk-frame-snapshot';
export const FRAME_SNAPSHOT_KEY = '/__frame-snapshot.json';

/** Bumped when the picture's format changes: an older one is then ignored. */
export const FRAME_SNAPSHOT_VERSION = 1;

/** The wrapper's attribute: the page and the tests find the picture by it. */
export const FRAME_SNAPSHOT_ATTRIBUTE = 'data-frame-snapshot';

/** Elements the picture leaves out (counts, the connection's status: they would be stale). */
export const SNAPSHOT_OMIT_ATTRIBUTE = 'data-snapshot-omit';

/** Markup and CSS larger than this are not kept (the picture must cost the shell little to carry). */
export const FRAME_SNAPSHOT_MAX_CHARS = 300_000;

export interface FrameSnapshot {
  version: number;
  userId: string;
  companyId: string;
  /** When it was taken (epoch ms). */
  savedAt: number;
  /** The `<html>` element's `lang`, `class` and `style` when it was taken (language, dark or light). */
  htmlAttributes: Record<string, string>;
  /** The frame's markup, with the skeleton in place of the content. */
  markup: string;
  /** The CSS rules the markup's classes use (the theme's own CSS is in the shell already). */
  css: string;
}

/** The first segments of the paths that show the signed-in frame (src/app/routes.tsx, `requiresAuth`). */
const FRAME_SECTIONS = new Set([
  'dashboard',
  'contacts',
  'shipments',
  'reports',
  'app-admin',
  'outbox',
  'notFound',
  'accounts',
  'settings',
]);

/** Whether a path is one of the app's signed-in screens ("/" is sent on to /dashboard). */
export function isFramePath(pathname: string): boolean {
  if (pathname === '/') return true;
  const first = pathname.split('/')[1] ?? '';
  return FRAME_SECTIONS.has(first);
}

const HTML_ATTRIBUTES = ['lang', 'class', 'style'] as const;

/** Whether a kept picture may be shown to the session `identity` now. */
export function snapshotApplies(
  snapshot: FrameSnapshot | null | undefined,
  identity: TokenIdentity | null,
  now: number,
): snapshot is FrameSnapshot {
  if (!snapshot || !identity || snapshot.version !== FRAME_SNAPSHOT_VERSION) return false;
  if (snapshot.userId !== identity.userId || snapshot.companyId !== identity.companyId) return false;
  const age = now - snapshot.savedAt;
  if (!(age >= 0 && age <= REFERENCE_DATA_MAX_AGE_MS)) return false;
  return snapshot.markup.length + snapshot.css.length <= FRAME_SNAPSHOT_MAX_CHARS;
}

/** Reads a kept picture's JSON; anything else is null. */
export function parseFrameSnapshot(text: string): FrameSnapshot | null {
  try {
    const value = JSON.parse(text) as Partial<FrameSnapshot> | null;
    if (
      !value ||
      typeof value.userId !== 'string' ||
      typeof value.companyId !== 'string' ||
      typeof value.savedAt !== 'number' ||
      typeof value.markup !== 'string' ||
      typeof value.css !== 'string' ||
      typeof value.version !== 'number' ||
      typeof value.htmlAttributes !== 'object' ||
      value.htmlAttributes === null
    ) {
      return null;
    }
    return value as FrameSnapshot;
  } catch {
    return null;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The shell's HTML with the picture in its `#root` and the `<html>` element's language and theme set as
 * when the picture was taken. The shell unchanged when it has no `<html …>` tag or empty `#root` to fill.
 */
export function shellWithSnapshot(shellHtml: string, snapshot: FrameSnapshot): string {
  const htmlTag = /<html\b[^>]*>/i.exec(shellHtml);
  const root = '<div id="root"></div>';
  if (!htmlTag || !shellHtml.includes(root)) return shellHtml;
  const attributes = HTML_ATTRIBUTES.flatMap((name) => {
    const value = snapshot.htmlAttributes[name];
    return typeof value === 'string' && value !== '' ? [`${name}="${escapeAttribute(value)}"`] : [];
  });
  const html = attributes.length > 0 ? `<html ${attributes.join(' ')}>` : htmlTag[0];
  // `</style` inside the CSS would end the element early: the picture is dropped rather than mangled.
  if (/<\/style/i.test(snapshot.css)) return shellHtml;
  const picture =
    `<div ${FRAME_SNAPSHOT_ATTRIBUTE}="" inert aria-hidden="true">` +
    `<style>${snapshot.css}</style>${snapshot.markup}</div>`;
  // Replacer functions: a `$` in the markup or CSS must not be read as a replacement pattern.
  return shellHtml.replace(htmlTag[0], () => html).replace(root, () => `<div id="root">${picture}</div>`);
}
