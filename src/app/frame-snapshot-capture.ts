/**
 * Takes the picture of the signed-in frame that the service worker draws before the app runs on the next
 * visit (src/shared/frame-snapshot.ts has the whole design). The frame marks its parts: the navigation bar
 * (`data-frame-bar`) and the content area (`data-frame-content`, kept as an empty skeleton); anything in
 * them marked `data-snapshot-omit` (counts, the connection's status, an open menu) is left out.
 */
import { useEffect } from 'react';
import {
  FRAME_SNAPSHOT_CACHE,
  FRAME_SNAPSHOT_KEY,
  FRAME_SNAPSHOT_MAX_CHARS,
  FRAME_SNAPSHOT_VERSION,
  SNAPSHOT_OMIT_ATTRIBUTE,
  type FrameSnapshot,
} from '../shared/frame-snapshot';
import { identityOfAccessToken } from '../shared/token-identity';
import { readAuthCookies } from '../lib/cookies';

export const FRAME_BAR_ATTRIBUTE = 'data-frame-bar';
export const FRAME_CONTENT_ATTRIBUTE = 'data-frame-content';

/** How long the frame must stay unchanged before its picture is taken (a burst of renders is one picture). */
const SETTLE_MS = 2_000;

/** The content area's skeleton: a title and three cards in the theme's muted colour, no data. */
const SKELETON =
  '<div style="height:28px;width:min(240px,60%);border-radius:var(--chakra-radii-l2);' +
  'background:var(--chakra-colors-bg-muted);margin-bottom:24px"></div>' +
  '<div style="display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))">' +
  '<div style="height:140px;border-radius:var(--chakra-radii-l3);background:var(--chakra-colors-bg-muted)"></div>'.repeat(
    3,
  ) +
  '</div>';

/** Attributes that describe this moment rather than the frame (the current page, an open menu). */
const MOMENT_ATTRIBUTES = ['aria-current', 'data-current', 'data-active', 'data-state', 'data-focus', 'data-hover'];

function pictureOf(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll(`[${SNAPSHOT_OMIT_ATTRIBUTE}]`).forEach((node) => node.remove());
  for (const node of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of MOMENT_ATTRIBUTES) node.removeAttribute(name);
    if (node.getAttribute('aria-expanded') === 'true') node.setAttribute('aria-expanded', 'false');
  }
  // A picture of the user (a `blob:` address of this page) or anything fetched would be broken or cost a
  // request: only the app's own static images stay.
  copy.querySelectorAll('img').forEach((image) => {
    const src = image.getAttribute('src') ?? '';
    if (!/^\/(icons|assets)\//.test(src)) image.remove();
  });
  return copy;
}

/** The class names used in `root`'s subtree. */
function classesIn(root: Element): Set<string> {
  const classes = new Set<string>();
  for (const node of [root, ...root.querySelectorAll('[class]')]) {
    for (const name of node.classList) classes.add(name);
  }
  return classes;
}

const CLASS_TOKEN = /\.(-?[_a-zA-Z][\w-]*)/g;

/**
 * Whether a selector styles one of `classes`: emotion's rules name their own class (`css-…`), and any
 * other class (a state or a theme) around it must not let a rule for other elements in.
 */
function selectorUses(selector: string, classes: Set<string>): boolean {
  const tokens = [...selector.matchAll(CLASS_TOKEN)].map((match) => match[1]!);
  const own = tokens.filter((token) => token.startsWith('css-'));
  return (own.length > 0 ? own : tokens).some((token) => classes.has(token));
}

function keptRule(rule: CSSRule, classes: Set<string>): string {
  if (rule instanceof CSSStyleRule) return selectorUses(rule.selectorText, classes) ? rule.cssText : '';
  const grouping =
    (typeof CSSMediaRule !== 'undefined' && rule instanceof CSSMediaRule && `@media ${rule.conditionText}`) ||
    (typeof CSSSupportsRule !== 'undefined' && rule instanceof CSSSupportsRule && `@supports ${rule.conditionText}`) ||
    (typeof CSSLayerBlockRule !== 'undefined' && rule instanceof CSSLayerBlockRule && `@layer ${rule.name}`);
  if (grouping) {
    const inner = [...(rule as CSSGroupingRule).cssRules].map((child) => keptRule(child, classes)).join('');
    return inner ? `${grouping}{${inner}}` : '';
  }
  if (typeof CSSLayerStatementRule !== 'undefined' && rule instanceof CSSLayerStatementRule) return rule.cssText;
  return '';
}

/** The CSS rules of emotion's style sheets (Chakra's components) that the picture's classes use. */
export function cssFor(root: Element, doc: Document = document): string {
  const classes = classesIn(root);
  const parts: string[] = [];
  for (const style of doc.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    let rules: CSSRuleList | undefined;
    try {
      rules = style.sheet?.cssRules;
    } catch {
      rules = undefined;
    }
    for (const rule of rules ?? []) {
      const kept = keptRule(rule, classes);
      if (kept) parts.push(kept);
    }
  }
  return parts.join('');
}

/**
 * The picture of the frame on screen now, for the session of the cookies; null when there is no frame, no
 * session, or the picture would be too large to carry.
 */
export function takeFrameSnapshot(now = Date.now(), doc: Document = document): FrameSnapshot | null {
  const identity = identityOfAccessToken(readAuthCookies()?.accessToken);
  const bar = doc.querySelector(`[${FRAME_BAR_ATTRIBUTE}]`);
  const content = doc.querySelector(`[${FRAME_CONTENT_ATTRIBUTE}]`);
  if (!identity || !bar || !content) return null;
  const frame = doc.createElement('div');
  frame.append(pictureOf(bar));
  // The content area keeps its box (padding, width) around the skeleton; its own contents stay behind.
  const area = content.cloneNode(false) as Element;
  const column = content.firstElementChild?.cloneNode(false) as Element | undefined;
  const holder = column ?? area;
  if (column) area.append(column);
  holder.innerHTML = SKELETON;
  const offset = content.parentElement?.cloneNode(false) as Element | undefined;
  if (offset) {
    offset.append(area);
    frame.append(offset);
  } else frame.append(area);
  // No ids: they were this page's (React's `useId`) and would point at nothing in the picture.
  for (const node of frame.querySelectorAll('[id]')) node.removeAttribute('id');
  const css = cssFor(frame, doc);
  const markup = frame.innerHTML;
  if (markup.length + css.length > FRAME_SNAPSHOT_MAX_CHARS) return null;
  const html = doc.documentElement;
  const htmlAttributes: Record<string, string> = {};
  for (const name of ['lang', 'class', 'style']) {
    const value = html.getAttribute(name);
    if (value) htmlAttributes[name] = value;
  }
  return { version: FRAME_SNAPSHOT_VERSION, ...identity, savedAt: now, htmlAttributes, markup, css };
}

/** What this page last kept and when, so an unchanged frame is not written again. */
let lastKept = '';
let keptAt = 0;

/** Keeps the picture of the frame on screen now (nothing without Cache Storage, a frame or a session). */
export async function keepFrameSnapshot(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const snapshot = takeFrameSnapshot();
  if (!snapshot) return false;
  const fingerprint = JSON.stringify({ ...snapshot, savedAt: 0 });
  // The same frame again: written again at most hourly, so an app left open never lets it pass the 24-hour limit.
  if (fingerprint === lastKept && Date.now() - keptAt < 60 * 60 * 1000) return true;
  const cache = await caches.open(FRAME_SNAPSHOT_CACHE);
  await cache.put(
    FRAME_SNAPSHOT_KEY,
    new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json' } }),
  );
  // Signed out while it was written (the logout purges Cache Storage): the picture goes too.
  if (!readAuthCookies()) {
    await cache.delete(FRAME_SNAPSHOT_KEY);
    return false;
  }
  lastKept = fingerprint;
  keptAt = Date.now();
  return true;
}

/**
 * Keeps the frame's picture up to date while the frame is shown: taken once the bar and the `<html>`
 * element (language, theme) have stayed unchanged for two seconds, in an idle moment.
 */
export function useFrameSnapshot(): void {
  useEffect(() => {
    const bar = document.querySelector(`[${FRAME_BAR_ATTRIBUTE}]`);
    if (!bar || typeof MutationObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const run = () => {
          if (!stopped) void keepFrameSnapshot().catch(() => undefined);
        };
        if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2_000 });
        else run();
      }, SETTLE_MS);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(bar, { subtree: true, childList: true, attributes: true, characterData: true });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'class', 'style'] });
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);
}
