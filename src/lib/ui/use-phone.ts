import { useSyncExternalStore } from 'react';

/**
 * The phone layout rule of every screen: below Chakra's `md` breakpoint (768 px) a screen lays out
 * for a phone (lists as cards, the settings sections as a select, the role matrix as a list per resource).
 * One query, so that every screen switches at the same width as the `{ base, md }` style props do.
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

function phoneQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : undefined;
}

function subscribe(notify: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', notify);
  return () => query?.removeEventListener('change', notify);
}

const isPhone = () => phoneQuery()?.matches ?? false;

/**
 * True on a phone-wide window, kept current as the window turns or resizes. A screen renders one layout or
 * the other, not both hidden by CSS: a hidden copy of every row would double what a search or a test finds.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
